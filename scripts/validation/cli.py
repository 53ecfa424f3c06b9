"""`scripts/validate`: measure with Nsight Compute, predict with warpest,
compare. Subcommands: run (needs a GPU), predict, assemble, stats, plot,
fit.
See docs/validation.md."""

import argparse
import datetime
import json
import os
import re
import shutil
import subprocess
import sys

from . import assemble as asm
from . import fit as fitmod
from . import metrics, ncu_csv, published, stats, sweep

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def _default_warpest():
    for cand in ("build/runtime/warpest", "build/warpest"):
        p = os.path.join(REPO, cand)
        if os.path.exists(p):
            return p
    return shutil.which("warpest") or os.path.join(REPO, "build", "runtime", "warpest")


def _points(args):
    pts = []
    for k in args.kernel:
        if k not in sweep.KERNELS:
            raise SystemExit("validate: unknown kernel %r (known: %s)" % (k, ", ".join(sweep.KERNELS)))
        for s in args.sweep:
            pts += sweep.sweep_points(k, s)
    seen = set()
    unique = []
    for p in pts:
        if p.point_id not in seen:
            seen.add(p.point_id)
            unique.append(p)
    if args.limit:
        unique = unique[: args.limit]
    return unique


def _say(text):
    print(text, flush=True)


def parse_ptxas_registers(text):
    """ptxas -v output -> {function (demangled short name): registers}."""
    regs = {}
    current = None
    for line in text.splitlines():
        m = re.search(r"Compiling entry function '([^']+)'", line)
        if m:
            current = m.group(1)
            mm = re.match(r"_Z(\d+)(\w+)", current)
            if mm:
                current = mm.group(2)[: int(mm.group(1))]
            continue
        m = re.search(r"Used (\d+) registers", line)
        if m and current:
            regs[current] = int(m.group(1))
    return regs


