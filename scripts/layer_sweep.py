#!/usr/bin/env python3
"""The layer-condition sweep of issue 12: DRAM load bytes per update of the
3D 25-point stencil (examples/models/stencil3d25.json) over square planes
N = 128 ... 2048 with nz chosen so that the volume stays 640*512*512, for
several block shapes, on one GPU (default a100-40gb).

Checks, per block shape:
  - smoothness: no point lies more than 10 % above the envelope (the larger)
    of its neighbours at the neighbouring N;
  - plateaus: at the largest N the layer condition between block layers
    fails and a wave d = block_z layers deep loads (d+8)/d * 8 B per update;
    at the smallest N every layer condition holds and it loads 8 B. Both
    times the ring of the domain that is read but not updated,
    N^2 / (N-8)^2, and within --plateau-tol (default 10 %). At the largest N
    (2048: nz = 40) the z ring is 40/32 and d = min(block_z, nz - 8).

    python3 scripts/layer_sweep.py [--build DIR] [--gpu ID] [--quick]
        [--json OUT.json] [--svg OUT.svg] [--markdown OUT.md]

Exit status 1 when a criterion is violated (every violation is printed with
its size); --quick runs a small subset (the CTest test).
"""
import argparse
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODEL = os.path.join(ROOT, "examples", "models", "stencil3d25.json")
VOLUME = 640 * 512 * 512
SHAPES = [(32, 1, 8), (32, 2, 4), (32, 4, 2), (64, 1, 4), (128, 1, 2), (256, 1, 1), (8, 1, 32)]
ENVELOPE_TOL = 0.10


def estimate(build, gpu, block, n):
    nz = round(VOLUME / (n * n))
    cmd = [os.path.join(build, "warpest"), "estimate", MODEL, "--gpu", gpu,
           "--block", "%dx%dx%d" % block, "-p", "nx=%d" % n, "-p", "ny=%d" % n,
           "-p", "nz=%d" % nz, "--json"]
    env = dict(os.environ)
    env.setdefault("WARPEST_TABLES", os.path.join(ROOT, "runtime", "tables"))
    out = subprocess.run(cmd, check=True, capture_output=True, text=True, env=env).stdout
    r = json.loads(out)
    w = r["wave"]
    return {"n": n, "nz": nz, "dram_load_per_update": r["per_thread"]["dram_load_bytes"],
            "waves_evaluated": w.get("distinct_waves_evaluated"),
            "waves": w.get("waves_represented"), "wave_classes": w.get("wave_classes")}


def plateau(block, n, low):
    d = min(block[2], round(VOLUME / (n * n)) - 8)
    ring = n * n / ((n - 8) * (n - 8))
    return 8.0 * ring if low else (d + 8) / d * 8.0 * ring


def check(series, plateau_tol, step):
    """Violations of the two criteria, as text lines. Neighbours are the
    points `step` apart in N."""
    bad = []
    for block, pts in series.items():
        name = "%dx%dx%d" % block
        v = [p["dram_load_per_update"] for p in pts]
        for i, p in enumerate(pts):
            nb = [v[j] for j in (i - 1, i + 1)
                  if 0 <= j < len(v) and abs(pts[j]["n"] - p["n"]) == step]
            env = max(nb) if nb else v[i]
            p["above_envelope"] = v[i] / env - 1
            if v[i] > env * (1 + ENVELOPE_TOL):
                bad.append("%s N=%d: %.2f B is %.1f %% above its neighbours' envelope %.2f B"
                           % (name, p["n"], v[i], 100 * (v[i] / env - 1), env))
        for p, low in ((pts[0], True), (pts[-1], False)):
            want = plateau(block, p["n"], low)
            p["plateau"] = want
            dev = p["dram_load_per_update"] / want - 1
            if abs(dev) > plateau_tol:
                bad.append("%s N=%d: %.2f B against the plateau %.2f B (%+.1f %%)"
                           % (name, p["n"], p["dram_load_per_update"], want, 100 * dev))
    return bad


