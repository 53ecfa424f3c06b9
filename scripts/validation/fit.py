"""Fitting the Gompertz capacity-miss curve m(o) = a*exp(-b*exp(-c*o)) of the
hardware table (SPEC 5.4; hit rate = 1 - m) to measurements.

The least-squares problem is general enough for points whose reuse is spread
over several reuse distances: point p contributes the residual
    r_p = sum_i w_pi * m(o_pi) - y_p
with weights w_pi >= 0 (the share of the point's reusable volume at distance
i, summing to 1), oversubscriptions o_pi and the observed aggregate miss rate
y_p. A point with one reuse distance is the plain (o, m) pair.

Method: a is a linear coefficient once b and c are fixed, so a coarse grid
over (log b, log c) with the optimal a in closed form gives a start that does
not depend on luck; Levenberg-Marquardt on (log a, log b, log c) (positive
parameters by construction) refines it; Huber weights (iteratively
re-weighted) keep a few wild points from dragging the curve.
"""

import datetime
import json
import math
import os
import re

from .assemble import number


def gompertz(o, a, b, c):
    return a * math.exp(-b * math.exp(-c * o))


class Sample:
    def __init__(self, terms, y, weight=1.0, label=""):
        self.terms = terms      # [(w, o)], sum of w == 1
        self.y = y
        self.weight = weight
        self.label = label

    @property
    def o_eff(self):
        return sum(w * o for w, o in self.terms)


def samples_from_pairs(pairs):
    return [Sample([(1.0, float(o))], float(m)) for o, m in pairs]


def _model(s, a, b, c):
    return sum(w * gompertz(o, a, b, c) for w, o in s.terms)


def _cost(samples, a, b, c, rw):
    return sum(rw[k] * s.weight * (_model(s, a, b, c) - s.y) ** 2 for k, s in enumerate(samples))


def _best_a(samples, b, c, rw):
    num = den = 0.0
    for k, s in enumerate(samples):
        g = sum(w * math.exp(-b * math.exp(-c * o)) for w, o in s.terms)
        num += rw[k] * s.weight * g * s.y
        den += rw[k] * s.weight * g * g
    return num / den if den > 0 else 1.0


def _solve3(m, v):
    """Gaussian elimination with partial pivoting for a 3x3 system."""
    a = [list(m[i]) + [v[i]] for i in range(3)]
    for col in range(3):
        piv = max(range(col, 3), key=lambda r: abs(a[r][col]))
        if abs(a[piv][col]) < 1e-300:
            return None
        a[col], a[piv] = a[piv], a[col]
        for r in range(col + 1, 3):
            f = a[r][col] / a[col][col]
            for k in range(col, 4):
                a[r][k] -= f * a[col][k]
    x = [0.0] * 3
    for i in (2, 1, 0):
        x[i] = (a[i][3] - sum(a[i][k] * x[k] for k in range(i + 1, 3))) / a[i][i]
    return x


def _lm(samples, start, rw, iterations=200, fixed_a=False):
    """Levenberg-Marquardt in log space; fixed_a keeps a at its start."""
    la, lb, lc = (math.log(v) for v in start)
    lam = 1e-3
    cost = _cost(samples, math.exp(la), math.exp(lb), math.exp(lc), rw)
    for _ in range(iterations):
        a, b, c = math.exp(la), math.exp(lb), math.exp(lc)
        jtj = [[0.0] * 3 for _ in range(3)]
        jtr = [0.0] * 3
        for k, s in enumerate(samples):
            wt = rw[k] * s.weight
            r = -s.y
            grad = [0.0, 0.0, 0.0]
            for w, o in s.terms:
                e = math.exp(-c * o)
                m = a * math.exp(-b * e)
                r += w * m
                grad[0] += w * m                   # d m / d log a
                grad[1] += w * (-m * b * e)        # d m / d log b
                grad[2] += w * (m * b * c * o * e)  # d m / d log c
            if fixed_a:
                grad[0] = 0.0
            for i in range(3):
                jtr[i] += wt * grad[i] * r
                for j in range(3):
                    jtj[i][j] += wt * grad[i] * grad[j]
        if fixed_a:
            jtj[0][0] = 1.0  # a does not move: its row solves to a zero step
        improved = False
        for _ in range(30):
            damped = [[jtj[i][j] + (lam * (jtj[i][i] + 1e-12) if i == j else 0.0)
                       for j in range(3)] for i in range(3)]
            step = _solve3(damped, [-g for g in jtr])
            if step is None:
                lam *= 10
                continue
            # cap steps in log space: a factor e^3 at most per iteration
            step = [max(-3.0, min(3.0, d)) for d in step]
            na, nb, nc = la + step[0], lb + step[1], lc + step[2]
            try:
                ncost = _cost(samples, math.exp(na), math.exp(nb), math.exp(nc), rw)
            except OverflowError:
                ncost = float("inf")
            if ncost < cost:
                converged = cost - ncost <= 1e-15 * max(cost, 1e-300) or max(abs(d) for d in step) < 1e-10
                la, lb, lc, cost = na, nb, nc, ncost
                lam = max(lam / 3.0, 1e-12)
                improved = True
                break
            lam *= 4.0
        if not improved or converged:
            break
    return (math.exp(la), math.exp(lb), math.exp(lc)), cost