def cmd_run(args):
    pts = _points(args)
    out = os.path.abspath(args.out)
    build_dir = os.path.join(out, "build")
    dry = args.dry_run
    for k in args.kernel:
        spec = sweep.KERNELS[k]
        for f in (os.path.join(REPO, spec.source), os.path.join(REPO, spec.model)):
            if not os.path.exists(f) and not dry:
                raise SystemExit("validate: %s is missing (kernel %s not ready)" % (f, k))

    if dry:
        _say("# scripts/validate run --dry-run: %d points, batch size %d" % (len(pts), args.batch_size))
        _say("mkdir -p %s %s/ncu %s/warpest %s/points" % ((sweep.quote([build_dir]),) + (sweep.quote([out]),) * 3))
    else:
        for d in (build_dir, os.path.join(out, "ncu"), os.path.join(out, "warpest"),
                  os.path.join(out, "points")):
            os.makedirs(d, exist_ok=True)

    # 1. build the launchers (register counts from ptxas -v kept beside them)
    for k in args.kernel:
        cmd = sweep.build_command(REPO, build_dir, k, args.arch, args.nvcc)
        log = os.path.join(build_dir, "ptxas_%s.txt" % k)
        if dry:
            _say(sweep.quote(cmd) + " 2> " + sweep.quote([log]))
            continue
        if args.skip_build and os.path.exists(sweep.launcher_binary(build_dir, k)):
            continue
        if build_launcher(build_dir, k, args.arch, args.nvcc) is None:
            with open(log) as f:
                sys.stderr.write(f.read())
            raise SystemExit("validate: building the %s launcher failed" % k)

    # 2. the plan
    plan_path = os.path.join(out, "plan.csv")
    if dry:
        batches = asm.plan_batches(pts, args.batch_size)
        _say("# plan: %s (%d batches)" % (plan_path, len(batches)))
    else:
        batches = asm.write_plan(plan_path, pts, args.batch_size, args.repeat)

    # 3. predictions (CPU only), with the registers ptxas gave the launcher's kernels
    regs = None
    if args.registers == "ptxas":
        regs = {k: launcher_registers(build_dir, k) for k in args.kernel}
    predict_points(pts, out, args.warpest, args.gpu, args.warpest_arg, args.force, dry, regs)

    # 4. measurements
    for bid, bpts in batches.items():
        kernel = bpts[0].kernel
        binary = sweep.launcher_binary(build_dir, kernel)
        log = os.path.join(out, "ncu", bid + ".csv")
        if len(bpts) == 1:
            largs = sweep.launcher_args(bpts[0])
            pfile = None
        else:
            pfile = os.path.join(out, "points", bid + ".txt")
            largs = ["--points", pfile]
        if args.repeat > 1:
            largs = largs + ["--repeat", str(args.repeat)]
        cmd = sweep.ncu_command(binary, log, kernel, largs, args.ncu, args.clock_control,
                                args.ncu_arg)
        if dry:
            if pfile:
                _say("cat > %s <<'EOF'\n%s\nEOF" % (sweep.quote([pfile]),
                                                    "\n".join(sweep.points_file_lines(bpts))))
            _say(sweep.quote(cmd))
            continue
        if os.path.exists(log) and not args.force and _batch_complete(log, kernel, len(bpts) * args.repeat):
            continue
        if pfile:
            with open(pfile, "w") as f:
                f.write("\n".join(sweep.points_file_lines(bpts)) + "\n")
        _say("validate: measuring %s (%d points)" % (bid, len(bpts)))
        r = subprocess.run(cmd, capture_output=True, text=True)
        with open(os.path.join(out, "ncu", bid + ".stdout"), "w") as f:
            f.write(r.stdout + r.stderr)
        if r.returncode != 0:
            sys.stderr.write(r.stdout[-2000:] + r.stderr[-2000:])
            raise SystemExit("validate: ncu failed for batch %s (exit %d); completed batches are kept, "
                             "run again to resume" % (bid, r.returncode))

    if dry:
        _say(sweep.quote([sys.argv[0], "assemble", "--run", out]))
        return 0
    rows, problems = asm.assemble(out, os.path.join(out, "results.csv"))
    for p in problems:
        sys.stderr.write("validate: %s\n" % p)
    _say("validate: wrote %s (%d rows)" % (os.path.join(out, "results.csv"), len(rows)))
    _say(stats.markdown(rows, os.path.join(out, "results.csv")))
    return 0


def launcher_registers(build_dir, kernel):
    """{CUDA function name: registers per thread} from the launcher's ptxas -v
    (BUILD/registers_<kernel>.json, written when the launcher is built), or
    {} when the launcher was not built here."""
    path = os.path.join(build_dir, "registers_%s.json" % kernel)
    try:
        with open(path) as f:
            return {str(k): int(v) for k, v in json.load(f).items()}
    except (OSError, ValueError):
        return {}


def registers_args(point, regs):
    """`--registers R` for the point's kernel function when ptxas's count is
    known, else nothing (warpest then takes the model's `resources.registers`)."""
    fn = sweep.KERNELS[point.kernel].variants[point.variant][0]
    return ["--registers", str(regs[fn])] if fn in regs else []


def predict_points(pts, out, warpest, gpu, extra=(), force=False, dry=False, registers=None):
    """`warpest estimate --json` for every point into OUT/warpest/<point_id>.json;
    a prediction whose JSON exists is kept unless force. registers:
    {kernel: {function: registers}} from the launchers' ptxas (passed as
    `--registers`), or None for the models' own. Returns (made, kept, failed)
    counts. Runs warpest only, never nvcc or ncu."""
    made = kept = failed = 0
    for p in pts:
        reg = registers_args(p, (registers or {}).get(p.kernel, {}))
        cmd = sweep.warpest_command(warpest, REPO, p, gpu, list(reg) + list(extra))
        dest = os.path.join(out, "warpest", p.point_id + ".json")
        if dry:
            _say(sweep.quote(cmd) + " > " + sweep.quote([dest]))
            continue
        if os.path.exists(dest) and not force:
            kept += 1
            continue
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode != 0:
            sys.stderr.write("validate: warpest failed for %s: %s\n" % (p.point_id, r.stderr.strip()))
            failed += 1
            continue
        with open(dest, "w") as f:
            f.write(r.stdout)
        made += 1
    return made, kept, failed


