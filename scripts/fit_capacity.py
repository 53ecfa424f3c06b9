#!/usr/bin/env python3
"""Refits the capacity hit-rate curves (SPEC 5.4) per GPU on the published
gpu-benches data, for the argument warpest uses (docs/model.md "Capacity"):

* hit_l1_redundant on gpu-cache: o = allocated bytes of the blocks resident
  on an SM / L1 left by shared memory; data: L2 read / bytes read.
* hit_wave_overlap on gpu-l2-cache: o = distinct bytes since the last touch
  (the data set: a slice is read again after all others) / L2 capacity
  after split-L2 duplication (`warpest estimate` on the benchmark's kernel
  model); data: bandwidth, through the model's max(L2 time, DRAM time).

Writes the constants with their provenance into runtime/tables/*.json
(--write), the plots with residuals into docs/img/, and prints every point.
  scripts/fit_capacity.py --warpest build/warpest [--write]
"""
import argparse
import math
import os
import re
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gpubench import common as gb  # noqa: E402

# Tables without counter data of their own take the curve of the closest
# measured SM (docs/hardware-table.md says which).
L1_BORROWED = {"a100_80": ["rtx-a4000", "rtx-a6000"], "v100": ["rtx2080super"]}
# The H100 PCIe L2-read counter stays at about a third of the bytes read even
# at 100x the L1 (where nothing can hit): the curve is fitted to the counter
# divided by that plateau (docs/hardware-table.md).
L1_NORMALISE = {"h100_pcie": (2.0, 90.0)}


def l1_points(name):
    tab = gb.table(gb.L1_FILES[name][0])
    l1 = tab["l1_unified_bytes"]["value"] - 1024 * min(tab["carveouts_kb"]["values"])
    pts = []
    for r in gb.read_csv(os.path.join(gb.DATA, "cache", name + ".csv")):
        kb, bw, l2r = float(r["data_set_kB"]), float(r["eff_bw_GBps"]), float(r["l2_read_GBps"])
        n = kb * 1024 / 8
        iters = int(1e8 / n) + 2
        y = (l2r / bw - 1.0 / iters) / (1 - 1.0 / iters)  # redundant share only
        pts.append((kb * 1024 / l1, y, kb))
    scale = 1.0
    if name in L1_NORMALISE:
        lo, hi = L1_NORMALISE[name]
        scale = statistics.median(y for o, y, _ in pts if lo <= o <= hi)
    return [(o, y / scale, kb) for o, y, kb in pts], scale, l1


def fit_gompertz(pts, fix_a=None):
    """Least squares on the miss rate; returns (a, b, c, rms)."""
    def unpack(p):
        a = fix_a if fix_a is not None else min(1.0, max(0.0, p[2]))
        return a, math.exp(p[0]), abs(p[1])

    def loss(p):
        a, b, c = unpack(p)
        return sum((gb.gompertz_miss(a, b, c, o) - y) ** 2 for o, y in pts)
    best = None
    for c0 in (2.0, 5.0, 10.0, 20.0):
        for o_half in (0.8, 1.0, 1.3, 2.0):
            x0 = [c0 * o_half + math.log(math.log(2)), c0] + ([] if fix_a is not None else [1.0])
            x, v = gb.nelder_mead(loss, x0, [1.0, c0 / 4] + ([] if fix_a is not None else [0.1]))
            if best is None or v < best[1]:
                best = (x, v)
    a, b, c = unpack(best[0])
    return a, b, c, math.sqrt(best[1] / len(pts))


