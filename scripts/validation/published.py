"""`scripts/validate published DIR --measured NAME --gpu ID`: predicts every
measured configuration of a published Kernel Tuner set and writes predicted
beside measured time (docs/accuracy.md, "Published measurements").

A set folder holds `setup.json`, `kernel/` and `measurements/NAME.csv`
(../shared/validation/README.md); `--measurements FILE` takes the times from
a CSV in the same format elsewhere (the project's own, data/measured/).
Each configuration is built the way the
measurement built it: Kernel Tuner's `#define` prefix, the grid rule of the
driver, the architecture of the GPU. clang-22 compiles the device code with
the warpest plugin, which writes the kernel model; ptxas reads the PTX for
registers, spills and shared memory; `warpest estimate` predicts with those
registers and spills. Nothing here is specific to one set."""

import concurrent.futures
import csv
import json
import math
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

from . import cubin

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
TIME_COLUMNS = ("median_ms", "min_ms", "n_launches", "n_files")


class SetupError(Exception):
    """A set folder that does not follow the layout; the message names what."""


# ---- the set ----

class PublishedSet:
    def __init__(self, folder, measured, measurements=None):
        """`measurements`: a CSV in the published format anywhere (times
        measured elsewhere for the set's kernel); default the folder's
        measurements/MEASURED.csv."""
        self.folder = os.path.abspath(folder)
        path = os.path.join(self.folder, "setup.json")
        try:
            with open(path) as fh:
                self.setup = json.load(fh)
        except (OSError, ValueError) as e:
            raise SetupError("%s: %s" % (path, e))
        for key in ("kernel_name", "kernel_file", "tune_params"):
            if key not in self.setup:
                raise SetupError("%s: no '%s'" % (path, key))
        self.kernel_name = self.setup["kernel_name"]
        # "kernel/x.cu (includes x.h)": the path is the first word
        self.kernel_path = os.path.join(self.folder, self.setup["kernel_file"].split()[0])
        if not os.path.isfile(self.kernel_path):
            raise SetupError("%s: kernel_file %s does not exist" % (path, self.kernel_path))
        if measurements:
            self.csv_path = os.path.abspath(measurements)
        else:
            self.csv_path = os.path.join(self.folder, "measurements", measured + ".csv")
        self.rows, self.params = read_measurements(self.csv_path)
        check_parameters(self.setup, self.params, self.csv_path)
        self.block_names = thread_block_names(self.setup)
        self.problem_size = problem_size(self.setup)
        self.step_param = step_parameter(self.setup, self.params)

    def grid(self, cfg):
        return grid_of(self.setup, self.problem_size, self.block_names, cfg)

    def block(self, cfg):
        return [int(cfg.get(n, 1)) if n else 1 for n in self.block_names]


def read_measurements(path):
    """Rows (dicts of strings) and the tune-parameter columns, in order."""
    try:
        with open(path, newline="") as fh:
            reader = csv.DictReader(fh)
            rows = list(reader)
            fields = reader.fieldnames or []
    except OSError as e:
        raise SetupError("%s: %s" % (path, e))
    if "median_ms" not in fields:
        raise SetupError("%s: no median_ms column" % path)
    params = [f for f in fields if f not in TIME_COLUMNS]
    return rows, params


def check_parameters(setup, params, path):
    """The measurement's parameter columns must be the set's tune parameters,
    in order, where setup.json lists them: times from another folder
    (--measurements) must belong to this set."""
    tune = setup.get("tune_params")
    keys = list(tune.keys()) if isinstance(tune, dict) else list(tune or [])
    if keys and params != keys:
        raise SetupError("%s: parameter columns %s are not the set's tune parameters %s"
                         % (path, params, keys))


def measured_name(args):
    """NAME of the run: --measured, else the --measurements file's name
    (data/.../H100.csv: H100)."""
    if args.measured:
        return args.measured
    if getattr(args, "measurements", None):
        return os.path.splitext(os.path.basename(args.measurements))[0]
    raise SetupError("give --measured NAME (measurements/NAME.csv of the folder) or --measurements FILE")


