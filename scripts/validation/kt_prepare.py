#!/usr/bin/env python3
"""Prepare a Kernel Tuner set for timing on a GPU with kt_time (kt_time.cu).

    kt_prepare.py SETDIR --gpu-arch sm_90 --sample N --seed S --out DIR [-j J]

Picks configurations of a published set (../shared/validation/README.md):
the N rows that `scripts/validate published SETDIR --sample N --seed S`
predicts (published.sample_rows: whole block-shape sweeps, drawn per thread
count, from measurements/<--measured>.csv), plus the measured-best row of
every measurements/<GPU>.csv and a spread of rows at even quantiles of the
measured time. Each configuration's source is built as Kernel Tuner built it
(published.source_for: the #define prefix, the loop_unroll_factor rules),
wrapped in extern "C" { } when the source has no extern "C" of its own (what
Kernel Tuner's PyCUDA backend asks PyCUDA to do), and compiled as that backend
compiled it: nvcc -cubin -arch=compute_XY -code=sm_XY -Xcompiler=-Wall
<setup compiler_options> -e <kernel>, plus -O3 (host-only, harmless).

Writes, under DIR: src/<id>.cu, cubin/<id>.cubin, manifest.json (everything,
for people and scripts), manifest.txt (the line format kt_time reads), and the
data files the arguments name (data/*.bin). Configurations that fail to compile
are recorded in both manifests and not timed.

Python standard library only. The kernel sources are read from SETDIR; the
generated files are for the git-ignored devrun/ tree only."""

import argparse
import concurrent.futures
import csv
import json
import math
import os
import re
import struct
import subprocess
import sys
import time

sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), "..")))
from validation.published import (PublishedSet, SetupError, check_example,  # noqa: E402
                                  config_key, sample_rows, source_for, read_measurements)
from validation import cubin as cubin_mod  # noqa: E402

TIMED_LAUNCHES = 32
WARMUP_LAUNCHES = 1
MODULE_OVERHEAD_S = 0.03      # load + unload of one module, per configuration
SET_OVERHEAD_S = 3.0          # context, allocation and fill of the buffers
H200_OVER_A4000 = 2.5         # rough speed ratio used only for the estimate


# ---- the arguments of each set's kernel --------------------------------------
#
# Written from each setup.json ("args", "arrays", "cmem_args"/"filter",
# "shift_table", "scalars") and the kernel's signature; checked against the
# number of entries in setup.json's "args". Buffers are filled with
# deterministic non-zero data: "pattern BASE SCALE" fills base + scale*u with
# u in [0, 1) from a hash of the element index (u8: 1 + hash % 200).

def rodinia_hotspot_scalars(rows, cols):
    """Rx_1, Ry_1, Rz_1, step_div_cap of the Rodinia hotspot chip for a
    rows x cols grid (the constants of Rodinia's hotspot, as the Kernel
    Tuner example's get_input_arguments computes them), rounded to float32."""
    t_chip, chip_h, chip_w = 0.0005, 0.016, 0.016
    factor_chip, spec_heat_si, k_si, max_pd, precision = 0.5, 1.75e6, 100.0, 3.0e6, 0.001
    gh, gw = chip_h / rows, chip_w / cols
    cap = factor_chip * spec_heat_si * t_chip * gw * gh
    rx = gw / (2.0 * k_si * t_chip * gh)
    ry = gh / (2.0 * k_si * t_chip * gw)
    rz = t_chip / (k_si * gh * gw)
    max_slope = max_pd / (factor_chip * t_chip * spec_heat_si)
    step = precision / max_slope
    f32 = lambda v: struct.unpack("<f", struct.pack("<f", v))[0]
    return [f32(1.0 / rx), f32(1.0 / ry), f32(1.0 / rz), f32(step / cap)]


def read_shifts(setdir):
    path = os.path.join(setdir, "shifts.csv")
    with open(path, newline="") as fh:
        rows = list(csv.DictReader(fh))
    col = [c for c in rows[0] if c != "channel"][0]
    rows.sort(key=lambda r: int(r["channel"]))
    return [float(r[col]) for r in rows]


