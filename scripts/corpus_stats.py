#!/usr/bin/env python3
"""Runs the warpest plugin over a folder of CUDA files and prints what real
code gets: kernels, models the core rejects, accesses, the share analysed
exactly, the share counted under an assumption, the reasons of the rest,
kernels with a prediction, and the plugin's time.

    scripts/corpus_stats.py [--build build] [--gpu h100-sxm] [--block 256x1x1] [--full] DIR...

Per file, clang-22 compiles the device side at -O2 with the plugin,
`dump-model=` and a launch configuration: the block given, and parameter
values from `//! param name=value ...` lines of the file plus 4096 for any
other integer parameter (the names are read from a first, extraction-only
run). Remarks are read from clang's optimisation record (YAML, by remark
name, so the figures do not depend on the remark wording); the plugin's time
is the WarpestPass line of -ftime-report. Each dumped model is then read by
`warpest estimate` (same configuration): a reader error counts as a rejected
model. The plugin's share is its time over the compile's wall time, per file:
of the device-only compile, or with --full of a host + device compile of the
same file (a second compile; the pass's time summed over both sides). The
slowest estimate is the largest "one estimate takes N ms" the plugin's remarks
give (a kernel's own time, where a file's time over its kernels would hide
it). Each kernel's prediction in the compile (its Volumes remark, under the
plugin's time limit) is compared with the exact estimate's: within 1 %, off
with a remark naming a sample or limit, or off with no reason given (which
should never be). Exit status 0 (1 with --fail-silent when one is off with
no reason); the figures are the output."""
import argparse, collections, glob, json, os, re, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CLANG = os.environ.get("CLANG", "clang++-22")


def file_params(path):
    vals = {}
    for line in open(path, errors="replace"):
        m = re.match(r"\s*//!\s*param\s+(.*)", line)
        if m:
            for kv in m.group(1).split():
                k, _, v = kv.partition("=")
                vals[k] = int(v)
    return vals


def compile_cu(path, plugin, config, outdir, record, device_only=True):
    env = dict(os.environ, WARPEST_CONFIG=config)
    cmd = [CLANG, "-O2", "-x", "cuda"] + (["--cuda-device-only"] if device_only else []) + [
           "--cuda-gpu-arch=sm_90",
           "--cuda-path=/usr/local/cuda", "-Wno-unknown-cuda-version", "-gline-tables-only",
           "-I" + os.path.join(ROOT, "examples/include"), "-fpass-plugin=" + plugin,
           "-ftime-report", "-c", path, "-o", os.path.join(outdir, "out.o")]
    if record:
        cmd += ["-fsave-optimization-record", "-foptimization-record-file=" + record]
    t0 = time.time()
    p = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=600)
    wall = time.time() - t0
    pass_s = 0.0
    for line in p.stderr.splitlines():
        if "WarpestPass" in line:
            nums = re.findall(r"([0-9.]+) \(", line)
            if nums:
                pass_s += float(nums[-1]) if len(nums) < 3 else float(nums[2])
    return p.returncode, p.stderr, pass_s, wall


# Remark text that names a reason for the compiler's figures to differ from
# an estimate with no limits: a block sample, a replay cut short, the clock.
LIMIT_WORDS = ("blocks sampled", "reuse distances from the first", "allocation argument, not reuse",
               "time limit", "work limit", "iterations sampled")


def read_remarks(record):
    """From an optimisation record (YAML), the plugin's remarks: {kernel: set
    of remark names}, {kernel: ms} of its "one estimate takes N ms" remarks
    (the mandatory estimate's own time, given where the neighbour search did
    not fit the kernel's budget: the slow kernels), {kernel: predicted ns} of
    its Volumes remark, and {kernel: True} where a remark names a limit (a
    sample, a replay cut short) that may move the figures."""
    names, ms, pred, limited = collections.defaultdict(set), {}, {}, {}
    if not os.path.exists(record):
        return names, ms, pred, limited
    text = open(record, errors="replace").read()
    for doc in text.split("\n--- "):
        if "Pass:            warpest" not in doc and "Pass: warpest" not in doc:
            continue
        n = re.search(r"^Name:\s+(\S+)", doc, re.M)
        f = re.search(r"^Function:\s+(\S+)", doc, re.M)
        if not f:
            continue
        k = f.group(1).strip("'\"")
        if n:
            names[k].add(n.group(1))
            if "rejected the extracted model" in doc:
                names[k].add("Rejected")
        t = re.search(r"one estimate takes (\d+) ms", doc)
        if t:
            ms[k] = max(ms.get(k, 0), int(t.group(1)))
        p = re.search(r"PredictedNanoseconds:\s+'?([0-9.e+-]+)", doc)
        if p and n and n.group(1) == "Volumes":
            pred[k] = float(p.group(1))
        flat = " ".join(doc.split())
        if any(w in flat for w in LIMIT_WORDS):
            limited[k] = True
    return names, ms, pred, limited


