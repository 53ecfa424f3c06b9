"""Joins ncu measurements and warpest predictions into one CSV.

A run directory (written by `scripts/validate run`, or by hand) holds:
  plan.csv              one row per point: point_id, kernel, sweep, variant,
                        block_x/y/z, nx, ny, nz, batch, position, repeat
  ncu/<batch>.csv       ncu --csv output of one launcher process; its launches
                        are the batch's points in `position` order, each
                        `repeat` times
  warpest/<point_id>.json   `warpest estimate --json` for the point
The combined CSV has one row per point: the configuration, then for each
report metric `measured_<key>` and `predicted_<key>`, then extra measured
counters and checks.
"""

import csv
import json
import os

from . import metrics, ncu_csv, sweep

PLAN_COLUMNS = ["point_id", "kernel", "sweep", "variant", "block_x", "block_y", "block_z",
                "nx", "ny", "nz", "batch", "position", "repeat"]

CONFIG_COLUMNS = ["point_id", "kernel", "sweep", "variant", "block_x", "block_y", "block_z",
                  "threads_per_block", "nx", "ny", "nz", "grid_x", "grid_y", "grid_z"]
EXTRA_COLUMNS = (["measured_" + k for k, _ in metrics.EXTRA_NCU] +
                 ["predicted_bottleneck", "predicted_blocks_per_sm", "predicted_waves",
                  "launches", "check", "ncu_csv", "warpest_json"])


def columns():
    cols = list(CONFIG_COLUMNS)
    for key in metrics.REPORT_KEYS:
        cols += ["measured_" + key, "predicted_" + key]
    return cols + EXTRA_COLUMNS