def arguments_for(pset, setdir, outdir):
    """(buffers, args, cmem) of the set, as plain dicts."""
    name = pset.setup.get("set", os.path.basename(setdir.rstrip("/")))
    size = pset.problem_size
    if name in ("convolution",):
        fw = int(pset.setup["tune_params"].get("filter_width", [17])[0])
        fh = int(pset.setup["tune_params"].get("filter_height", [17])[0])
        iw, ih = size[0] + (fw // 2) * 2, size[1] + (fh // 2) * 2
        buffers = [
            {"name": "output", "type": "f32", "count": size[0] * size[1], "fill": "zero"},
            {"name": "input", "type": "f32", "count": iw * ih, "fill": "pattern", "base": 0.5, "scale": 1.0},
            {"name": "filter", "type": "f32", "count": fw * fh, "fill": "pattern", "base": 0.01, "scale": 0.01},
        ]
        args = [{"kind": "buffer", "buffer": 0}, {"kind": "buffer", "buffer": 1}, {"kind": "buffer", "buffer": 2}]
        cmem = [{"symbol": "d_filter", "type": "f32", "count": fw * fh, "fill": "pattern",
                 "base": 0.01, "scale": 0.01}]
    elif name in ("hotspot",):
        border = int(pset.setup["tune_params"].get("max_tfactor", [10])[0])
        iw, ih = size[0] + 2 * border, size[1] + 2 * border
        buffers = [
            {"name": "power", "type": "f32", "count": iw * ih, "fill": "pattern", "base": 0.0, "scale": 0.001},
            {"name": "temp", "type": "f32", "count": iw * ih, "fill": "pattern", "base": 320.0, "scale": 20.0},
            {"name": "temp_dst", "type": "f32", "count": size[0] * size[1], "fill": "zero"},
        ]
        args = [{"kind": "buffer", "buffer": i} for i in range(3)]
        args += [{"kind": "f32", "value": v, "name": n} for n, v in
                 zip(("Rx_1", "Ry_1", "Rz_1", "step_div_cap"), rodinia_hotspot_scalars(size[1], size[0]))]
        cmem = []
    elif name in ("dedispersion",):
        s = pset.setup["sizes"]
        shifts = read_shifts(setdir)
        if len(shifts) != s["nr_channels"]:
            raise SetupError("shifts.csv has %d values, nr_channels is %d" % (len(shifts), s["nr_channels"]))
        os.makedirs(os.path.join(outdir, "data"), exist_ok=True)
        with open(os.path.join(outdir, "data", "shifts.bin"), "wb") as fh:
            fh.write(struct.pack("<%df" % len(shifts), *shifts))
        buffers = [
            {"name": "input", "type": "u8", "count": s["nr_channels"] * s["nr_samples_per_channel"], "fill": "pattern",
             "base": 0, "scale": 0},
            {"name": "output", "type": "f32", "count": s["nr_dms"] * s["nr_samples"], "fill": "zero"},
            {"name": "shifts", "type": "f32", "count": len(shifts), "fill": "file", "path": "data/shifts.bin"},
        ]
        args = [{"kind": "buffer", "buffer": i} for i in range(3)]
        cmem = []
    else:
        raise SetupError("no argument description for set '%s' in kt_prepare.py" % name)
    want = len(pset.setup.get("args", args))
    if want != len(args):
        raise SetupError("%s: setup.json lists %d arguments, kt_prepare describes %d" % (name, want, len(args)))
    return buffers, args, cmem


# ---- choosing the configurations ----------------------------------------------

def measured_tables(setdir):
    out = {}
    mdir = os.path.join(setdir, "measurements")
    for f in sorted(os.listdir(mdir)):
        if f.endswith(".csv") and f != "failed.csv":
            out[f[:-4]] = read_measurements(os.path.join(mdir, f))[0]
    return out


def choose(pset, tables, n, seed, n_spread):
    """[(row, why)] in timing order: best rows, spread, then the sample."""
    chosen, seen = [], set()

    def add(row, why):
        k = config_key(pset, row)
        if k in seen:
            for i, (r, w) in enumerate(chosen):
                if config_key(pset, r) == k and why not in w:
                    chosen[i] = (r, w + "+" + why)
            return
        seen.add(k)
        chosen.append(({p: row[p] for p in pset.params}, why))

    for gpu, rows in tables.items():
        best = min(rows, key=lambda r: float(r["median_ms"]))
        add(best, "best:" + gpu)
    by_time = sorted(pset.rows, key=lambda r: float(r["median_ms"]))
    for i in range(n_spread):
        q = (i + 0.5) / n_spread
        add(by_time[min(len(by_time) - 1, int(q * len(by_time)))], "spread")
    if n > 0:
        for r in sample_rows(pset, n, seed):
            add(r, "sample")
    return chosen


def time_index(pset, tables):
    """{config key: {gpu: median_ms}} over every measurements csv."""
    idx = {}
    for gpu, rows in tables.items():
        for r in rows:
            idx.setdefault(config_key(pset, r), {})[gpu] = float(r["median_ms"])
    return idx


def estimate_s(pset, idx, cfg):
    """Rough H200 seconds for one configuration: A4000 time / 2.5 (else the
    fastest other GPU's time / 1.5) times the 33 launches, plus the module's
    load and unload."""
    times = idx.get(tuple(cfg[p] for p in pset.params), {})
    if "A4000" in times:
        t = times["A4000"] / H200_OVER_A4000
    elif times:
        t = min(times.values()) / 1.5
    else:
        t = 10.0
    return (TIMED_LAUNCHES + WARMUP_LAUNCHES) * t / 1e3 + MODULE_OVERHEAD_S


# ---- compiling -------------------------------------------------------------------

def nvcc_command(nvcc, arch, options, kernel, cubin_path, src_path):
    """Kernel Tuner's PyCUDA compile of one configuration (module docstring)."""
    num = arch.split("_")[1]
    return ([nvcc, "-cubin", "-arch=compute_" + num, "-code=sm_" + num, "-O3", "-Xcompiler=-Wall"]
            + options + ["-e", kernel, "-o", cubin_path, src_path])


def compile_one(nvcc, arch, options, kernel, src_path, cubin_path):
    cmd = nvcc_command(nvcc, arch, options, kernel, cubin_path, src_path)
    t0 = time.time()
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
    el = time.time() - t0
    if p.returncode != 0 or not os.path.isfile(cubin_path):
        lines = [l for l in p.stdout.splitlines() if "error" in l.lower()] or p.stdout.splitlines() or ["nvcc failed"]
        return None, el, lines[0][:300], cmd
    return entry_name(cubin_path, kernel), el, None, cmd


def entry_name(path, kernel):
    """The function's name in the cubin: the plain name (extern "C") or the
    Itanium-mangled one, read from its .text.<name> section."""
    with open(path, "rb") as fh:
        name, _off, _size = cubin_mod.kernel_section(fh.read(), kernel, path)
    return name[len(".text."):]


def fmt_num(v):
    if isinstance(v, float):
        return repr(v)
    return str(v)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("setdir")
    ap.add_argument("--gpu-arch", default="sm_90")
    ap.add_argument("--sample", type=int, required=True, help="rows drawn as validate published --sample draws them")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--spread", type=int, default=8, help="extra rows at even quantiles of the measured time")
    ap.add_argument("--measured", help="measurements/NAME.csv to sample from (default A4000, else the first)")
    ap.add_argument("--out", required=True)
    ap.add_argument("--label", default="H200", help="GPU label written into the outputs")
    ap.add_argument("--nvcc", default=os.environ.get("NVCC", "/usr/local/cuda/bin/nvcc"))
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--estimate-only", action="store_true",
                    help="print the number of configurations and the GPU-time estimate; write nothing")
    a = ap.parse_args(argv)

    setdir = os.path.abspath(a.setdir)
    out = os.path.abspath(a.out)
    tables = measured_tables(setdir)
    measured = a.measured or ("A4000" if "A4000" in tables else sorted(tables)[0])
    pset = PublishedSet(setdir, measured)
    check_example(pset)
    set_name = pset.setup.get("set", os.path.basename(setdir.rstrip("/")))
    kernel = pset.kernel_name
    kdir = os.path.dirname(pset.kernel_path)
    options = []
    for o in pset.setup.get("compiler_options", []):
        options.append(re.sub(r"<kernel directory>", kdir, o))
    chosen = choose(pset, tables, a.sample, a.seed, a.spread)
    if a.estimate_only:
        idx = time_index(pset, tables)
        est = SET_OVERHEAD_S + sum(estimate_s(pset, idx, c) for c, _w in chosen)
        print("%s: %d configurations (sample %d, seed %d, spread %d), estimated %.1f s on the GPU"
              % (set_name, len(chosen), a.sample, a.seed, a.spread, est))
        return 0
    for sub in ("src", "cubin"):
        os.makedirs(os.path.join(out, sub), exist_ok=True)
    buffers, args, cmem = arguments_for(pset, setdir, out)

    t0 = time.time()
    jobs = []
    for i, (cfg, why) in enumerate(chosen):
        cid = "c%04d" % i
        src = source_for(pset, cfg)
        if 'extern "C"' not in src:
            src = 'extern "C" {\n' + src + "\n}\n"
        sp = os.path.join(out, "src", cid + ".cu")
        with open(sp, "w") as fh:
            fh.write(src)
        jobs.append((cid, cfg, why, sp, os.path.join(out, "cubin", cid + ".cubin")))

    results = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as ex:
        futs = {ex.submit(compile_one, a.nvcc, a.gpu_arch, options, kernel, sp, cp): cid
                for cid, _c, _w, sp, cp in jobs}
        done = 0
        for f in concurrent.futures.as_completed(futs):
            cid = futs[f]
            try:
                results[cid] = f.result()
            except Exception as e:  # a cubin without the kernel, an OSError
                results[cid] = (None, 0.0, "%s: %s" % (type(e).__name__, e), [])
            done += 1
            sys.stderr.write("\r%s: compiled %d/%d (%.0f s)" % (set_name, done, len(jobs), time.time() - t0))
            sys.stderr.flush()
    sys.stderr.write("\n")
    compile_s = time.time() - t0

    configs, failed, names = [], [], set()
    est_total = SET_OVERHEAD_S
    idx = time_index(pset, tables)
    for cid, cfg, why, sp, cp in jobs:
        sym, el, err, cmd = results[cid]
        entry = {"id": cid, "why": why, "params": {p: int(cfg[p]) if re.match(r"^-?\d+$", cfg[p]) else cfg[p]
                                                   for p in pset.params},
                 "grid": pset.grid(cfg), "block": pset.block(cfg), "dynamic_shared_bytes": 0,
                 "source": os.path.relpath(sp, out), "compile_s": round(el, 2)}
        if err:
            entry["error"] = err
            failed.append(entry)
            continue
        entry["cubin"] = os.path.relpath(cp, out)
        entry["function"] = sym
        names.add(sym)
        e = estimate_s(pset, idx, cfg)
        entry["estimate_s"] = round(e, 4)
        est_total += e
        configs.append(entry)

    manifest = {
        "set": set_name, "setdir": setdir, "kernel_name": kernel, "function_names": sorted(names),
        "gpu_arch": a.gpu_arch, "label": a.label, "columns": pset.params,
        "sampled_from": measured, "sample": a.sample, "seed": a.seed, "spread": a.spread,
        "compile_command": cmd_text(a, options, kernel),
        "timing": "1 warm-up launch, then %d launches, each between a pair of CUDA events and "
                  "synchronised (as Kernel Tuner's benchmark loop); median and min in ms; no L2 flush"
                  % TIMED_LAUNCHES,
        "buffers": buffers, "args": args, "cmem": cmem,
        "estimate_s": round(est_total, 1), "compile_wall_s": round(compile_s, 1),
        "configs": configs, "compile_failed": failed,
    }
    with open(os.path.join(out, "manifest.json"), "w") as fh:
        json.dump(manifest, fh, indent=1)
        fh.write("\n")
    write_txt(os.path.join(out, "manifest.txt"), manifest)
    with open(os.path.join(out, "estimate_s"), "w") as fh:
        fh.write("%d\n" % math.ceil(est_total))
    print("%s: %d configurations (%d fail to compile), function %s, estimated %.1f s on the GPU, "
          "compiled in %.0f s -> %s" % (set_name, len(configs), len(failed), ",".join(sorted(names)) or "-",
                                        est_total, compile_s, out))
    return 0