def fit_gompertz(samples, robust=True, b_range=(0.1, 300.0), c_range=(0.02, 30.0), grid=24,
                 max_a=1.0):
    """Fits (a, b, c) with a <= max_a (a miss rate cannot exceed 1, and the
    hardware tables refuse a > 1): where the free fit puts a above it, a is
    held at max_a and b, c are fitted again. Returns a dict with a, b, c,
    rms (unweighted residual root mean square), n, and a_capped."""
    fit = _fit_params(samples, robust, b_range, c_range, grid)
    if max_a is None or fit["a"] <= max_a:
        fit["a_capped"] = False
        return fit
    fit = _fit_params(samples, robust, b_range, c_range, grid, fixed_a=max_a)
    fit["a_capped"] = True
    return fit


def _fit_params(samples, robust, b_range, c_range, grid, fixed_a=None):
    if len(samples) < 3:
        raise ValueError("need at least 3 points to fit 3 parameters, got %d" % len(samples))
    rw = [1.0] * len(samples)
    best = None
    for i in range(grid):
        b = b_range[0] * (b_range[1] / b_range[0]) ** (i / (grid - 1.0))
        for j in range(grid):
            c = c_range[0] * (c_range[1] / c_range[0]) ** (j / (grid - 1.0))
            a = fixed_a if fixed_a is not None else _best_a(samples, b, c, rw)
            if a <= 0:
                continue
            cost = _cost(samples, a, b, c, rw)
            if best is None or cost < best[0]:
                best = (cost, (a, b, c))
    if best is None:
        raise ValueError("no positive fit: the observed miss rates are all zero or negative")
    params, _ = _lm(samples, best[1], rw, fixed_a=fixed_a is not None)
    if robust:
        for _ in range(10):
            res = [abs(_model(s, *params) - s.y) for s in samples]
            scale = 1.4826 * sorted(res)[len(res) // 2]
            delta = 1.345 * max(scale, 1e-6)
            new_rw = [1.0 if r <= delta else delta / r for r in res]
            if max(abs(x - y) for x, y in zip(new_rw, rw)) < 1e-6:
                break
            rw = new_rw
            params, _ = _lm(samples, params, rw, fixed_a=fixed_a is not None)
    a, b, c = params
    rms = math.sqrt(sum((_model(s, a, b, c) - s.y) ** 2 for s in samples) / len(samples))
    return {"a": a, "b": b, "c": c, "rms": rms, "n": len(samples)}


# ------------------------------------------------------ data from a run

def _entry_is_wave_overlap(entry):
    kind = entry.get("curve") or entry.get("kind")
    return kind in (None, "wave_overlap", "hit_wave_overlap")


def sample_from_report(report, measured_dram_read, current, min_overlap_fraction=0.02,
                       label=""):
    """Observed aggregate miss rate of the earlier-wave overlap for one point.

    Assumptions (docs/validation.md, "fit"): the report's `layer_conditions`
    entries carry `oversubscription` o_i and `volume_bytes` V_i, the launch
    total of DRAM fetch volume the current waves could take from L2 at that
    reuse distance; `metrics.dram_read_bytes` (P) is the prediction after the
    hit rates were applied. The part of the prediction that no reuse can
    remove is then P - sum V_i*m_i, with m_i the miss rate the estimate used:
    the entry's `miss_rate`, or 1 - `hit_rate`, or else m(o_i) of `current`
    (the table's parameters the estimate ran with). The measured DRAM read
    volume D gives sum V_i*m_i(observed) = D - P + sum V_i*m_i(model).
    Returns None when the point has (almost) no reusable volume."""
    waves = number(str((report.get("wave") or {}).get("waves", "")))

    def reusable(e):
        # warpest's report (docs/model.md §4): `reused_bytes` is R_k, the reported
        # wave's data last touched k waves ago, and `volume_bytes` is V_k, the
        # distinct volume since (o_k = V_k / C2), not a reusable volume. The
        # launch total of R_k is taken as R_k x waves. Reports without
        # `reused_bytes` keep the older reading (volume_bytes = launch total).
        if e.get("reused_bytes") is not None:
            return float(e["reused_bytes"]) * (waves or 1.0)
        return number(str(e.get("volume_bytes", "")))

    lcs = [e for e in (report.get("layer_conditions") or [])
           if _entry_is_wave_overlap(e) and reusable(e) and e.get("oversubscription") is not None]
    total = sum(reusable(e) for e in lcs)
    predicted = (report.get("metrics") or {}).get("dram_read_bytes")
    if not lcs or total <= 0 or predicted is None or measured_dram_read is None:
        return None
    if total < min_overlap_fraction * measured_dram_read:
        return None
    modelled = 0.0
    for e in lcs:
        if e.get("miss_rate") is not None:
            m = float(e["miss_rate"])
        elif e.get("hit_rate") is not None:
            m = 1.0 - float(e["hit_rate"])
        else:
            m = gompertz(float(e["oversubscription"]), *current)
        modelled += reusable(e) * m
    y = (measured_dram_read - float(predicted) + modelled) / total
    terms = [(reusable(e) / total, float(e["oversubscription"])) for e in lcs]
    return Sample(terms, y, label=label)


def samples_from_run(rows, run_dir, current, min_overlap_fraction=0.02):
    out = []
    for r in rows:
        path = r.get("warpest_json")
        d = number(r.get("measured_dram_read_bytes"))
        if not path or d is None:
            continue
        full = path if os.path.isabs(path) else os.path.join(run_dir, path)
        try:
            with open(full) as f:
                report = json.load(f)
        except (OSError, ValueError):
            continue
        s = sample_from_report(report, d, current, min_overlap_fraction, r.get("point_id", ""))
        if s is not None:
            out.append(s)
    return out


def read_pairs_csv(path):
    """A CSV with columns oversubscription, miss_rate (e.g. hand-made data)."""
    import csv
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    return [(float(r["oversubscription"]), float(r["miss_rate"])) for r in rows]


# ------------------------------------------------------ the hardware table

def table_curve(table, key):
    """(a, b, c) of `key` (e.g. "hit_wave_overlap") anywhere in the table."""
    obj = _find_key(table, key)
    if obj is None:
        return None
    return float(obj["a"]), float(obj["b"]), float(obj["c"])


def _find_key(node, key):
    if isinstance(node, dict):
        if key in node and isinstance(node[key], dict):
            return node[key]
        for v in node.values():
            found = _find_key(v, key)
            if found is not None:
                return found
    elif isinstance(node, list):
        for v in node:
            found = _find_key(v, key)
            if found is not None:
                return found
    return None


def _replace_key(node, key, value):
    if isinstance(node, dict):
        if key in node and isinstance(node[key], dict):
            node[key] = value
            return True
        return any(_replace_key(v, key, value) for v in node.values())
    if isinstance(node, list):
        return any(_replace_key(v, key, value) for v in node)
    return False


def source_string(n, csv_path, date=None):
    date = date or datetime.date.today().isoformat()
    return "fitted: scripts/validate fit, %s, %d points from %s" % (date, n, csv_path)


def update_table_text(text, key, params, source):
    """Returns the table text with the curve object `key` replaced by
    {"a","b","c","source"} (other members of that object are kept) and every
    other byte unchanged. Falls back to re-serialising the whole table only
    when the key is not found as an object in the text (then it is added at
    the top level)."""
    table = json.loads(text)
    old = _find_key(table, key) or {}
    new = dict(old)
    new.update({"a": round(params[0], 6), "b": round(params[1], 6), "c": round(params[2], 6),
                "source": source})
    if "provenance" in new:
        new["provenance"] = source
    expected = json.loads(text)
    if not _replace_key(expected, key, new):
        expected[key] = new
        return json.dumps(expected, indent=2) + "\n"
    decoder = json.JSONDecoder()
    for m in re.finditer(r'"%s"\s*:\s*' % re.escape(key), text):
        try:
            _, end = decoder.raw_decode(text, m.end())
        except ValueError:
            continue
        line_start = text.rfind("\n", 0, m.start()) + 1
        indent = re.match(r"[ \t]*", text[line_start:]).group(0)
        oneline = "\n" not in text[m.end():end]
        if oneline:
            body = json.dumps(new)
        else:
            body = json.dumps(new, indent=2).replace("\n", "\n" + indent)
        candidate = text[:m.end()] + body + text[end:]
        try:
            if json.loads(candidate) == expected:
                return candidate
        except ValueError:
            pass
    return json.dumps(expected, indent=2) + "\n"