def points_from_plan(plan_rows):
    """The plan's rows as sweep.Point objects, in plan order. A row whose
    point_id is not the one its columns spell is refused (the plan was made
    by another version of the sweep definitions)."""
    pts = []
    for r in plan_rows:
        if r["kernel"] not in sweep.KERNELS:
            raise SystemExit("validate: plan row %s: unknown kernel %r" % (r["point_id"], r["kernel"]))
        p = sweep.Point(r["kernel"], r["sweep"], r["variant"],
                        (int(r["block_x"]), int(r["block_y"]), int(r["block_z"])),
                        (int(r["nx"]), int(r["ny"]), int(r["nz"])))
        if p.point_id != r["point_id"]:
            raise SystemExit("validate: plan row %s spells point %s" % (r["point_id"], p.point_id))
        pts.append(p)
    return pts


def build_launcher(build_dir, kernel, arch="sm_90", nvcc="nvcc"):
    """Builds the kernel's launcher (nvcc -Xptxas -v): writes ptxas's output
    to BUILD/ptxas_<kernel>.txt and, on success, its register counts to
    BUILD/registers_<kernel>.json. Returns {function: registers}, or None
    when nvcc failed."""
    os.makedirs(build_dir, exist_ok=True)
    r = subprocess.run(sweep.build_command(REPO, build_dir, kernel, arch, nvcc),
                       capture_output=True, text=True)
    with open(os.path.join(build_dir, "ptxas_%s.txt" % kernel), "w") as f:
        f.write(r.stderr)
    if r.returncode != 0:
        return None
    regs = parse_ptxas_registers(r.stderr)
    with open(os.path.join(build_dir, "registers_%s.json" % kernel), "w") as f:
        json.dump(regs, f, indent=1)
    return regs


def compile_for_registers(build_dir, kernel, arch="sm_90", nvcc="nvcc"):
    """The launcher's register counts, building it as `run` does
    (build_launcher); {} when nvcc is missing or fails."""
    if shutil.which(nvcc) is None and not os.path.exists(nvcc):
        return {}
    return build_launcher(build_dir, kernel, arch, nvcc) or {}


def cmd_predict(args):
    """Predictions for the points of an existing run directory (its plan.csv,
    e.g. measurements made on a GPU machine without predictions), then
    assemble. Nothing is built or measured."""
    run_dir = os.path.abspath(args.run)
    plan = asm.read_plan(args.plan or os.path.join(run_dir, "plan.csv"))
    pts = points_from_plan(plan)
    if args.kernel:
        pts = [p for p in pts if p.kernel in args.kernel]
    if args.sweep:
        pts = [p for p in pts if p.sweep in args.sweep]
    warpest = args.warpest or _default_warpest()
    if not args.dry_run:
        os.makedirs(os.path.join(run_dir, "warpest"), exist_ok=True)
    regs = None
    if args.registers == "ptxas":
        regs = {}
        build_dir = os.path.join(run_dir, "build")
        for k in sorted({p.kernel for p in pts}):
            regs[k] = launcher_registers(build_dir, k)
            if not regs[k] and not args.dry_run:
                regs[k] = compile_for_registers(build_dir, k, args.arch, args.nvcc)
            if not regs[k]:
                sys.stderr.write("validate: no ptxas register count for %s (launcher not built, no "
                                 "nvcc); predicting with the model's registers\n" % k)
    made, kept, failed = predict_points(pts, run_dir, warpest, args.gpu, args.warpest_arg,
                                        args.force, args.dry_run, regs)
    if args.dry_run:
        return 0
    _say("validate: %d predictions made, %d kept, %d failed (%d points)" % (made, kept, failed, len(pts)))
    if args.no_assemble:
        return 1 if failed else 0
    out = args.out or os.path.join(run_dir, "results.csv")
    rows, problems = asm.assemble(run_dir, out, args.plan)
    for p in problems:
        sys.stderr.write("validate: %s\n" % p)
    _say("validate: wrote %s (%d rows, %d with problems)" % (out, len(rows), len(problems)))
    return 1 if failed else 0