def cmd_text(a, options, kernel):
    return " ".join(nvcc_command("nvcc", a.gpu_arch, options, kernel, "<id>.cubin", "<id>.cu"))


def write_txt(path, m):
    """The line format kt_time reads: one record per line, fields split by
    single spaces, no field holds a space (checked)."""
    def tok(v):
        s = fmt_num(v)
        if not s or any(c.isspace() for c in s):
            raise SetupError("manifest field %r holds white space" % s)
        return s

    def fill(d):
        f = [d["fill"]]
        if d["fill"] == "pattern":
            f += [repr(float(d.get("base", 0))), repr(float(d.get("scale", 1)))]
        elif d["fill"] == "file":
            f += [d["path"]]
        return f

    lines = ["# kt_time manifest v1 (written by kt_prepare.py)",
             "set " + tok(m["set"]), "label " + tok(m["label"]), "columns " + tok(",".join(m["columns"]))]
    for i, b in enumerate(m["buffers"]):
        lines.append(" ".join(["buffer", str(i), tok(b["type"]), str(b["count"])] + [tok(x) for x in fill(b)]))
    for ar in m["args"]:
        if ar["kind"] == "buffer":
            lines.append("arg buffer %d" % ar["buffer"])
        else:
            lines.append("arg %s %s" % (ar["kind"], repr(float(ar["value"])) if ar["kind"] == "f32"
                                        else str(int(ar["value"]))))
    for c in m["cmem"]:
        lines.append(" ".join(["cmem", tok(c["symbol"]), tok(c["type"]), str(c["count"])] + [tok(x) for x in fill(c)]))
    for c in m["configs"]:
        vals = ",".join(str(c["params"][p]) for p in m["columns"])
        lines.append(" ".join(["config", c["id"], tok(c["cubin"]), tok(c["function"])]
                              + [str(v) for v in c["grid"]] + [str(v) for v in c["block"]]
                              + [str(c["dynamic_shared_bytes"]), tok(vals)]))
    for c in m["compile_failed"]:
        vals = ",".join(str(c["params"][p]) for p in m["columns"])
        lines.append("failed %s %s CompilationFailedConfig" % (c["id"], tok(vals)))
    lines.append("end")
    with open(path, "w") as fh:
        fh.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    try:
        sys.exit(main())
    except SetupError as e:
        print("kt_prepare: %s" % e, file=sys.stderr)
        sys.exit(2)
