"""Plots (PNG, matplotlib Agg backend).

Block shapes are coloured as in the Warpspeed paper (section 5.1): the
extents (x, y, z) map to (red, green, blue) through log2 of each extent,
divided by the largest of the three, so that wide shapes are red, tall
green, deep blue, wide-and-tall yellow, cube-like shapes pale. Markers
distinguish the thread-folding variant.
"""

import math
import os
import subprocess
import sys

from . import metrics
from .assemble import number

VARIANT_MARKERS = {"none": "o", "2y": "^", "2z": "s"}


def have_matplotlib():
    try:
        import matplotlib  # noqa: F401
        return True
    except ImportError:
        return False


def matplotlib_python():
    """An interpreter that can import matplotlib: this one, or Debian's
    /usr/bin/python3 (python3-matplotlib lives in its dist-packages, which a
    pyenv or virtualenv interpreter does not see). None if neither can."""
    if have_matplotlib():
        return sys.executable
    debian = "/usr/bin/python3"
    if os.path.exists(debian) and os.path.realpath(debian) != os.path.realpath(sys.executable):
        ok = subprocess.run([debian, "-c", "import matplotlib"], capture_output=True).returncode == 0
        if ok:
            return debian
    return None


def _pyplot():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def shape_colour(bx, by, bz):
    v = [math.log2(max(1, int(e))) for e in (bx, by, bz)]
    top = max(v)
    if top <= 0:
        return (0.0, 0.0, 0.0)
    return tuple(x / top for x in v)


def _row_colour(r):
    return shape_colour(r["block_x"], r["block_y"], r["block_z"])


def _pairs(rows, key):
    out = []
    for r in rows:
        p = number(r.get("predicted_" + key))
        m = number(r.get("measured_" + key))
        if p is not None and m is not None and p > 0 and m > 0:
            out.append((m, p, r))
    return out


def variant_groups(pts):
    """[(variant, marker, points)] for every variant among pts (tuples whose
    third item is the row): the stencil3d25 variants first with their
    markers, any other (stencil3d7_folded4z's "4z") after them with a
    diamond, so that no point is left out of a plot."""
    present = {t[2]["variant"] for t in pts}
    order = [v for v in VARIANT_MARKERS if v in present] + sorted(present - set(VARIANT_MARKERS))
    return [(v, VARIANT_MARKERS.get(v, "D"), [t for t in pts if t[2]["variant"] == v]) for v in order]


def scatter(rows, key, path, per_thread=False):
    """Predicted over measured for one metric, log-log, with the diagonal
    and +-10 % lines. Returns False when no row has both values."""
    pts = _pairs(rows, key)
    if not pts:
        return False
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(6.4, 5.6))
    for variant, marker, sel in variant_groups(pts):
        ax.scatter([t[0] for t in sel], [t[1] for t in sel], c=[_row_colour(t[2]) for t in sel],
                   marker=marker, s=28, edgecolors="0.3", linewidths=0.4,
                   label="fold " + variant if variant != "none" else "no folding")
    lo = min(min(t[0] for t in pts), min(t[1] for t in pts)) / 1.2
    hi = max(max(t[0] for t in pts), max(t[1] for t in pts)) * 1.2
    ax.plot([lo, hi], [lo, hi], "k-", lw=0.8)
    ax.plot([lo, hi], [lo * 1.1, hi * 1.1], "k:", lw=0.6)
    ax.plot([lo, hi], [lo / 1.1, hi / 1.1], "k:", lw=0.6)
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlim(lo, hi)
    ax.set_ylim(lo, hi)
    unit = metrics.UNIT_OF.get(key, "")
    ax.set_xlabel("measured (%s), %s" % (metrics.NCU_OF.get(key, key), unit))
    ax.set_ylabel("predicted (warpest %s), %s" % (key, unit))
    ax.set_title("%s: predicted vs measured (%d points)\ncolour: block (x,y,z) -> (R,G,B)" % (key, len(pts)),
                 fontsize=10)
    ax.legend(fontsize=8, loc="upper left")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return True