def _batch_complete(path, kernel, expected):
    try:
        res = ncu_csv.select(ncu_csv.parse_file(path), sweep.KERNELS[kernel].kernel_regex())
    except (OSError, ncu_csv.NcuParseError):
        return False
    return len(res) == expected


def cmd_assemble(args):
    out = args.out or os.path.join(args.run, "results.csv")
    rows, problems = asm.assemble(args.run, out, args.plan, args.ncu_dir, args.warpest_dir)
    for p in problems:
        sys.stderr.write("validate: %s\n" % p)
    _say("validate: wrote %s (%d rows, %d with problems)" % (out, len(rows), len(problems)))
    return 1 if problems and args.strict else 0


BEGIN_MARK = "<!-- validate-stats:begin -->"
END_MARK = "<!-- validate-stats:end -->"


def cmd_stats(args):
    labels = list(args.label or [])
    if labels and len(labels) != len(args.csv):
        raise SystemExit("validate: --label given %d times for %d CSVs" % (len(labels), len(args.csv)))
    parts = []
    for i, path in enumerate(args.csv):
        rows = asm.read_rows(path)
        head = "#### %s\n\n" % labels[i] if labels else ""
        parts.append(head + stats.markdown(rows, path))
    if args.repeat:
        a, b = args.repeat
        head = "#### %s\n\n" % args.repeat_label if args.repeat_label else ""
        parts.append(head + stats.noise_markdown(asm.read_rows(a), asm.read_rows(b), a, b))
    text = "\n".join(parts)
    if args.out:
        with open(args.out, "w") as f:
            f.write(text)
    if args.accuracy_doc:
        with open(args.accuracy_doc) as f:
            doc = f.read()
        if BEGIN_MARK not in doc or END_MARK not in doc:
            raise SystemExit("validate: %s has no %s ... %s section" % (args.accuracy_doc, BEGIN_MARK, END_MARK))
        head, rest = doc.split(BEGIN_MARK, 1)
        _, tail = rest.split(END_MARK, 1)
        stamp = "Measured: %s, `scripts/validate stats`.\n\n" % datetime.date.today().isoformat()
        with open(args.accuracy_doc, "w") as f:
            f.write(head + BEGIN_MARK + "\n" + stamp + text + END_MARK + tail)
    if not args.out and not args.accuracy_doc:
        sys.stdout.write(text)
    return 0


def cmd_plot(args):
    from . import plots
    if not plots.have_matplotlib():
        py = plots.matplotlib_python()
        if py is None:
            raise SystemExit("validate: matplotlib is not available (apt-get install python3-matplotlib)")
        # Debian's interpreter has python3-matplotlib; re-run under it.
        return subprocess.call([py, os.path.join(REPO, "scripts", "validate")] + sys.argv[1:])
    rows = asm.read_rows(args.csv)
    written = plots.plot_all(rows, args.out)
    for w in written:
        _say("validate: wrote %s" % w)
    return 0 if written else 1


