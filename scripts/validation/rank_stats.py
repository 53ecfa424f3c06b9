"""How well predicted times rank configurations against measured ones, in
the conventions of ../shared/validation/README.md ("Scoring conventions"):
Spearman rho over a set, Kendall tau-b within sweeps of equal thread count,
the measured time of the predicted best over the measured best, pruning
recall, and the median absolute percentage error of time."""

import math

from .stats import kendall_tau_b, median, percentile


def ranks(values):
    """Average ranks (1-based) with ties sharing the mean of their positions."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    out = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        mean_rank = (i + j) / 2.0 + 1.0
        for k in range(i, j + 1):
            out[order[k]] = mean_rank
        i = j + 1
    return out


def spearman(xs, ys):
    """Spearman's rho: Pearson correlation of the average ranks (handles
    ties). None for fewer than 2 points or a constant sequence."""
    if len(xs) != len(ys):
        raise ValueError("spearman: sequences differ in length")
    if len(xs) < 2:
        return None
    rx, ry = ranks(xs), ranks(ys)
    mx, my = sum(rx) / len(rx), sum(ry) / len(ry)
    sxy = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    sxx = sum((a - mx) ** 2 for a in rx)
    syy = sum((b - my) ** 2 for b in ry)
    if sxx == 0 or syy == 0:
        return None
    return sxy / math.sqrt(sxx * syy)


def volume_key(v):
    """A volume to 3 significant digits, as `warpest rank` compares them
    (runtime/src/report/rank.c)."""
    if not v or v <= 0:
        return 0.0
    unit = 10.0 ** (math.floor(math.log10(v)) - 2)
    return round(v / unit) * unit


def best_ratio(pred, meas, ties=None):
    """t_measured(argmin predicted) / min t_measured. Equal predictions are
    ordered as `warpest rank` orders them: by the tuples in `ties` (DRAM
    bytes, L2 bytes, to 3 significant digits), then by position."""
    ties = ties or [()] * len(pred)
    best_p = min(range(len(pred)), key=lambda i: (pred[i],) + tuple(ties[i]) + (i,))
    return meas[best_p] / min(meas)


def tie_keys(rows):
    """The ranking's tie-breaks of each row, where the CSV has the volumes:
    DRAM bytes (read + write) and L2 bytes (load + store sectors, 32 B)."""
    def num(r, k):
        try:
            return float(r.get(k) or 0)
        except ValueError:
            return 0.0
    return [(volume_key(num(r, "metric_dram_read_bytes") + num(r, "metric_dram_write_bytes")),
             volume_key(32.0 * (num(r, "metric_l2_load_sectors") + num(r, "metric_l2_store_sectors"))))
            for r in rows]


def recall(pred, meas, top_measured=0.01, top_predicted=0.10):
    """Share of the measured top `top_measured` (at least one point) that
    lies within the predicted top `top_predicted` (at least one point)."""
    n = len(pred)
    k_m = max(1, int(math.ceil(n * top_measured)))
    k_p = max(1, int(math.ceil(n * top_predicted)))
    by_meas = sorted(range(n), key=lambda i: (meas[i], i))[:k_m]
    by_pred = set(sorted(range(n), key=lambda i: (pred[i], i))[:k_p])
    return sum(1 for i in by_meas if i in by_pred) / float(k_m)


SHAPE = ("block_size_x", "block_size_y")


def threads(row, shape=SHAPE):
    """Threads per block of a row: the product of its block-shape parameters."""
    t = 1
    for p in shape:
        t *= int(float(row.get(p, 1) or 1))
    return t


def sweeps(rows, params, shape=SHAPE):
    """Groups of row indices that agree on every parameter but the block
    shape and have the same thread count (README: a sweep)."""
    groups = {}
    for i, r in enumerate(rows):
        others = tuple((p, r[p]) for p in params if p not in shape)
        groups.setdefault((others, threads(r, shape)), []).append(i)
    return [g for _, g in sorted(groups.items(), key=lambda kv: kv[0])]


def summary(rows, params, pred_key="predicted_time", meas_key="measured_time",
            min_sweep=3):
    """The figures of docs/accuracy.md for one set: a dict with the keys
    n, spearman, kendall_median, kendall_p10, kendall_positive_share,
    n_sweeps, best_ratio, best_ratio_sweep_median, recall_top1_in_top10,
    median_ape. Rows without both times are left out."""
    use = [r for r in rows if r.get(pred_key) not in (None, "") and r.get(meas_key) not in (None, "")]
    pred = [float(r[pred_key]) for r in use]
    meas = [float(r[meas_key]) for r in use]
    out = {"n": len(use)}
    if not use:
        for k in ("spearman", "kendall_median", "kendall_p10", "kendall_positive_share",
                  "best_ratio", "best_ratio_sweep_median", "recall_top1_in_top10", "median_ape"):
            out[k] = None
        out["n_sweeps"] = 0
        return out
    out["spearman"] = spearman(pred, meas)
    ties = tie_keys(use)
    taus, ratios = [], []
    for g in sweeps(use, params):
        if len(g) < min_sweep:
            continue
        p = [pred[i] for i in g]
        m = [meas[i] for i in g]
        t = kendall_tau_b(p, m)
        if t is not None:
            taus.append(t)
        ratios.append(best_ratio(p, m, [ties[i] for i in g]))
    out["n_sweeps"] = len(taus)
    out["kendall_median"] = median(taus) if taus else None
    out["kendall_p10"] = percentile(taus, 10.0) if taus else None
    out["kendall_positive_share"] = sum(1 for t in taus if t > 0) / len(taus) if taus else None
    out["best_ratio"] = best_ratio(pred, meas, ties)
    out["best_ratio_sweep_median"] = median(ratios) if ratios else None
    out["recall_top1_in_top10"] = recall(pred, meas)
    apes = [abs(p - m) / m * 100.0 for p, m in zip(pred, meas) if m > 0]
    out["median_ape"] = median(apes) if apes else None
    return out
