#!/usr/bin/env python3
"""Compare two `warpest estimate --json` reports of the same kernel and launch.

Usage: compare_reports.py [--rtol R] [--label-a A] [--label-b B] [--remarks FILE] A.json B.json

Used by test/lit/equality: A is the estimate of the model the pass dumped, B the
estimate of the hand-written model in examples/models/ (same --gpu, --block, --grid,
--param values, --registers).  Checked (relative tolerance R, default 1e-9):

  * config.block, config.grid, config.registers, config.shared_bytes;
  * the memory metrics (MEMORY_METRICS below);
  * the seconds of every limiter except `compute` (the memory limiters are functions of
    the metrics above and of the dependent load rounds per thread, latency.rounds: they are
    compared when the rounds agree; the compute limiter depends on operation counts);
  * predicted_seconds, bottleneck and metrics.time_seconds, but only when the compute
    limiter is the bottleneck of neither report and, below full overlap of the limiters
    (docs/model.md §8, where part of the compute time is added), the compute limiters agree.

With --remarks FILE (the -Rpass-analysis=warpest output of the compile that dumped A),
the pass's own `Summary` remark for A's kernel must state A's predicted time (3
significant digits, as the remark prints it) and bottleneck: the pass's numbers are the
numbers of `warpest estimate` on its dumped model.

`active_threads` (threads for which the kernel guard holds) is not compared: a model may
put a condition on a loop variable into the kernel guard (the stencil3d25 model's
`z < nz - 4` with z = gz*fz + fz_i) where the pass keeps it on the accesses; the threads it
leaves out do no memory access either way.

Operation counts are not compared: the pass counts the compiler's IR instructions and a
hand-written model counts what a person sees in the source; they legitimately differ
(docs/pass.md, "Equality with the hand-written models").

Exit status 0 when everything agrees, 1 with a diff on stdout otherwise, 2 on bad input.
"""
import json
import math
import re
import sys

MEMORY_METRICS = (
    "l1_data_wavefronts",
    "l1_tag_wavefronts_global_ld",
    "l1_global_ld_requests",
    "l1_global_ld_sectors",
    "l2_load_sectors",
    "l2_store_sectors",
    "dram_read_bytes",
    "dram_write_bytes",
    "shared_atomic_instructions",
)
COMPUTE = "compute"


def close(a, b, rtol):
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        if a == b:
            return True
        return math.isfinite(a) and math.isfinite(b) and abs(a - b) <= rtol * max(abs(a), abs(b))
    return a == b


def load(path):
    try:
        with open(path) as f:
            report = json.load(f)
    except (OSError, ValueError) as e:
        print("compare_reports: cannot read %s: %s" % (path, e))
        sys.exit(2)
    if report.get("format") != "warpest-report":
        print("compare_reports: %s is not a warpest report" % path)
        sys.exit(2)
    return report


