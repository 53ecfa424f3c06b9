"""Shared pieces of the gpu-benches scripts (fit_capacity.py, gpubench_*.py):
where the published data and the kernel models are, running `warpest`,
the Gompertz curve, a small least-squares minimiser and SVG plots."""
import csv
import json
import math
import os
import subprocess
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DATA = os.environ.get("WARPEST_GPUBENCH_DATA",
                      os.path.join(os.path.dirname(ROOT), "shared", "validation", "gpu-benches"))
MODELS = os.path.join(ROOT, "scripts", "gpubench")
TABLES = os.path.join(ROOT, "runtime", "tables")

# Which tables each published file speaks for (same die and SM; see
# docs/hardware-table.md "Capacity curves"). The GH200 file ("h200") stands
# for the H100 SXM and the H200: 132 SMs of the same GH100 with the same L2.
L1_FILES = {"v100": ["v100"], "a100_80": ["a100-80gb", "a100-40gb", "a100-pcie-40gb"],
            "h100_pcie": ["h100-pcie", "h100-sxm", "h200"]}
L2_FILES = {"a100_80": ["a100-80gb", "a100-40gb", "a100-pcie-40gb"],
            "h100_pcie": ["h100-pcie"], "h200": ["h100-sxm", "h200"]}


def check_args(doc):
    """The acceptance checks' command line; None when the data are missing (skip: 77)."""
    import argparse
    ap = argparse.ArgumentParser(description=doc.split("\n")[0])
    ap.add_argument("--warpest", default=os.path.join(ROOT, "build", "warpest"))
    args = ap.parse_args()
    if not os.path.isdir(DATA):
        print("no gpu-benches data at %s: skipped" % DATA)
        return None
    return args


def read_csv(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def table(gpu_id):
    with open(os.path.join(TABLES, gpu_id + ".json")) as f:
        return json.load(f)


def warpest(binary, model, gpu, block, grid=None, params=(), tables=TABLES):
    """One `warpest estimate --json`; the report as a dict."""
    cmd = [binary, "estimate", model, "--gpu", gpu, "--block", block, "--json",
           "--tables", tables]
    if grid:
        cmd += ["--grid", grid]
    for p in params:
        cmd += ["-p", p]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def model_with(path, edit):
    """A temporary copy of a kernel model after edit(model); the caller removes it."""
    with open(path) as f:
        m = json.load(f)
    edit(m)
    fd, tmp = tempfile.mkstemp(suffix=".json")
    with os.fdopen(fd, "w") as f:
        json.dump(m, f)
    return tmp


def gompertz_miss(a, b, c, o):
    """The capacity miss rate of SPEC 5.4: a*exp(-b*exp(-c*o))."""
    return a * math.exp(-b * math.exp(-c * max(o, 0.0)))


def nelder_mead(f, x0, step, iters=4000, tol=1e-12):
    """Minimises f over R^n from x0 (simplex search; no derivatives needed)."""
    n = len(x0)
    pts = [list(x0)]
    for i in range(n):
        p = list(x0)
        p[i] += step[i]
        pts.append(p)
    vals = [f(p) for p in pts]
    for _ in range(iters):
        order = sorted(range(n + 1), key=lambda i: vals[i])
        pts = [pts[i] for i in order]
        vals = [vals[i] for i in order]
        if abs(vals[-1] - vals[0]) <= tol * (abs(vals[0]) + tol):
            break
        cen = [sum(p[j] for p in pts[:-1]) / n for j in range(n)]
        refl = [cen[j] + (cen[j] - pts[-1][j]) for j in range(n)]
        fr = f(refl)
        if fr < vals[0]:
            exp_ = [cen[j] + 2 * (cen[j] - pts[-1][j]) for j in range(n)]
            fe = f(exp_)
            pts[-1], vals[-1] = (exp_, fe) if fe < fr else (refl, fr)
        elif fr < vals[-2]:
            pts[-1], vals[-1] = refl, fr
        else:
            con = [cen[j] + 0.5 * (pts[-1][j] - cen[j]) for j in range(n)]
            fc = f(con)
            if fc < vals[-1]:
                pts[-1], vals[-1] = con, fc
            else:
                for i in range(1, n + 1):
                    pts[i] = [pts[0][j] + 0.5 * (pts[i][j] - pts[0][j]) for j in range(n)]
                    vals[i] = f(pts[i])
    best = min(range(n + 1), key=lambda i: vals[i])
    return pts[best], vals[best]


def svg_plot(path, title, panels):
    """Writes stacked panels, each {"ylabel", "xlabel", "logx", "series": [{"label",
    "points": [(x, y)], "line": bool, "color"}], "ylim": (lo, hi) or None}."""
    w, ph, left, top = 640, 220, 70, 30
    h = top + len(panels) * (ph + 50)
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" '
           'font-size="11">' % (w, h), '<rect width="100%" height="100%" fill="white"/>',
           '<text x="%d" y="18" font-size="13">%s</text>' % (left, esc(title))]
    for k, p in enumerate(panels):
        y0 = top + k * (ph + 50)
        xs = [x for s in p["series"] for x, _ in s["points"]]
        ys = [y for s in p["series"] for _, y in s["points"]]
        tx = (lambda x: math.log10(x)) if p.get("logx") else (lambda x: x)
        xlo, xhi = min(tx(x) for x in xs), max(tx(x) for x in xs)
        ylo, yhi = p.get("ylim") or (min(ys), max(ys))
        if yhi == ylo:
            yhi = ylo + 1
        pw = w - left - 20
        px = lambda x: left + (tx(x) - xlo) / (xhi - xlo or 1) * pw
        py = lambda y: y0 + ph - (min(max(y, ylo), yhi) - ylo) / (yhi - ylo) * ph
        out.append('<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#888"/>'
                   % (left, y0, pw, ph))
        for t in range(5):
            yv = ylo + (yhi - ylo) * t / 4
            out.append('<text x="%d" y="%.1f" text-anchor="end">%.3g</text>' % (left - 4, py(yv) + 4, yv))
            xv = xlo + (xhi - xlo) * t / 4
            lab = 10 ** xv if p.get("logx") else xv
            out.append('<text x="%.1f" y="%d" text-anchor="middle">%.3g</text>'
                       % (left + (xv - xlo) / (xhi - xlo or 1) * pw, y0 + ph + 14, lab))
        if ylo < 0 < yhi:
            out.append('<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#ccc"/>'
                       % (left, left + pw, py(0), py(0)))
        out.append('<text x="%d" y="%d" text-anchor="middle">%s</text>'
                   % (left + pw // 2, y0 + ph + 30, esc(p["xlabel"])))
        out.append('<text x="14" y="%d" transform="rotate(-90 14 %d)" text-anchor="middle">%s</text>'
                   % (y0 + ph // 2, y0 + ph // 2, esc(p["ylabel"])))
        for j, s in enumerate(p["series"]):
            col = s.get("color", ["#1f77b4", "#d62728", "#2ca02c", "#9467bd"][j % 4])
            pts = sorted(s["points"])
            if s.get("line"):
                out.append('<polyline fill="none" stroke="%s" stroke-width="1.5" points="%s"/>'
                           % (col, " ".join("%.1f,%.1f" % (px(x), py(y)) for x, y in pts)))
            else:
                out += ['<circle cx="%.1f" cy="%.1f" r="2.5" fill="%s"/>' % (px(x), py(y), col)
                        for x, y in pts]
            out.append('<text x="%d" y="%d" fill="%s">%s</text>'
                       % (left + 8, y0 + 14 + 13 * j, col, esc(s["label"])))
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def esc(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