def thread_block_names(setup):
    """The names of block x, y, z ("block_size_z = 1 (...)" counts as z)."""
    names = []
    for entry in setup.get("thread_block", ["block_size_x", "block_size_y", "block_size_z"]):
        names.append(re.match(r"\s*(\w+)", entry).group(1))
    while len(names) < 3:
        names.append(["block_size_x", "block_size_y", "block_size_z"][len(names)])
    return names[:3]


def problem_size(setup):
    """problem_size from setup.json, else read off the grid rule's text
    (`ceil(25000 / block_size_x)`), else the example's grid times block."""
    if isinstance(setup.get("problem_size"), list):
        return [int(v) for v in setup["problem_size"]] + [1] * (3 - len(setup["problem_size"]))
    text = setup.get("grid", "")
    found = {}
    for axis, n in re.findall(r"grid_([xyz])\s*=\s*ceil\(\s*(\d+)\s*/", text):
        found.setdefault(axis, int(n))
    if found:
        return [found.get("x", 1), found.get("y", 1), found.get("z", 1)]
    ex = setup.get("example", {})
    if "grid" in ex and "block" in ex:
        return [g * b for g, b in zip(ex["grid"], ex["block"])]
    raise SetupError("setup.json: no problem_size and no grid rule to read it from")


def grid_of(setup, size, block_names, cfg):
    """Kernel Tuner's rule: grid_d = ceil(size_d / product of grid_div_d),
    the divisor being the block size alone when the driver gives none."""
    out = []
    for d, axis in enumerate("xyz"):
        div = setup.get("grid_div_" + axis)
        if div is None:
            div = [block_names[d]]
        prod = 1
        for name in div:
            prod *= int(float(cfg.get(name, 1) if name in cfg else 1))
        out.append(int(math.ceil(size[d] / float(prod))))
    return out


def step_parameter(setup, params):
    """A tune parameter that counts the steps one launch performs (hotspot's
    temporal_tiling_factor), named in setup.json's `one_launch`; None else."""
    text = setup.get("one_launch", "")
    for p in params:
        if p in text:
            return p
    return None


def source_for(pset, cfg):
    """The kernel source as Kernel Tuner compiled this configuration."""
    with open(pset.kernel_path) as fh:
        src = fh.read()
    grid = pset.grid(cfg)
    block = pset.block(cfg)
    lines = ["#define grid_size_%s %d" % (a, g) for a, g in zip("xyz", grid)]
    lines += ["#define %s %d" % (n, b) for n, b in zip(pset.block_names, block)]
    for p in pset.params:
        if p in pset.block_names:
            continue
        value = cfg[p]
        if "loop_unroll_factor" in p:
            if int(float(value)) == 0:
                src = "\n".join(l for l in src.split("\n")
                                if not re.match(r"\s*#pragma\s+unroll\s+%s\s*$" % re.escape(p), l))
            else:
                lines.append("constexpr int %s = %s;" % (p, value))
            continue
        lines.append("#define %s %s" % (p, value))
    lines += ["#define kernel_tuner 1", "#line 1"]
    return "\n".join(lines) + "\n" + src


def check_example(pset):
    """The prefix built for setup.json's example must be the one recorded."""
    ex = pset.setup.get("example")
    if not ex or "prefix" not in ex:
        return
    cfg = {k: str(v) for k, v in ex["config"].items()}
    got = [l for l in source_for(pset, cfg).split("\n")[: len(ex["prefix"]) + 2]
           if l.startswith(("#define", "constexpr", "#line"))]
    want = [l for l in ex["prefix"] if l.startswith(("#define", "constexpr", "#line"))]
    if got[: len(want)] != want:
        raise SetupError("%s/setup.json: the prefix built for the example differs from the recorded "
                         "one:\n  built:    %s\n  recorded: %s" % (pset.folder, got[: len(want)], want))