def main(argv):
    rtol = 1e-9
    labels = ["pass", "hand"]
    remarks = None
    files = []
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--rtol" and i + 1 < len(argv):
            rtol = float(argv[i + 1])
            i += 2
            continue
        if a == "--remarks" and i + 1 < len(argv):
            remarks = argv[i + 1]
            i += 2
            continue
        if a in ("--label-a", "--label-b") and i + 1 < len(argv):
            labels[0 if a == "--label-a" else 1] = argv[i + 1]
            i += 2
            continue
        files.append(a)
        i += 1
    if len(files) != 2:
        print(__doc__)
        return 2
    ra, rb = load(files[0]), load(files[1])
    la, lb = labels
    width = max(len(la), len(lb))
    diffs = []
    checked = 0

    def check(what, va, vb):
        nonlocal checked
        checked += 1
        if not close(va, vb, rtol):
            rel = ""
            if isinstance(va, (int, float)) and isinstance(vb, (int, float)) and max(abs(va), abs(vb)) > 0:
                rel = "  (relative difference %.3g)" % (abs(va - vb) / max(abs(va), abs(vb)))
            diffs.append("  %s:\n    %-*s %r\n    %-*s %r%s" % (what, width, la, va, width, lb, vb, rel))

    ca, cb = ra.get("config", {}), rb.get("config", {})
    for key in ("block", "grid", "registers", "shared_bytes"):
        check("config." + key, ca.get(key), cb.get(key))

    ma, mb = ra.get("metrics", {}), rb.get("metrics", {})
    for key in MEMORY_METRICS:
        check("metrics." + key, ma.get(key), mb.get(key))

    lim_a = {l["name"]: l for l in ra.get("limiters", [])}
    lim_b = {l["name"]: l for l in rb.get("limiters", [])}
    # the memory limiters run at rates that depend on the loads in flight per
    # warp (docs/model.md §8): the dependent load rounds per thread follow the
    # loop structure, which the compiler's unrolling legitimately changes
    rounds_a = ra.get("latency", {}).get("rounds")
    rounds_b = rb.get("latency", {}).get("rounds")
    same_rounds = close(rounds_a, rounds_b, rtol)
    for name in sorted(set(lim_a) | set(lim_b)):
        if name == COMPUTE or not same_rounds:
            continue
        check("limiters[%s].seconds" % name, lim_a.get(name, {}).get("seconds"),
              lim_b.get(name, {}).get("seconds"))

    ba, bb = ra.get("bottleneck"), rb.get("bottleneck")
    # below full overlap the prediction adds part of every limiter, compute too
    # (docs/model.md §8): it is comparable when the compute limiters agree or
    # both predictions are their largest limiter
    def full_overlap(r):
        return r.get("predicted_seconds") == max(l["seconds"] for l in r.get("limiters", []))
    comp_a = lim_a.get(COMPUTE, {}).get("seconds")
    comp_b = lim_b.get(COMPUTE, {}).get("seconds")
    same_compute = comp_a == comp_b or close(comp_a, comp_b, rtol)
    if not same_rounds:
        timing = ("limiter seconds and predicted_seconds not compared: dependent load rounds "
                  "differ (%s: %s, %s: %s; loop unrolling, docs/model.md §8)" % (la, rounds_a, lb, rounds_b))
    elif ba != COMPUTE and bb != COMPUTE and not same_compute and not (full_overlap(ra) and full_overlap(rb)):
        check("bottleneck", ba, bb)
        timing = ("predicted_seconds not compared: partial overlap (docs/model.md §8) adds the "
                  "compute limiters, whose operation counts legitimately differ")
    elif ba != COMPUTE and bb != COMPUTE:
        check("predicted_seconds", ra.get("predicted_seconds"), rb.get("predicted_seconds"))
        check("bottleneck", ba, bb)
        check("metrics.time_seconds", ma.get("time_seconds"), mb.get("time_seconds"))
        timing = "predicted_seconds compared (bottleneck %s)" % ba
    else:
        timing = ("predicted_seconds not compared: compute-bound (%s: %s, %s: %s); "
                  "operation counts legitimately differ" % (la, ba, lb, bb))

    if remarks:
        try:
            text = open(remarks).read()
        except OSError as e:
            print("compare_reports: cannot read %s: %s" % (remarks, e))
            return 2
        pat = re.compile(r"remark: %s \(sm_\d+, ([\w.-]+)\): predicted ([0-9.e+-]+) us, bottleneck ([\w-]+)"
                         % re.escape(str(ra.get("kernel"))))
        found = pat.findall(text)
        if not found:
            diffs.append("  the remarks %s hold no Summary for kernel %s" % (remarks, ra.get("kernel")))
        for gpu, us, bottleneck in found:
            want = "%.3g" % (ra.get("predicted_seconds", 0) * 1e6)
            check("pass remark (%s) predicted us" % gpu, float(us), float(want))
            check("pass remark (%s) bottleneck" % gpu, bottleneck, ra.get("bottleneck"))

    kernel = "%s vs %s" % (ra.get("kernel"), rb.get("kernel"))
    if diffs:
        print("MISMATCH %s (%s vs %s), %d of %d values differ (rtol %g):"
              % (kernel, la, lb, len(diffs), checked, rtol))
        print("\n".join(diffs))
        print("  " + timing)
        return 1
    print("EQUAL %s: %d values agree (rtol %g); %s" % (kernel, checked, rtol, timing))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