def cmd_fit(args):
    curve_key = "hit_" + args.curve
    table_path = args.table or os.path.join(REPO, "runtime", "tables", args.gpu + ".json")
    table_text = None
    current = tuple(args.current) if args.current else None
    if os.path.exists(table_path):
        with open(table_path) as f:
            table_text = f.read()
        if current is None:
            current = fitmod.table_curve(json.loads(table_text), curve_key)
    if current is None:
        current = (1.0, 37.1, 3.2)  # SPEC 5.4's published earlier-wave overlap constants
    if args.pairs:
        samples = fitmod.samples_from_pairs(fitmod.read_pairs_csv(args.pairs))
        source_csv = args.pairs
    else:
        rows = asm.read_rows(args.csv)
        samples = fitmod.samples_from_run(rows, os.path.dirname(os.path.abspath(args.csv)), current,
                                          args.min_overlap_fraction)
        source_csv = args.csv
    if len(samples) < 3:
        raise SystemExit("validate: %d usable points; a fit needs at least 3 (points need reusable "
                         "volume in layer_conditions and a measured DRAM read volume)" % len(samples))
    res = fitmod.fit_gompertz(samples, robust=not args.no_robust)
    shown = os.path.abspath(source_csv)
    if shown.startswith(REPO + os.sep):
        shown = os.path.relpath(shown, REPO)  # repository paths stay short and portable
    source = fitmod.source_string(res["n"], shown)
    _say("validate: %s: a=%.6g b=%.6g c=%.6g (rms %.4g over %d points; was a=%g b=%g c=%g)" % (
        (curve_key, res["a"], res["b"], res["c"], res["rms"], res["n"]) + tuple(current)))
    if args.plot:
        from . import plots
        if plots.have_matplotlib():
            plots.fit_plot(samples, (res["a"], res["b"], res["c"]), args.plot)
            _say("validate: wrote %s" % args.plot)
        else:
            sys.stderr.write("validate: no matplotlib here; skipped %s\n" % args.plot)
    if args.dry_run:
        return 0
    if table_text is None:
        raise SystemExit("validate: table %s not found; nothing written" % table_path)
    new_text = fitmod.update_table_text(table_text, curve_key, (res["a"], res["b"], res["c"]), source)
    dest = args.output or table_path
    with open(dest, "w") as f:
        f.write(new_text)
    _say("validate: wrote %s (%s)" % (dest, source))
    return 0


