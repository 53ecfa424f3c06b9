"""Accuracy statistics: absolute percentage errors per metric, and rank
quality per sweep (Kendall tau-b, and how the predicted best configuration
performs compared with the measured best)."""

import math

from . import metrics
from .assemble import number


def ape(predicted, measured):
    """Absolute percentage error in percent; None when it is undefined
    (measured zero with a non-zero prediction, or a value missing)."""
    if predicted is None or measured is None:
        return None
    if measured == 0:
        return 0.0 if predicted == 0 else None
    return abs(predicted - measured) / abs(measured) * 100.0


def percentile(values, q):
    """q-th percentile (0..100) with linear interpolation between closest
    ranks (the usual definition: position (n-1)*q/100 in the sorted list)."""
    v = sorted(values)
    if not v:
        return None
    pos = (len(v) - 1) * q / 100.0
    lo = int(math.floor(pos))
    hi = min(lo + 1, len(v) - 1)
    return v[lo] + (v[hi] - v[lo]) * (pos - lo)


def median(values):
    return percentile(values, 50.0)


def kendall_tau_b(xs, ys):
    """Kendall's tau-b between two equally long sequences, with ties:
    (concordant - discordant) / sqrt((n0 - n1) * (n0 - n2)), where n0 is the
    number of pairs, n1 the pairs tied in x, n2 the pairs tied in y. Pairs
    tied in both count in n1 and n2 and in neither concordant nor
    discordant. None when undefined (fewer than 2 points, or all tied)."""
    n = len(xs)
    if n != len(ys):
        raise ValueError("kendall_tau_b: sequences differ in length")
    conc = disc = tie_x = tie_y = 0
    for i in range(n):
        for j in range(i + 1, n):
            dx = xs[i] - xs[j]
            dy = ys[i] - ys[j]
            if dx == 0:
                tie_x += 1
            if dy == 0:
                tie_y += 1
            if dx == 0 or dy == 0:
                continue
            if (dx > 0) == (dy > 0):
                conc += 1
            else:
                disc += 1
    n0 = n * (n - 1) // 2
    denom = math.sqrt(float(n0 - tie_x) * float(n0 - tie_y))
    if denom == 0:
        return None
    return (conc - disc) / denom


def metric_errors(rows):
    """{report key: {"n", "median", "p90", "skipped"}} over all rows that have
    both values."""
    out = {}
    for key in metrics.REPORT_KEYS:
        errs = []
        skipped = 0
        for r in rows:
            p = number(r.get("predicted_" + key))
            m = number(r.get("measured_" + key))
            if p is None and m is None:
                continue
            e = ape(p, m)
            if e is None:
                skipped += 1
            else:
                errs.append(e)
        if errs or skipped:
            out[key] = {"n": len(errs), "median": median(errs), "p90": percentile(errs, 90.0),
                        "skipped": skipped}
    return out


def sweep_key(row):
    """Points are ranked against each other within one kernel, sweep and
    domain: that is the choice an autotuner makes."""
    return (row["kernel"], row["sweep"], "%sx%sx%s" % (row["nx"], row["ny"], row["nz"]))


def config_label(row):
    return "%s %sx%sx%s" % (row["variant"], row["block_x"], row["block_y"], row["block_z"])


def rank_quality(rows, key="time_seconds"):
    """Per sweep: number of points, Kendall tau-b between predicted and
    measured time, the predicted and the measured best configuration, and the
    measured performance of the predicted best relative to the measured best
    (t_measured(best measured) / t_measured(best predicted); 1 is perfect)."""
    groups = {}
    for r in rows:
        p = number(r.get("predicted_" + key))
        m = number(r.get("measured_" + key))
        if p is None or m is None or m <= 0:
            continue
        groups.setdefault(sweep_key(r), []).append((p, m, r))
    out = []
    for gk in sorted(groups):
        pts = groups[gk]
        tau = kendall_tau_b([p for p, _, _ in pts], [m for _, m, _ in pts])
        best_pred = min(pts, key=lambda t: t[0])
        best_meas = min(pts, key=lambda t: t[1])
        out.append({"kernel": gk[0], "sweep": gk[1], "domain": gk[2], "n": len(pts),
                    "tau_b": tau,
                    "predicted_best": config_label(best_pred[2]),
                    "measured_best": config_label(best_meas[2]),
                    "best_ratio": best_meas[1] / best_pred[1]})
    return out


def _pct(v):
    return "–" if v is None else "%.1f %%" % v