# ---- sampling ----

def config_key(pset, row):
    return tuple(row[p] for p in pset.params)


def sample_rows(pset, n, seed):
    """Whole sweeps (rows equal but for the block shape, same thread count),
    drawn at random and in turn from each thread count, until n rows."""
    from .rank_stats import sweeps, threads
    rng = random.Random(seed)
    by_threads = {}
    for g in sweeps(pset.rows, pset.params):
        by_threads.setdefault(threads(pset.rows[g[0]]), []).append(g)
    for gs in by_threads.values():
        rng.shuffle(gs)
    order = []
    strata = sorted(by_threads)
    while any(by_threads[t] for t in strata):
        for t in strata:
            if by_threads[t]:
                order.append(by_threads[t].pop())
    picked = []
    for g in order:
        if len(picked) >= n:
            break
        picked += g[: n - len(picked)]
    return [pset.rows[i] for i in sorted(picked)]


# ---- one configuration ----

def read_table(gpu, tables):
    path = os.path.join(tables, gpu + ".json")
    try:
        with open(path) as fh:
            return json.load(fh)
    except (OSError, ValueError) as e:
        raise SetupError("hardware table %s: %s" % (path, e))


def cuda_arch(table):
    """sm_XY from the hardware table's compute capability."""
    major, minor = str(table["compute_capability"]).split(".")
    return "sm_%s%s" % (major, minor)