def plan_batches(points, batch_size):
    """Launcher batches: points of one kernel and one sweep, in order, at most
    batch_size each. The id names both, so that runs of other sweeps into the
    same directory never reuse a batch's files."""
    size = max(1, batch_size)
    batches = {}
    for kernel, sweep_name in sorted({(p.kernel, p.sweep) for p in points}):
        kpts = [p for p in points if p.kernel == kernel and p.sweep == sweep_name]
        for start in range(0, len(kpts), size):
            batches["%s-%s-%04d" % (kernel, sweep_name, start // size)] = kpts[start:start + size]
    return batches


def write_plan(path, points, batch_size, repeat=1):
    """Assigns points to launcher batches (plan_batches) and writes plan.csv,
    keeping the rows of earlier runs into the same directory whose points
    this run does not plan again. Returns {batch_id: [points in order]}."""
    batches = plan_batches(points, batch_size)
    planned = {p.point_id for p in points}
    kept = []
    if os.path.exists(path):
        kept = [r for r in read_plan(path)
                if r["point_id"] not in planned and r["batch"] not in batches]
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(PLAN_COLUMNS)
        for r in kept:
            w.writerow([r.get(c, "") for c in PLAN_COLUMNS])
        for bid, pts in batches.items():
            for pos, p in enumerate(pts):
                w.writerow([p.point_id, p.kernel, p.sweep, p.variant] + list(p.block) +
                           list(p.domain) + [bid, pos, repeat])
    return batches


def read_plan(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def _fmt(v):
    if v is None:
        return ""
    if isinstance(v, float):
        return repr(v) if v != int(v) or abs(v) >= 1e15 else str(int(v))
    return str(v)


def assemble(run_dir, out_csv=None, plan_path=None, ncu_dir=None, warpest_dir=None):
    """Builds the combined rows; writes them to out_csv when given.
    Returns (rows, problems): problems lists every mismatch found (missing
    files, launch counts, block shapes or grids that disagree)."""
    plan_path = plan_path or os.path.join(run_dir, "plan.csv")
    ncu_dir = ncu_dir or os.path.join(run_dir, "ncu")
    warpest_dir = warpest_dir or os.path.join(run_dir, "warpest")
    plan = read_plan(plan_path)
    problems = []

    by_batch = {}
    for row in plan:
        by_batch.setdefault(row["batch"], []).append(row)
    launches_of = {}
    for bid, prow in by_batch.items():
        prow.sort(key=lambda r: int(r["position"]))
        path = os.path.join(ncu_dir, bid + ".csv")
        if not os.path.exists(path):
            problems.append("%s: missing (batch not measured)" % path)
            continue
        try:
            results = ncu_csv.parse_file(path)
        except ncu_csv.NcuParseError as e:
            problems.append("%s: %s" % (path, e))
            continue
        spec = sweep.KERNELS.get(prow[0]["kernel"])
        if spec is not None:
            results = ncu_csv.select(results, spec.kernel_regex())
        repeat = int(prow[0].get("repeat") or 1)
        if len(results) != repeat * len(prow):
            problems.append("%s: %d kernel launches, plan expects %d" %
                            (path, len(results), repeat * len(prow)))
        for i, r in enumerate(prow):
            launches_of[r["point_id"]] = (path, results[i * repeat:(i + 1) * repeat])

    rows = []
    for p in plan:
        pid = p["point_id"]
        block = (int(p["block_x"]), int(p["block_y"]), int(p["block_z"]))
        row = {c: "" for c in columns()}
        row.update({k: p[k] for k in ("point_id", "kernel", "sweep", "variant", "block_x",
                                      "block_y", "block_z", "nx", "ny", "nz")})
        row["threads_per_block"] = block[0] * block[1] * block[2]
        checks = []

        ncu_path, launches = launches_of.get(pid, ("", []))
        row["ncu_csv"] = os.path.relpath(ncu_path, run_dir) if ncu_path else ""
        row["launches"] = len(launches)
        if launches:
            first = launches[0]
            if first.grid:
                row["grid_x"], row["grid_y"], row["grid_z"] = first.grid
            spec = sweep.KERNELS.get(p["kernel"])
            if spec is not None and p["variant"] in spec.variants:
                want = spec.variants[p["variant"]][0]
                if any(l.kernel != want for l in launches):
                    checks.append("kernel %s, expected %s" % (first.kernel, want))
            if any(l.block is not None and l.block != block for l in launches):
                checks.append("ncu block %s" % (first.block,))
            for key, ncu_name, _unit in metrics.METRICS:
                row["measured_" + key] = _fmt(ncu_csv.median_over_launches(launches, ncu_name))
            for key, ncu_name in metrics.EXTRA_NCU:
                row["measured_" + key] = _fmt(ncu_csv.median_over_launches(launches, ncu_name))
        else:
            checks.append("no measurement")

        wpath = os.path.join(warpest_dir, pid + ".json")
        if os.path.exists(wpath):
            row["warpest_json"] = os.path.relpath(wpath, run_dir)
            try:
                with open(wpath) as f:
                    report = json.load(f)
            except (OSError, ValueError) as e:
                report = None
                checks.append("bad warpest JSON: %s" % e)
            if report is not None:
                fill_predictions(row, report, checks)
        else:
            checks.append("no prediction")
        row["check"] = "ok" if not checks else "; ".join(checks)
        if checks:
            problems.append("%s: %s" % (pid, row["check"]))
        rows.append(row)

    if out_csv:
        write_rows(out_csv, rows)
    return rows, problems


def fill_predictions(row, report, checks):
    """Copies the report's metrics (docs/report-format.md) into the row and
    compares the report's grid with the one ncu saw."""
    m = report.get("metrics", {}) or {}
    for key in metrics.REPORT_KEYS:
        v = m.get(key)
        if v is None and key == "time_seconds":
            v = report.get("predicted_seconds")
        row["predicted_" + key] = _fmt(float(v)) if isinstance(v, (int, float)) else ""
    row["predicted_bottleneck"] = report.get("bottleneck", "")
    occ = report.get("occupancy") or {}
    row["predicted_blocks_per_sm"] = _fmt(occ.get("blocks_per_sm"))
    wave = report.get("wave") or {}
    row["predicted_waves"] = _fmt(wave.get("waves"))
    grid = (report.get("config") or {}).get("grid")
    if grid and row.get("grid_x") != "":
        measured = [int(row["grid_x"]), int(row["grid_y"]), int(row["grid_z"])]
        if [int(g) for g in grid] != measured:
            checks.append("grid: warpest %s, launcher %s" % (list(grid), measured))


def write_rows(path, rows):
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=columns(), extrasaction="ignore")
        w.writeheader()
        for r in rows:
            w.writerow(r)


def read_rows(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def number(text):
    """CSV cell -> float or None."""
    if text is None or text == "":
        return None
    try:
        return float(text)
    except ValueError:
        return None