def group_errors(rows, keys=None):
    """Median APE per (kernel, sweep) for the given report keys (default:
    the metrics with an acceptance bar). Returns [(kernel, sweep, n,
    {key: median or None})] sorted by kernel and sweep."""
    keys = keys or list(metrics.ACCEPTANCE_MEDIAN_APE)
    groups = {}
    for r in rows:
        groups.setdefault((r["kernel"], r["sweep"]), []).append(r)
    out = []
    for gk in sorted(groups):
        errs = metric_errors(groups[gk])
        out.append((gk[0], gk[1], len(groups[gk]),
                    {k: errs[k]["median"] if k in errs else None for k in keys}))
    return out


def repeat_noise(rows_a, rows_b):
    """Run-to-run noise: for every point measured in both runs (matched by
    point_id), |b - a| / a in percent per report metric (and the extra
    counters). {key: {"n", "median", "p90"}}."""
    by_id = {r["point_id"]: r for r in rows_a}
    keys = list(metrics.REPORT_KEYS) + [k for k, _ in metrics.EXTRA_NCU]
    out = {}
    for key in keys:
        d = []
        for rb in rows_b:
            ra = by_id.get(rb["point_id"])
            if ra is None:
                continue
            e = ape(number(rb.get("measured_" + key)), number(ra.get("measured_" + key)))
            if e is not None:
                d.append(e)
        if d:
            out[key] = {"n": len(d), "median": median(d), "p90": percentile(d, 90.0)}
    return out


def noise_markdown(rows_a, rows_b, source_a="", source_b=""):
    noise = repeat_noise(rows_a, rows_b)
    lines = []
    if source_a or source_b:
        lines += ["Run-to-run noise: the same points measured twice, `%s` against `%s`." %
                  (source_b, source_a), ""]
    lines += ["| metric | points | median \|Δ\| | 90th pct \|Δ\| |", "|---|---:|---:|---:|"]
    for key, v in noise.items():
        lines.append("| `measured_%s` | %d | %s | %s |" % (key, v["n"], _pct(v["median"]), _pct(v["p90"])))
    return "\n".join(lines) + "\n"


def markdown(rows, source=""):
    """The tables for docs/accuracy.md."""
    errs = metric_errors(rows)
    lines = []
    if source:
        lines += ["Data: `%s` (%d points)." % (source, len(rows)), ""]
    lines += ["| metric | Nsight Compute metric | points | median APE | 90th pct APE | bar (median) | verdict |",
              "|---|---|---:|---:|---:|---:|---|"]
    for key in metrics.REPORT_KEYS:
        if key not in errs:
            continue
        e = errs[key]
        bar = metrics.ACCEPTANCE_MEDIAN_APE.get(key)
        verdict = ""
        if bar is not None and e["median"] is not None:
            verdict = "pass" if e["median"] <= bar else "FAIL"
        n = "%d" % e["n"] + (" (+%d undefined)" % e["skipped"] if e["skipped"] else "")
        lines.append("| `%s` | `%s` | %s | %s | %s | %s | %s |" % (
            key, metrics.NCU_OF[key], n, _pct(e["median"]), _pct(e["p90"]),
            "≤ %g %%" % bar if bar is not None else "", verdict))
    groups = group_errors(rows)
    if len(groups) > 1:
        keys = list(metrics.ACCEPTANCE_MEDIAN_APE)
        lines += ["", "Median APE per kernel and sweep:", "",
                  "| kernel | sweep | points | " + " | ".join("`%s`" % k for k in keys) + " |",
                  "|---|---|---:|" + "---:|" * len(keys)]
        for kernel, sw, n, med in groups:
            lines.append("| %s | %s | %d | %s |" % (kernel, sw, n, " | ".join(_pct(med[k]) for k in keys)))
    ranks = rank_quality(rows)
    if ranks:
        passed = sum(1 for g in ranks if g["best_ratio"] >= metrics.ACCEPTANCE_BEST_RATIO)
        lines += ["", "Ranking: the predicted best is within 10 %% of the measured best in %d of %d "
                  "sweeps and domains." % (passed, len(ranks))]
        lines += ["", "| kernel | sweep | domain | points | Kendall τ-b | predicted best | measured best | perf. of predicted best | verdict |",
                  "|---|---|---|---:|---:|---|---|---:|---|"]
        for g in ranks:
            verdict = "pass" if g["best_ratio"] >= metrics.ACCEPTANCE_BEST_RATIO else "FAIL"
            lines.append("| %s | %s | %s | %d | %s | %s | %s | %.1f %% | %s |" % (
                g["kernel"], g["sweep"], g["domain"], g["n"],
                "–" if g["tau_b"] is None else "%.3f" % g["tau_b"],
                g["predicted_best"], g["measured_best"], 100.0 * g["best_ratio"], verdict))
    return "\n".join(lines) + "\n"