def svg(series, path, gpu):
    """A plot written by hand (matplotlib is not guaranteed)."""
    w, h, ml, mr, mt, mb = 760, 460, 60, 150, 30, 45
    ns = [p["n"] for pts in series.values() for p in pts]
    vs = [p["dram_load_per_update"] for pts in series.values() for p in pts]
    x0, x1, y0, y1 = min(ns), max(ns), 0.0, max(vs) * 1.05
    sx = lambda n: ml + (n - x0) / (x1 - x0) * (w - ml - mr)
    sy = lambda v: h - mb - (v - y0) / (y1 - y0) * (h - mt - mb)
    colours = ["#1b9e77", "#d95f02", "#7570b3", "#e7298a", "#66a61e", "#e6ab02", "#a6761d", "#666"]
    o = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" '
         'font-size="11">' % (w, h), '<rect width="100%" height="100%" fill="white"/>',
         '<text x="%d" y="18" font-size="13">stencil3d25 on %s: DRAM load per update over the '
         'plane N (nz = 640*512*512/N^2)</text>' % (ml, gpu)]
    step = 8 if y1 < 80 else 16
    for t in range(0, int(y1) + 1, step):
        o.append('<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#ddd"/>' % (ml, w - mr, sy(t), sy(t)))
        o.append('<text x="%d" y="%.1f" text-anchor="end">%d B</text>' % (ml - 5, sy(t) + 4, t))
    for n in range(256, x1 + 1, 256):
        o.append('<line x1="%.1f" x2="%.1f" y1="%d" y2="%d" stroke="#eee"/>' % (sx(n), sx(n), mt, h - mb))
        o.append('<text x="%.1f" y="%d" text-anchor="middle">%d</text>' % (sx(n), h - mb + 15, n))
    o.append('<text x="%d" y="%d" text-anchor="middle">N</text>' % ((ml + w - mr) // 2, h - 8))
    for k, (block, pts) in enumerate(series.items()):
        c = colours[k % len(colours)]
        d = " ".join("%s%.1f,%.1f" % ("M" if i == 0 else "L", sx(p["n"]), sy(p["dram_load_per_update"]))
                     for i, p in enumerate(pts))
        o.append('<path d="%s" fill="none" stroke="%s" stroke-width="1.6"/>' % (d, c))
        for p in pts:
            o.append('<circle cx="%.1f" cy="%.1f" r="2" fill="%s"/>' % (sx(p["n"]), sy(p["dram_load_per_update"]), c))
        hi = plateau(block, x1, False)
        o.append('<line x1="%.1f" x2="%d" y1="%.1f" y2="%.1f" stroke="%s" stroke-dasharray="4 3"/>'
                 % (sx(x1) - 40, w - mr, sy(hi), sy(hi), c))
        o.append('<text x="%d" y="%d" fill="%s">%dx%dx%d (plateau %.1f B)</text>'
                 % (w - mr + 8, mt + 16 * k + 10, c, block[0], block[1], block[2], (block[2] + 8) / block[2] * 8))
    o.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(o) + "\n")


def markdown(series, path, gpu):
    ns = [p["n"] for p in next(iter(series.values()))]
    lines = ["| N | nz | " + " | ".join("%dx%dx%d" % b for b in series) + " |",
             "|---:|---:|" + "---:|" * len(series)]
    for i, n in enumerate(ns):
        cells = []
        for pts in series.values():
            p = pts[i]
            cells.append("%.2f (%d/%s)" % (p["dram_load_per_update"], p["waves_evaluated"] or 0,
                                          p["waves"]))
        lines.append("| %d | %d | %s |" % (n, next(iter(series.values()))[i]["nz"], " | ".join(cells)))
    with open(path, "w") as f:
        f.write("DRAM load bytes per update, %s; in brackets: distinct waves evaluated / waves "
                "they stand for.\n\n" % gpu + "\n".join(lines) + "\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(ROOT, "build"),
                    help="build folder holding the warpest command")
    ap.add_argument("--gpu", default="a100-40gb")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--step", type=int, default=64)
    ap.add_argument("--plateau-tol", type=float, default=0.10)
    ap.add_argument("--json")
    ap.add_argument("--svg")
    ap.add_argument("--markdown")
    a = ap.parse_args()
    if a.quick:
        # the neighbourhood of the worst case (N = 576, 8x1x32), a
        # stretch where the representative wave used to jump (8x1x32 at
        # 832..960, 32x1x8 at 1984..2048), and both plateaus
        shapes = [(8, 1, 32), (32, 1, 8)]
        ns = [128, 192, 512, 576, 640, 832, 896, 960, 1920, 1984, 2048]
    else:
        shapes = SHAPES
        ns = list(range(128, 2048 + 1, a.step))
    series = {}
    for b in shapes:
        series[b] = [estimate(a.build, a.gpu, b, n) for n in ns]
    bad = check(series, a.plateau_tol, a.step)
    for b, pts in series.items():
        print("%dx%dx%d: " % b + " ".join("%d:%.2f" % (p["n"], p["dram_load_per_update"]) for p in pts))
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"gpu": a.gpu, "series": {"%dx%dx%d" % b: p for b, p in series.items()},
                       "violations": bad}, f, indent=1)
    if a.svg:
        svg(series, a.svg, a.gpu)
    if a.markdown:
        markdown(series, a.markdown, a.gpu)
    for line in bad:
        print("VIOLATION: " + line)
    print("%d violation(s)" % len(bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