def dram_over_plane(rows, path, key="dram_read_bytes"):
    """DRAM read volume per lattice update over the side of the square xy
    plane (the layer-condition transition, paper 5.7): measured solid,
    predicted dashed, one colour per block shape and variant."""
    series = {}
    for r in rows:
        if r.get("sweep") != "domain":
            continue
        nx, ny, nz = (number(r.get(k)) for k in ("nx", "ny", "nz"))
        m = number(r.get("measured_" + key))
        p = number(r.get("predicted_" + key))
        if not nx or (m is None and p is None):
            continue
        lups = nx * ny * nz  # per grid point; the halo is a small correction
        label = "%s %sx%sx%s" % (r["variant"], r["block_x"], r["block_y"], r["block_z"])
        series.setdefault(label, {"colour": _row_colour(r), "variant": r["variant"], "pts": []})
        series[label]["pts"].append((nx, None if m is None else m / lups, None if p is None else p / lups))
    if not series:
        return False
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7.5, 5.2))
    for label in sorted(series):
        s = series[label]
        pts = sorted(s["pts"])
        mk = VARIANT_MARKERS.get(s["variant"], "o")
        mx = [(x, m) for x, m, _ in pts if m is not None]
        px = [(x, p) for x, _, p in pts if p is not None]
        if mx:
            ax.plot([x for x, _ in mx], [m for _, m in mx], "-", marker=mk, color=s["colour"],
                    ms=4, lw=1.2, label=label)
        if px:
            ax.plot([x for x, _ in px], [p for _, p in px], "--", color=s["colour"], lw=1.0,
                    label=None if mx else label + " (predicted)")
    ax.set_xlabel("nx = ny (square plane side), nz chosen for a constant total")
    ax.set_ylabel("%s per grid point (B)" % key)
    ax.set_title("DRAM volume across the layer-condition transition\nsolid: measured, dashed: predicted",
                 fontsize=10)
    ax.legend(fontsize=6, ncol=2)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return True


def fit_plot(samples, params, path, title="earlier-wave overlap miss rate"):
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(6.4, 4.6))
    ax.scatter([s.o_eff for s in samples], [s.y for s in samples], s=14, c="tab:blue",
               label="observed (%d points)" % len(samples))
    top = max([s.o_eff for s in samples] + [1.0]) * 1.1
    xs = [top * i / 200.0 for i in range(201)]
    a, b, c = params
    ax.plot(xs, [a * math.exp(-b * math.exp(-c * x)) for x in xs], "k-",
            label="m(o) = %.3g exp(-%.3g exp(-%.3g o))" % (a, b, c))
    ax.set_xlabel("oversubscription o (volume since / effective capacity)")
    ax.set_ylabel("capacity miss rate")
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return True


def plot_all(rows, out_dir):
    """Writes every plot the data allows; returns the paths written."""
    os.makedirs(out_dir, exist_ok=True)
    written = []
    for key in metrics.REPORT_KEYS:
        name = "time_predicted_vs_measured.png" if key == "time_seconds" else "scatter_%s.png" % key
        path = os.path.join(out_dir, name)
        if scatter(rows, key, path):
            written.append(path)
    path = os.path.join(out_dir, "dram_over_plane.png")
    if dram_over_plane(rows, path):
        written.append(path)
    return written


LIMITER_COLOURS = {"L1": "tab:blue", "L2": "tab:orange", "DRAM": "tab:red", "compute": "tab:green",
                   "shared-atomic": "tab:purple"}


def published_scatter(rows, path, title):
    """Predicted over measured time (per step) of a published set, log-log,
    coloured by the predicted limiter. Returns False when no row has both."""
    pts = []
    for r in rows:
        p, m = number(r.get("predicted_time")), number(r.get("measured_time"))
        if r.get("status") == "ok" and p and m and p > 0 and m > 0:
            pts.append((m, p, r.get("bottleneck", "?")))
    if not pts:
        return False
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(6.4, 5.6))
    for lim in sorted({t[2] for t in pts}):
        sel = [t for t in pts if t[2] == lim]
        ax.scatter([t[0] for t in sel], [t[1] for t in sel], s=8, alpha=0.6,
                   c=LIMITER_COLOURS.get(lim, "0.5"), label="%s (%d)" % (lim, len(sel)))
    lo = min(min(t[0] for t in pts), min(t[1] for t in pts)) / 1.2
    hi = max(max(t[0] for t in pts), max(t[1] for t in pts)) * 1.2
    ax.plot([lo, hi], [lo, hi], "k-", lw=0.8)
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlim(lo, hi)
    ax.set_ylim(lo, hi)
    ax.set_xlabel("measured time per step, ms")
    ax.set_ylabel("predicted time per step, ms")
    ax.set_title("%s: %d configurations\ncolour: predicted limiter" % (title, len(pts)), fontsize=10)
    ax.legend(fontsize=8, loc="upper left")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return True