def norm_reason(r):
    r = re.sub(r"\S+\.(cu|cuh|h|ll):\d+(:\d+)?", "F", r)
    r = re.sub(r"load@\S+", "load", r)
    r = re.sub(r"\(plus .*\)", "", r)
    r = re.sub(r"'[^']*'", "'X'", r)
    r = re.sub(r"opcode \d+", "opcode N", r)
    r = re.sub(r"\d+-byte", "N-byte", r)
    return r.strip()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dirs", nargs="+")
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--gpu", default="h100-sxm")
    ap.add_argument("--block", default="256x1x1")
    ap.add_argument("--verbose", "-v", action="store_true")
    ap.add_argument("--cli-timeout", type=float, default=30)
    ap.add_argument("--no-config", action="store_true",
                    help="no block and no parameter values: the plugin's placeholders (per-access figures only)")
    ap.add_argument("--fail-silent", action="store_true",
                    help="exit 1 when a kernel's prediction in the compile differs from the exact "
                         "estimate's by more than 1 %% with no remark naming a sample or limit")
    ap.add_argument("--full", action="store_true",
                    help="also compile host and device together and take the plugin's share of that")
    a = ap.parse_args()
    plugin = os.path.join(a.build, "pass", "libwarpest.so")
    cli = os.path.join(a.build, "warpest")
    files = []
    for d in a.dirs:
        files += sorted(glob.glob(os.path.join(d, "**", "*.cu"), recursive=True)) if os.path.isdir(d) else [d]
    st = collections.Counter()
    reasons = collections.Counter()
    assumes = collections.Counter()
    rejected, noest, failed = [], [], []
    times = []
    kernel_ms = []  # (ms, kernel, file) from the estimate's own remark
    versus = collections.defaultdict(list)  # agree/stated/silent: (ratio, file, kernel)
    with tempfile.TemporaryDirectory() as tmp:
        for fi, f in enumerate(files):
            base = os.path.join(tmp, "f%d" % fi)
            os.makedirs(base + "/m0")
            # extraction only: the parameter names
            rc, err, _, _ = compile_cu(f, plugin, "no-estimate;dump-model=%s/m0" % base, base, None)
            if rc:
                failed.append((f, err.strip().splitlines()[-1:] if err.strip() else ["?"]))
                continue
            vals = file_params(f)
            names = set()
            for mf in glob.glob(base + "/m0/*.json"):
                for p in json.load(open(mf)).get("params", []):
                    names.add(p["name"])
            params = ";".join("param=%s:%d" % (n, vals.get(n, 4096)) for n in sorted(names))
            os.makedirs(base + "/m")
            config = "gpu=%s;block=%s;dump-model=%s/m%s" % (a.gpu, a.block, base, (";" + params) if params else "")
            if a.no_config:
                config = "dump-model=%s/m" % base
            rc, err, pass_s, wall = compile_cu(f, plugin, config, base, base + "/rec.yaml")
            if rc:
                failed.append((f, err.strip().splitlines()[-1:]))
                continue
            models = sorted(glob.glob(base + "/m/*.json"))
            rem, est_ms, rem_pred, rem_limited = read_remarks(base + "/rec.yaml")
            for kname, ms in est_ms.items():
                kernel_ms.append((ms, kname, os.path.basename(f)))
            share_pass, share_wall = pass_s, wall
            if a.full:
                rc2, _, pass_full, wall_full = compile_cu(f, plugin, config, base, None, device_only=False)
                if rc2 == 0 and wall_full > 0:
                    share_pass, share_wall = pass_full, wall_full
            share = share_pass / share_wall if share_wall > 0 else 0.0
            times.append((pass_s, len(models), f, wall, share, share_pass, share_wall))
            for mf in models:
                m = json.load(open(mf))
                kname = m["kernel"]
                st["kernels"] += 1
                accs = m["accesses"]
                st["accesses"] += len(accs)
                n_bad = 0
                for acc in accs:
                    if acc.get("analysable", True):
                        st["exact"] += 1
                    elif acc.get("assume") or acc.get("contention"):
                        st["assumed"] += 1
                        assumes["contention" if acc.get("contention") else acc["assume"]] += 1
                        reasons["(assumed) " + norm_reason(acc.get("reason", ""))] += 1
                    else:
                        n_bad += 1
                        reasons[norm_reason(acc.get("reason", ""))] += 1
                if accs and n_bad + st.get("_", 0) == len(accs):
                    st["all_unanalysed"] += 1
                # the core refusing the pass's model, placeholders included
                if "Rejected" in rem.get(kname, set()):
                    rejected.append((kname, ["the plugin's remark: the core rejected the extracted model"]))
                # the pass names the remark with the predicted time "Summary"
                if "Summary" in rem.get(kname, set()):
                    st["predicted"] += 1
                    if accs and all(not x.get("analysable", True) for x in accs):
                        st["predicted_all_unanalysed"] += 1
                else:
                    noest.append((os.path.basename(f), kname, sorted(rem.get(kname, set()))))
                cmd = [cli, "estimate", mf, "--json", "--gpu", a.gpu, "--block", a.block.replace("x", " ").split()[0],
                       a.block.split("x")[1], a.block.split("x")[2]]
                for p in m.get("params", []):
                    if "value" not in p and "exp2_of" not in p:
                        cmd += ["--param", "%s=%d" % (p["name"], 4096)]
                if "threads" not in m and "grid" not in m:
                    cmd += ["--grid", "264", "1", "1"]
                try:
                    r = subprocess.run(cmd, capture_output=True, text=True, timeout=a.cli_timeout)
                except subprocess.TimeoutExpired:
                    st["cli_timeouts"] += 1
                    print("estimate timed out: %s" % kname)
                    continue
                if r.returncode:
                    msg = r.stderr.strip().splitlines()[-1:] if r.stderr.strip() else ["?"]
                    if "rejected" in " ".join(msg) or re.search(r"\.json: ", " ".join(msg)):
                        rejected.append((kname, msg))
                    else:
                        st["cli_errors"] += 1
                        if a.verbose:
                            print("cli error:", kname, msg)
                    continue
                # the compiler's prediction (under its time limit) against
                # the estimate with no limits
                try:
                    exact_s = json.loads(r.stdout).get("predicted_seconds")
                except ValueError:
                    exact_s = None
                if exact_s and kname in rem_pred:
                    ratio = rem_pred[kname] * 1e-9 / exact_s
                    kind = "agree" if abs(ratio - 1) <= 0.01 else "stated" if rem_limited.get(kname) else "silent"
                    versus[kind].append((ratio, os.path.basename(f), kname))
    n = max(st["accesses"], 1)
    print("files                 %d (%d failed to compile)" % (len(files), len(failed)))
    print("kernels               %d" % st["kernels"])
    print("models rejected       %d" % len(rejected))
    print("accesses              %d" % st["accesses"])
    print("analysed exactly      %d (%.1f %%)" % (st["exact"], 100.0 * st["exact"] / n))
    print("under an assumption   %d (%.1f %%) %s" % (st["assumed"], 100.0 * st["assumed"] / n,
          dict(assumes) if assumes else ""))
    print("unanalysed            %d (%.1f %%)" % (n - st["exact"] - st["assumed"],
          100.0 * (n - st["exact"] - st["assumed"]) / n))
    print("estimate timeouts     %d, other estimate errors %d" % (st["cli_timeouts"], st["cli_errors"]))
    print("kernels predicted     %d of %d (%d with every access unanalysed)" % (
        st["predicted"], st["kernels"], st["predicted_all_unanalysed"]))
    if any(versus.values()):
        print("in-compile vs exact   %d within 1 %%, %d differ with a sample or limit stated, %d differ "
              "with no reason given" % (len(versus["agree"]), len(versus["stated"]), len(versus["silent"])))
        for kind in ("silent", "stated") if a.verbose else ("silent",):
            for ratio, f, k in sorted(versus[kind]):
                print("  %s %.3f  %s %s" % (kind, ratio, f, k))
    if times:
        per = [t / max(k, 1) for t, k, *_ in times]
        worst = max(times, key=lambda x: x[0] / max(x[1], 1))
        print("plugin time           %.1f ms in all, %.1f ms per kernel on average, worst file %.1f ms per kernel (%s)"
              % (1e3 * sum(t for t, *_ in times), 1e3 * sum(t for t, *_ in times) / max(st["kernels"], 1),
                 1e3 * max(per), os.path.basename(worst[2])))
        if kernel_ms:
            slow = max(kernel_ms)
            print("slowest estimate      %d ms (%s in %s; the remark 'one estimate takes N ms', %d kernels give it)"
                  % (slow[0], slow[1], slow[2], len(kernel_ms)))
        shares = sorted(x[4] for x in times)
        worst_share = max(times, key=lambda x: x[4])
        total_wall = sum(x[6] for x in times)
        print("plugin share          all files %.1f %%, median file %.1f %%, worst %.1f %% (%s) of the %s compile's wall time"
              % (100.0 * sum(x[5] for x in times) / total_wall if total_wall > 0 else 0.0,
                 100.0 * shares[len(shares) // 2], 100.0 * worst_share[4], os.path.basename(worst_share[2]),
                 "host + device" if a.full else "device-only"))
        if a.verbose:
            for x in sorted(times, key=lambda x: -x[4]):
                print("  share %5.1f %%  %s (%d kernels, %.1f ms)" % (100.0 * x[4], os.path.basename(x[2]), x[1], 1e3 * x[0]))
    print("reasons:")
    for r, c in reasons.most_common():
        print("  %6d  %s" % (c, r))
    for f, e in failed:
        print("compile failed: %s: %s" % (f, e))
    for k, e in rejected:
        print("rejected: %s: %s" % (k, e))
    if a.verbose:
        for f, k, names in noest:
            print("no prediction: %s %s %s" % (f, k, names))
    if a.fail_silent and (versus["silent"] or not versus["agree"]):
        print("FAIL: %d kernel(s) predicted differently in the compile with no reason given "
              "(or none compared)" % len(versus["silent"]))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