def register_cap(table, threads):
    """The most registers per thread with which one block of `threads`
    threads is resident (warps allocate registers in units)."""
    per_sm = table["registers_per_sm"]["value"]
    unit = table["register_alloc_unit"]["value"]
    warps = -(-threads // 32)
    r = int(table["max_registers_per_thread"]["value"])
    while r > 1 and warps * (-(-(r * 32) // unit) * unit) > per_sm:
        r -= 1
    return r


def parse_ptxas(text, kernel):
    """{registers, stack_frame, spill_stores, spill_loads, shared_bytes} of the entry whose
    mangled name holds `kernel`, from `ptxas -v`; None when not found."""
    current, info = None, {}
    for line in text.splitlines():
        m = re.search(r"Compiling entry function '([^']+)'", line)
        if m:
            current = m.group(1)
            continue
        # the Itanium mangling writes the name as <length><name>
        if current is None or (current != kernel and not re.search(
                r"(?<![0-9])%d%s" % (len(kernel), re.escape(kernel)), current)):
            continue
        m = re.search(r"(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads", line)
        if m:
            info["stack_frame"] = int(m.group(1))
            info["spill_stores"], info["spill_loads"] = int(m.group(2)), int(m.group(3))
        m = re.search(r"Used (\d+) registers", line)
        if m:
            info["registers"] = int(m.group(1))
            m2 = re.search(r"(\d+) bytes smem", line)
            info["shared_bytes"] = int(m2.group(1)) if m2 else 0
    return info if "registers" in info else None


class Tools:
    """The programs a prediction runs, and a precompiled CUDA header."""

    def __init__(self, args):
        self.clang = args.clang or shutil.which("clang++-22") or "clang++-22"
        self.cuda = args.cuda_path
        self.ptxas = args.ptxas or os.path.join(self.cuda, "bin", "ptxas")
        if not os.path.exists(self.ptxas):
            self.ptxas = shutil.which("ptxas")
        self.plugin = args.plugin or os.path.join(REPO, "build", "pass", "libwarpest.so")
        self.warpest = args.warpest or os.path.join(REPO, "build", "warpest")
        self.tables = args.tables or os.path.join(REPO, "runtime", "tables")
        for what, path in (("plugin", self.plugin), ("warpest", self.warpest)):
            if not os.path.exists(path):
                raise SetupError("%s not found at %s (build first, or pass --%s)" % (what, path, what))
        self.resources = args.resources
        self.nvcc = args.nvcc or os.path.join(self.cuda, "bin", "nvcc")
        if self.resources == "auto":
            # the measurement's own compiler where there is one: clang's PTX
            # can need 255 registers and spill where nvcc's needs 40 and does
            # not (docs/accuracy.md, sixth session)
            self.resources = "nvcc" if os.path.exists(self.nvcc) else "clang"
        if self.resources == "nvcc" and not os.path.exists(self.nvcc):
            raise SetupError("--resources nvcc: no nvcc at %s" % self.nvcc)
        self.use_pch = not args.no_pch
        self.pch = None

    def clang_args(self, arch):
        return ["-O2", "--cuda-gpu-arch=" + arch, "--cuda-path=" + self.cuda, "--cuda-device-only",
                "-S", "-Wno-unknown-cuda-version", "-w"]

    def make_pch(self, pset, arch, workdir):
        """CUDA's wrapper headers, parsed once: three quarters of a compile
        otherwise. Kept only when the example configuration compiles to the
        same PTX with and without it."""
        if not self.use_pch:
            return
        empty = os.path.join(workdir, "empty.cuh")
        open(empty, "w").close()
        pch = os.path.join(workdir, "cuda-%s.pch" % arch)
        r = subprocess.run([self.clang, "-x", "cuda"] + self.clang_args(arch) +
                           ["-Xclang", "-emit-pch", "-o", pch, empty], capture_output=True, text=True)
        if r.returncode != 0:
            sys.stderr.write("validate published: no precompiled header (%s); compiling without\n"
                             % first_error(r.stderr))
            return
        ex = pset.setup.get("example", {}).get("config")
        cfg = {k: str(v) for k, v in ex.items()} if ex else pset.rows[0]
        src = os.path.join(workdir, "check.cu")
        with open(src, "w") as fh:
            fh.write(source_for(pset, cfg))
        outs = []
        for extra in ([], ["-include-pch", pch]):
            out = src + (".pch" if extra else "") + ".ptx"
            subprocess.run([self.clang] + self.clang_args(arch) + extra +
                           ["-I" + os.path.dirname(pset.kernel_path), src, "-o", out],
                           capture_output=True, text=True)
            outs.append(open(out).read() if os.path.exists(out) else None)
        if outs[0] is not None and outs[0] == outs[1]:
            self.pch = pch
        else:
            sys.stderr.write("validate published: PTX differs with the precompiled header; "
                             "compiling without\n")


def predict_one(pset, tools, gpu, table, arch, row, workdir):
    """One row of the output: the configuration, what was built, and the
    prediction or the reason there is none."""
    t0 = time.time()
    out = {p: row[p] for p in pset.params}
    out["measured_ms"] = row["median_ms"]
    grid, block = pset.grid(row), pset.block(row)
    out.update(grid_x=grid[0], grid_y=grid[1], grid_z=grid[2],
               block_x=block[0], block_y=block[1], block_z=block[2])
    d = tempfile.mkdtemp(prefix="cfg", dir=workdir)
    try:
        src = os.path.join(d, "kernel.cu")
        with open(src, "w") as fh:
            fh.write(source_for(pset, row))
        dump = os.path.join(d, "models")
        os.mkdir(dump)
        env = dict(os.environ)
        env["WARPEST_TABLES"] = tools.tables
        env["WARPEST_CONFIG"] = "no-estimate;dump-model=%s" % dump
        env.pop("WARPEST_LAUNCH", None)
        ptx = os.path.join(d, "kernel.ptx")
        cmd = [tools.clang] + tools.clang_args(arch) + (["-include-pch", tools.pch] if tools.pch else []) + [
               "-I" + os.path.dirname(pset.kernel_path), "-fpass-plugin=" + tools.plugin, src, "-o", ptx]
        r = subprocess.run(cmd, env=env, capture_output=True, text=True)
        t1 = time.time()
        out["compile_s"] = round(t1 - t0, 3)
        if r.returncode != 0:
            out["status"] = "compile failed: " + first_error(r.stderr)
            return out
        models = [f for f in os.listdir(dump) if pset.kernel_name in f]
        exact = [f for f in models if re.search(r"\d%s" % re.escape(pset.kernel_name), f)
                 or f.startswith(pset.kernel_name + ".")]
        models = exact or models
        if not models:
            out["status"] = "no model for kernel %s (models: %s)" % (pset.kernel_name,
                                                                     ", ".join(os.listdir(dump)) or "none")
            return out
        model = os.path.join(dump, sorted(models)[0])
        with open(model) as fh:
            m = json.load(fh)
        out["accesses"] = len(m.get("accesses", []))
        unanalysed = [a for a in m.get("accesses", []) if a.get("analysable") is False]
        out["unanalysed"] = len(unanalysed)
        out["unanalysed_reasons"] = " | ".join(sorted({a.get("reason", "?") for a in unanalysed}))
        out["model_assumptions"] = " | ".join(m.get("assumptions", []))
        regs = None
        if tools.resources == "nvcc":
            # the measurement's own compiler: registers and spills as measured
            cubin_path = os.path.join(d, "nvcc.cubin")
            p = subprocess.run([tools.nvcc, "-arch=" + arch, "-cubin", "-Xptxas", "-v",
                                "-I" + os.path.dirname(pset.kernel_path), src, "-o", cubin_path],
                               capture_output=True, text=True)
            if p.returncode == 0:
                sass_counts(out, cubin_path, pset.kernel_name)
        elif tools.ptxas:
            p = subprocess.run([tools.ptxas, "-arch=" + arch, "-v", ptx, "-o", os.devnull],
                               capture_output=True, text=True)
        if tools.resources == "nvcc" or tools.ptxas:
            info = parse_ptxas(p.stdout + p.stderr, pset.kernel_name)
            if p.returncode != 0 or info is None:
                out["status"] = "%s failed: %s" % ("nvcc" if tools.resources == "nvcc" else "ptxas",
                                                   first_error(p.stderr))
                return out
            regs = info["registers"]
            cap = register_cap(table, block[0] * block[1] * block[2])
            if regs > cap:
                # the measurement ran this configuration, so its compiler
                # (nvcc) fitted it: clang's PTX needs more registers
                out["register_note"] = ("registers capped at %d (ptxas on clang's PTX: %d, too many "
                                        "for one block of %d threads)" % (cap, regs, block[0] * block[1] * block[2]))
                regs = cap
            out.update(registers=regs, stack_frame=info.get("stack_frame", 0),
                       spill_stores=info["spill_stores"],
                       spill_loads=info["spill_loads"], ptxas_shared_bytes=info["shared_bytes"])
            out["registers_from"] = "nvcc -Xptxas -v" if tools.resources == "nvcc" else "ptxas on clang's PTX"
        else:
            out["registers_from"] = "assumed (no ptxas)"
        t2 = time.time()
        out["ptxas_s"] = round(t2 - t1, 3)
        cmd = estimate_command(tools, model, gpu, block, grid, regs, out,
                               m.get("resources", {}).get("shared_static_bytes", 0) or 0,
                               loop_free=not m.get("loops"))
        e = subprocess.run(cmd, capture_output=True, text=True)
        out["estimate_s"] = round(time.time() - t2, 3)
        if e.returncode != 0:
            out["status"] = "estimate failed: " + first_error(e.stderr)
            return out
        rep = json.loads(e.stdout)
        fill_prediction(out, rep, pset, row)
        out["status"] = "ok"
        return out
    finally:
        shutil.rmtree(d, ignore_errors=True)


def estimate_command(tools, model, gpu, block, grid, regs, out, static_shared, loop_free=False):
    """`warpest estimate` for one configuration: registers (None: the
    model's), and where ptxas ran (`out` has its figures) the shared memory
    the model does not see and the spills; for a model without loops, nvcc's
    SASS count (a thread's own there) for the issue limit."""
    cmd = [tools.warpest, "estimate", model, "--gpu", gpu, "--tables", tools.tables,
           "--block", "%dx%dx%d" % tuple(block), "--grid", "%dx%dx%d" % tuple(grid), "--json"]
    if regs:
        cmd += ["--registers", str(regs)]
    if "spill_stores" in out:
        # ptxas's spill figures: local-memory traffic (docs/model.md "Register spills")
        cmd += ["--spill-stores", str(out["spill_stores"]), "--spill-loads", str(out["spill_loads"]),
                "--stack-frame", str(out["stack_frame"])]
    if regs and out.get("ptxas_shared_bytes", 0) > static_shared:
        # shared memory the model does not see (ptxas counts every array)
        cmd += ["--shared-dynamic", str(out["ptxas_shared_bytes"] - static_shared)]
    if loop_free and out.get("sass_instructions"):
        cmd += ["--thread-instructions", str(out["sass_instructions"])]
    return cmd


def sass_counts(out, cubin_path, kernel):
    """nvcc's SASS instruction counts of the kernel (static: a thread's
    count where the code has no loops), beside the model's; a cubin that
    cannot be read leaves a note instead."""
    try:
        counts = cubin.instruction_counts(cubin_path, kernel)
    except (cubin.CubinError, OSError) as err:
        out["sass_note"] = str(err)
        return
    out["sass_instructions"] = counts["instructions"]
    for c in cubin.CLASSES:
        out["sass_" + c] = counts[c]


def fill_prediction(out, rep, pset, row):
    steps = float(row[pset.step_param]) if pset.step_param else 1.0
    out["predicted_ms"] = rep["predicted_seconds"] * 1e3
    out["steps"] = steps
    out["predicted_time"] = out["predicted_ms"] / steps
    out["measured_time"] = float(row["median_ms"]) / steps
    out["bottleneck"] = rep["bottleneck"]
    comp = rep.get("compute", {})
    if comp and rep.get("active_threads"):
        # a thread's instructions as the issue limit counts them
        out["model_thread_instructions"] = comp["warp_instructions"] * 32.0 / rep["active_threads"]
    for lim in rep.get("limiters", []):
        out["limiter_%s_ms" % lim["name"].replace("-", "_")] = lim["seconds"] * 1e3
    for k, v in rep.get("metrics", {}).items():
        out["metric_" + k] = v
    occ = rep.get("occupancy", {})
    out["occupancy_blocks_per_sm"] = occ.get("blocks_per_sm")
    out["occupancy_limited_by"] = occ.get("limited_by")
    out["assumptions"] = " | ".join(rep.get("assumptions", []))


def first_error(text):
    lines = [l for l in (text or "").splitlines() if l.strip()]
    errs = [l for l in lines if "error" in l.lower()]
    return (errs or lines or ["(no message)"])[0][:300]


# ---- the whole set ----

FIRST_COLUMNS = ["status", "measured_ms", "predicted_ms", "measured_time", "predicted_time", "steps",
                 "bottleneck", "grid_x", "grid_y", "grid_z", "block_x", "block_y", "block_z",
                 "registers", "registers_from", "stack_frame", "spill_stores", "spill_loads", "ptxas_shared_bytes",
                 "occupancy_blocks_per_sm", "occupancy_limited_by", "accesses", "unanalysed",
                 "compile_s", "ptxas_s", "estimate_s"]
LAST_COLUMNS = ["register_note", "unanalysed_reasons", "model_assumptions", "assumptions"]


def check_columns(pset):
    """A tune parameter may not share a name with a column the harness writes."""
    clash = set(pset.params) & (set(FIRST_COLUMNS) | set(LAST_COLUMNS))
    if clash:
        raise SetupError("tune parameters %s clash with the harness's own columns" % sorted(clash))


def write_csv(path, pset, rows):
    extra = sorted({k for r in rows for k in r} - set(pset.params) - set(FIRST_COLUMNS)
                   - set(LAST_COLUMNS))
    cols = pset.params + FIRST_COLUMNS + extra + LAST_COLUMNS
    tmp = path + ".tmp"
    with open(tmp, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=cols, extrasaction="ignore")
        w.writeheader()
        for r in rows:
            w.writerow(r)
    os.replace(tmp, path)


def read_done(path, pset):
    """Rows of an earlier run that got a prediction, by configuration."""
    if not os.path.exists(path):
        return {}
    with open(path, newline="") as fh:
        return {tuple(r[p] for p in pset.params): r for r in csv.DictReader(fh)
                if r.get("status") == "ok"}


def run(args):
    args.measured = measured_name(args)
    pset = PublishedSet(args.folder, args.measured, args.measurements)
    check_example(pset)
    check_columns(pset)
    tools = Tools(args)
    table = read_table(args.gpu, tools.tables)
    arch = args.arch or cuda_arch(table)
    rows = pset.rows if not args.sample else sample_rows(pset, args.sample, args.seed)
    out_path = args.out or os.path.join(REPO, "build", "validation", "published",
                                        "%s-%s-%s.csv" % (os.path.basename(pset.folder.rstrip("/")),
                                                          args.measured, args.gpu))
    os.makedirs(os.path.dirname(os.path.abspath(out_path)), exist_ok=True)
    done = read_done(out_path, pset) if args.resume else {}
    todo = [r for r in rows if config_key(pset, r) not in done]
    results = dict(done)
    workdir = tempfile.mkdtemp(prefix="warpest-published-")
    tools.make_pch(pset, arch, workdir)
    lock = threading.Lock()
    t_start = time.time()
    n_done = [0]

    def progress(final=False):
        el = time.time() - t_start
        rate = n_done[0] / el if el > 0 else 0
        left = (len(todo) - n_done[0]) / rate if rate > 0 else 0
        msg = "\rpublished %s/%s on %s: %d/%d done, %.2f configs/s, %d s left " % (
            os.path.basename(pset.folder.rstrip("/")), args.measured, args.gpu,
            n_done[0] + len(done), len(rows), rate, left)
        if not args.quiet:
            sys.stderr.write(msg + ("\n" if final else ""))
            sys.stderr.flush()

    def work(row):
        res = predict_one(pset, tools, args.gpu, table, arch, row, workdir)
        with lock:
            results[config_key(pset, row)] = res
            n_done[0] += 1
            progress()
            if n_done[0] % 50 == 0:
                write_csv(out_path, pset, ordered(pset, rows, results))
        return res

    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as ex:
            list(ex.map(work, todo))
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
        write_csv(out_path, pset, ordered(pset, rows, results))
    progress(final=True)
    final = ordered(pset, rows, results)
    failed = [r for r in final if r.get("status") != "ok"]
    print("wrote %s: %d configurations, %d with a prediction, %d without"
          % (out_path, len(final), len(final) - len(failed), len(failed)))
    for r in failed[:10]:
        print("  no prediction for %s: %s" % (
            ", ".join("%s=%s" % (p, r[p]) for p in pset.params), r.get("status")))
    stats_out(args, pset, final)
    return 1 if failed and args.strict else 0


def ordered(pset, rows, results):
    return [results[config_key(pset, r)] for r in rows if config_key(pset, r) in results]


def stats_out(args, pset, rows):
    from . import rank_stats
    s = rank_stats.summary([r for r in rows if r.get("status") == "ok"], pset.params)
    s["set"] = os.path.basename(pset.folder.rstrip("/"))
    s["measured"] = args.measured
    s["measurements"] = pset.csv_path
    s["gpu"] = args.gpu
    s["n_configurations"] = len(rows)
    s["n_without_prediction"] = sum(1 for r in rows if r.get("status") != "ok")
    print(format_stats(s))
    if args.stats_json:
        with open(args.stats_json, "w") as fh:
            json.dump(s, fh, indent=1, sort_keys=True)
            fh.write("\n")
    if args.plot:
        from . import plots
        plots.published_scatter(rows, args.plot, "%s %s (%s)" % (s["set"], args.measured, args.gpu))


def format_stats(s):
    def f(v, fmt="%.3f"):
        return "-" if v is None else fmt % v
    return ("n=%d spearman=%s kendall_median=%s kendall_p10=%s (%d sweeps) best_ratio=%s "
            "(sweep median %s) recall_top1_in_top10=%s median_ape=%s%%"
            % (s["n"], f(s["spearman"]), f(s["kendall_median"]), f(s["kendall_p10"]),
               s.get("n_sweeps", 0), f(s["best_ratio"]), f(s.get("best_ratio_sweep_median")),
               f(s["recall_top1_in_top10"]), f(s["median_ape"], "%.1f")))


def stats_from_csv(args):
    """Statistics of a finished run's CSV (no compiling)."""
    args.measured = measured_name(args)
    pset = PublishedSet(args.folder, args.measured, args.measurements)
    with open(args.csv, newline="") as fh:
        rows = list(csv.DictReader(fh))
    args.gpu = args.gpu or "?"
    stats_out(args, pset, rows)
    return 0


def add_parser(sub):
    p = sub.add_parser("published", help="predict a published Kernel Tuner set and compare "
                       "with its measurements (no GPU needed)")
    p.add_argument("folder", help="set folder: setup.json, kernel/, measurements/NAME.csv")
    p.add_argument("--measured", help="measurements/NAME.csv to compare with (e.g. A100)")
    p.add_argument("--measurements", metavar="FILE",
                   help="compare with this CSV (published format, the set's tune parameters) instead of "
                        "the folder's measurements/NAME.csv; NAME defaults to the file's name "
                        "(e.g. data/measured/h100/kt/hotspot/H100.csv)")
    p.add_argument("--gpu", required=True, help="warpest hardware table id")
    p.add_argument("--sample", type=int, default=0,
                   help="predict N configurations (whole block-shape sweeps, drawn per thread count)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    p.add_argument("--out", help="CSV (default build/validation/published/SET-NAME-GPU.csv)")
    p.add_argument("--resume", action="store_true", help="keep rows of --out that have a prediction")
    p.add_argument("--stats-json", help="write the statistics as one JSON object here")
    p.add_argument("--plot", help="PNG: predicted vs measured, coloured by predicted limiter")
    p.add_argument("--from-csv", dest="csv", help="statistics (and plot) of an earlier run's CSV; compiles nothing")
    p.add_argument("--arch", help="sm_XY (default: from the hardware table)")
    p.add_argument("--clang"), p.add_argument("--ptxas"), p.add_argument("--plugin")
    p.add_argument("--warpest"), p.add_argument("--tables")
    p.add_argument("--cuda-path", default="/usr/local/cuda")
    p.add_argument("--no-pch", action="store_true", help="parse CUDA's headers in every compile")
    p.add_argument("--resources", choices=("auto", "clang", "nvcc"), default="auto",
                   help="registers and spills from nvcc -Xptxas -v, the measurement's compiler, or "
                        "from ptxas on clang's PTX; auto (default): nvcc where it is found, else clang")
    p.add_argument("--nvcc")
    p.add_argument("--strict", action="store_true", help="exit 1 when a configuration gets no prediction")
    p.add_argument("--quiet", action="store_true", help="no progress line")
    p.set_defaults(func=cmd_published)
    return p


def cmd_published(args):
    try:
        if args.csv:
            return stats_from_csv(args)
        return run(args)
    except SetupError as e:
        print("validate published: %s" % e, file=sys.stderr)
        return 2