def l2_points(name, binary):
    gpu = gb.L2_FILES[name][0]
    tab = gb.table(gpu)
    rows = gb.read_csv(os.path.join(gb.DATA, "l2-cache", name + ".csv"))
    l2 = tab["l2_bytes"]["value"]
    bws = [(float(r["data_set_kB"]) * 1024, float(r["eff_bw_GBps"])) for r in rows]
    b_l2 = statistics.median(bw for ds, bw in bws if 0.1 * l2 <= ds <= 0.5 * l2)
    b_d = statistics.median(bw for _, bw in bws[-10:])
    model = os.path.join(gb.MODELS, "gpu_l2_cache.json")
    pts = []
    wave = None
    for r in rows:
        slice_b = float(r["block_data_kB"]) * 1024
        n = int(round(float(r["data_set_kB"]) * 1024 / slice_b))
        doubles = int(slice_b / 8 / 1024)
        # a slice is read again after the other n-1 slices: the reuse
        # volume is the data set; the capacity is warpest's for the wave's
        # duplication (from the benchmark's kernel model)
        if wave is None or n <= wave:
            rep = gb.warpest(binary, model, gpu, "1024x1x1", params=["N=%d" % doubles, "n=%d" % n])
            wave = rep["wave"]["blocks"]
            cap = rep["memory"]["l2_capacity_bytes"]
        else:
            cap = l2
        pts.append({"ds": n * slice_b, "bw": float(r["eff_bw_GBps"]), "o": n * slice_b / cap})
    return pts, b_l2, b_d


def l2_predict(p, a, b, c, b_l2, b_d):
    share = max(gb.gompertz_miss(a, b, c, p["o"]), 1e-12)
    return min(b_l2, b_d / share), share


def fit_l2(pts, b_l2, b_d):
    def loss(x):
        b, c = math.exp(x[0]), abs(x[1])
        return sum((math.log(l2_predict(p, 1.0, b, c, b_l2, b_d)[0]) - math.log(p["bw"])) ** 2
                   for p in pts)
    best = None
    for c0 in (2.0, 4.0, 8.0):
        for o_half in (0.8, 1.2, 1.8):
            x, v = gb.nelder_mead(loss, [c0 * o_half + math.log(math.log(2)), c0], [1.0, c0 / 4])
            if best is None or v < best[1]:
                best = (x, v)
    return 1.0, math.exp(best[0][0]), abs(best[0][1]), math.sqrt(best[1] / len(pts))