def build_parser():
    ap = argparse.ArgumentParser(prog="scripts/validate", description=__doc__)
    sub = ap.add_subparsers(dest="command", required=True)

    r = sub.add_parser("run", help="build launchers, predict with warpest, measure with ncu, assemble")
    r.add_argument("--out", default=os.path.join(REPO, "build", "validation"))
    r.add_argument("--kernel", action="append", help="kernel (default stencil3d25); repeatable")
    r.add_argument("--sweep", action="append", choices=sweep.SWEEPS,
                   help="sweep (default: shapes256, shapes1024, domain); repeatable")
    r.add_argument("--gpu", default="h100-sxm", help="warpest hardware table id")
    r.add_argument("--arch", default="sm_90", help="nvcc -arch")
    r.add_argument("--warpest", default=None)
    r.add_argument("--ncu", default="ncu")
    r.add_argument("--nvcc", default="nvcc")
    r.add_argument("--batch-size", type=int, default=32,
                   help="configurations per launcher process (1: one ncu run per point)")
    r.add_argument("--repeat", type=int, default=1, help="launches per configuration (median taken)")
    r.add_argument("--clock-control", default="none", choices=("none", "base"))
    r.add_argument("--ncu-arg", action="append", default=[], help="extra ncu argument; repeatable")
    r.add_argument("--warpest-arg", action="append", default=[], help="extra warpest argument; repeatable")
    r.add_argument("--limit", type=int, default=0, help="only the first N points")
    r.add_argument("--force", action="store_true", help="redo points already measured or predicted")
    r.add_argument("--skip-build", action="store_true")
    r.add_argument("--registers", choices=("ptxas", "model"), default="ptxas",
                   help="registers per thread for warpest: ptxas's for the launcher's kernels "
                   "(default; the model's where the launcher has no count) or the model's own")
    r.add_argument("--dry-run", action="store_true", help="print the commands, run nothing")
    r.set_defaults(func=cmd_run)
    published.add_parser(sub)

    pr = sub.add_parser("predict", help="predict the points of a run's plan.csv with warpest, then "
                        "assemble (no build, no measurement)")
    pr.add_argument("--run", required=True, help="run directory (plan.csv, ncu/)")
    pr.add_argument("--gpu", required=True, help="warpest hardware table id (h100-sxm, h200, ...)")
    pr.add_argument("--plan", help="plan CSV (default RUN/plan.csv)")
    pr.add_argument("--kernel", action="append", help="only these kernels; repeatable")
    pr.add_argument("--sweep", action="append", choices=sweep.SWEEPS, help="only these sweeps; repeatable")
    pr.add_argument("--warpest", default=None)
    pr.add_argument("--warpest-arg", action="append", default=[], help="extra warpest argument; repeatable")
    pr.add_argument("--force", action="store_true", help="redo predictions whose JSON exists")
    pr.add_argument("--registers", choices=("ptxas", "model"), default="ptxas",
                    help="registers per thread: ptxas's for the launcher's kernels (RUN/build/"
                    "registers_<kernel>.json, else nvcc -Xptxas -v is run for them; default), or the "
                    "kernel model's own")
    pr.add_argument("--arch", default="sm_90", help="nvcc -arch (for --registers ptxas)")
    pr.add_argument("--nvcc", default="nvcc")
    pr.add_argument("--out", help="combined CSV (default RUN/results.csv)")
    pr.add_argument("--no-assemble", action="store_true")
    pr.add_argument("--dry-run", action="store_true", help="print the warpest commands, run nothing")
    pr.set_defaults(func=cmd_predict)

    a = sub.add_parser("assemble", help="ncu CSVs + warpest JSONs -> one CSV")
    a.add_argument("--run", required=True, help="run directory (plan.csv, ncu/, warpest/)")
    a.add_argument("--out", help="combined CSV (default RUN/results.csv)")
    a.add_argument("--plan")
    a.add_argument("--ncu-dir")
    a.add_argument("--warpest-dir")
    a.add_argument("--strict", action="store_true", help="exit 1 when any point has a problem")
    a.set_defaults(func=cmd_assemble)

    s = sub.add_parser("stats", help="errors per metric, rank quality per sweep (markdown)")
    s.add_argument("csv", nargs="+", help="combined CSV(s); one set of tables each")
    s.add_argument("--label", action="append", help="heading for each CSV, in order; repeatable")
    s.add_argument("--repeat", nargs=2, metavar=("FIRST", "SECOND"),
                   help="two combined CSVs of the same points measured twice: run-to-run noise")
    s.add_argument("--repeat-label", help="heading for the noise table")
    s.add_argument("--out", help="write the markdown here")
    s.add_argument("--accuracy-doc", help="replace the marked section of this file (docs/accuracy.md)")
    s.set_defaults(func=cmd_stats)

    p = sub.add_parser("plot", help="PNG plots")
    p.add_argument("csv")
    p.add_argument("--out", default=os.path.join(REPO, "build", "validation", "plots"))
    p.set_defaults(func=cmd_plot)

    f = sub.add_parser("fit", help="fit a Gompertz hit-rate curve into a hardware table")
    src = f.add_mutually_exclusive_group(required=True)
    src.add_argument("--csv", help="combined CSV of a run (reads the warpest JSON of each point)")
    src.add_argument("--pairs", help="CSV with columns oversubscription, miss_rate")
    f.add_argument("--gpu", default="h100-sxm", help="table id: runtime/tables/<id>.json")
    f.add_argument("--table", help="table path (overrides --gpu)")
    f.add_argument("--output", help="write the table here instead of in place")
    f.add_argument("--curve", default="wave_overlap",
                   choices=("wave_overlap", "l1_redundant", "l2_load", "l2_store"))
    f.add_argument("--current", type=float, nargs=3, metavar=("A", "B", "C"),
                   help="parameters the estimates ran with (default: the table's)")
    f.add_argument("--min-overlap-fraction", type=float, default=0.02,
                   help="skip points whose reusable volume is below this share of the measured volume")
    f.add_argument("--no-robust", action="store_true", help="plain least squares, no Huber weights")
    f.add_argument("--plot", help="PNG of the points and the fitted curve")
    f.add_argument("--dry-run", action="store_true", help="fit and print, write no table")
    f.set_defaults(func=cmd_fit)
    return ap


def main(argv=None):
    args = build_parser().parse_args(argv)
    if args.command == "run":
        args.kernel = args.kernel or ["stencil3d25"]
        args.sweep = args.sweep or ["shapes256", "shapes1024", "domain"]
        args.warpest = args.warpest or _default_warpest()
    return args.func(args)