def set_curve(gpu, key, a, b, c, source):
    path = os.path.join(gb.TABLES, gpu + ".json")
    text = open(path).read()
    pat = re.compile(r'("%s": \{\n)(.*?)(\n  \})' % key, re.S)
    body = ('    "a": %.4g,\n    "b": %.4g,\n    "c": %.4g,\n    "source": "%s"'
            % (a, b, c, source))
    new, n = pat.subn(lambda m: m.group(1) + body + m.group(3), text, count=1)
    assert n == 1, (gpu, key)
    assert len(source) < 160, source
    open(path, "w").write(new)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--warpest", default=os.path.join(gb.ROOT, "build", "warpest"))
    ap.add_argument("--write", action="store_true", help="write the constants into the tables")
    ap.add_argument("--img", default=os.path.join(gb.ROOT, "docs", "img"))
    args = ap.parse_args()
    fits = {}
    print("== L1: hit_l1_redundant on gpu-cache (miss of the redundant volume vs o) ==")
    for name in gb.L1_FILES:
        pts, scale, l1 = l1_points(name)
        a, b, c, rms = fit_gompertz([(o, y) for o, y, _ in pts])
        fits[("l1", name)] = (a, b, c)
        print("%s: L1 %d B, counter scale %.3f, fit a=%.4g b=%.4g c=%.4g, rms %.4f"
              % (name, l1, scale, a, b, c, rms))
        for o, y, kb in pts:
            m = gb.gompertz_miss(a, b, c, o)
            print("  %8.0f kB  o=%7.3f  data %.4f  fit %.4f  residual %+.4f" % (kb, o, y, m, m - y))
        gb.svg_plot(os.path.join(args.img, "capacity-l1-%s.svg" % name),
                    "L1 capacity miss rate, gpu-cache %s (fit a=%.3g b=%.3g c=%.3g)" % (name, a, b, c),
                    [{"xlabel": "o = data set / L1 capacity", "ylabel": "miss of redundant volume",
                      "logx": True, "ylim": (0, 1.05), "series": [
                          {"label": "data" + (" (counter / %.3f)" % scale if scale != 1 else ""),
                           "points": [(o, y) for o, y, _ in pts]},
                          {"label": "fit", "line": True, "points": [
                              (o, gb.gompertz_miss(a, b, c, o)) for o, _, _ in pts]}]},
                     {"xlabel": "o", "ylabel": "residual (fit - data)", "logx": True,
                      "ylim": (-0.5, 0.5), "series": [{"label": "residual", "points": [
                          (o, gb.gompertz_miss(a, b, c, o) - y) for o, y, _ in pts]}]}])
        if args.write:
            src = ("fit: scripts/fit_capacity.py on gpu-benches cache/%s (L2 read/bytes read%s), "
                   "o = resident L1 bytes/L1; rms %.3f" % (name, ", /%.2f" % scale if scale != 1 else "", rms))
            for gpu in gb.L1_FILES[name]:
                set_curve(gpu, "hit_l1_redundant", a, b, c, src)
            for gpu in L1_BORROWED.get(name, []):
                set_curve(gpu, "hit_l1_redundant", a, b, c, "fit: cache/%s curve (scripts/fit_capacity.py)"
                          "; no counter data for this GPU, closest measured SM" % name)
    print("== L2: hit_wave_overlap on gpu-l2-cache (bandwidth through max(L2, DRAM)) ==")
    l2pts = {}
    for name in gb.L2_FILES:
        pts, b_l2, b_d = l2_points(name, args.warpest)
        l2pts[name] = (pts, b_l2, b_d)
        a, b, c, rms = fit_l2(pts, b_l2, b_d)
        fits[("l2", name)] = (a, b, c)
        print("%s: L2 plateau %.0f GB/s, DRAM plateau %.0f GB/s, fit a=%.4g b=%.4g c=%.4g, rms(ln bw) %.4f"
              % (name, b_l2, b_d, a, b, c, rms))
        res = []
        for p in pts:
            bw, share = l2_predict(p, a, b, c, b_l2, b_d)
            o = p["o"]
            res.append((p["ds"] / 2**20, bw, p["bw"]))
            print("  %8.1f MB  o=%6.3f  DRAM share %.3f  bw data %7.0f  fit %7.0f  residual %+.1f %%"
                  % (p["ds"] / 2**20, o, share, p["bw"], bw, 100 * (bw / p["bw"] - 1)))
        gb.svg_plot(os.path.join(args.img, "capacity-l2-%s.svg" % name),
                    "L2 reuse miss through bandwidth, gpu-l2-cache %s (a=%.3g b=%.3g c=%.3g)"
                    % (name, a, b, c),
                    [{"xlabel": "data set (MB)", "ylabel": "bandwidth (GB/s)", "logx": True,
                      "series": [{"label": "data", "points": [(x, d) for x, _, d in res]},
                                 {"label": "model with fit", "line": True,
                                  "points": [(x, m) for x, m, _ in res]}]},
                     {"xlabel": "data set (MB)", "ylabel": "residual (model/data - 1)", "logx": True,
                      "ylim": (-0.5, 0.5), "series": [{"label": "residual", "points": [
                          (x, m / d - 1) for x, m, d in res]}]}])
        if args.write:
            src = ("fit: scripts/fit_capacity.py on gpu-benches l2-cache/%s bandwidth, o = volume/L2 after "
                   "duplication; rms(ln bw) %.3f" % (name, rms))
            for gpu in gb.L2_FILES[name]:
                set_curve(gpu, "hit_wave_overlap", a, b, c, src)
    # hold-out: each GH100 curve predicting the other GH100 file
    for fit_on, test_on in (("h100_pcie", "h200"), ("h200", "h100_pcie")):
        a, b, c = fits[("l2", fit_on)]
        pts, b_l2, b_d = l2pts[test_on]
        errs = [math.log(l2_predict(p, a, b, c, b_l2, b_d)[0] / p["bw"]) for p in pts]
        print("hold-out: L2 curve of %s on %s data: rms(ln bw) %.4f, max |error| %.1f %%"
              % (fit_on, test_on, math.sqrt(sum(e * e for e in errs) / len(errs)),
                 100 * max(abs(math.exp(e) - 1) for e in errs)))
    for fit_on, test_on in (("a100_80", "v100"), ("v100", "a100_80")):
        a, b, c = fits[("l1", fit_on)]
        pts = l1_points(test_on)[0]
        errs = [gb.gompertz_miss(a, b, c, o) - y for o, y, _ in pts]
        print("hold-out: L1 curve of %s on %s data: rms %.4f, max |error| %.3f"
              % (fit_on, test_on, math.sqrt(sum(e * e for e in errs) / len(errs)),
                 max(abs(e) for e in errs)))


if __name__ == "__main__":
    main()
