"""What is measured: kernels, block shapes, thread folding, domain sizes, and
the commands that build, measure (ncu) and predict (warpest) each point.

A *point* is one launch configuration of one kernel: variant (thread folding),
block shape and domain. A *sweep* is a named set of points over the same
kernel; the statistics rank points within a sweep and domain.
"""

import math
import os
import shlex

from . import metrics


class KernelSpec:
    """How to build and launch one example kernel.

    source: the kernel file in examples/cu (kernel code only, no main);
    launcher: the launcher in scripts/validation/launchers; model: the kernel
    model for warpest; variants: our label -> (CUDA kernel function name,
    warpest --variant name or None for the model's default); domain: the
    parameter names of the domain extents, and the default domain;
    radius: halo width the kernel leaves out at each face (the launcher's
    grid covers extent - 2*radius points per dimension)."""

    def __init__(self, name, source, launcher, model, variants, domain_params,
                 default_domain, radius=0, ready=True, note=""):
        self.name = name
        self.source = source
        self.launcher = launcher
        self.model = model
        self.variants = variants
        self.domain_params = domain_params
        self.default_domain = default_domain
        self.radius = radius
        self.ready = ready
        self.note = note

    def kernel_regex(self):
        # ncu --kernel-name regex: matches every variant's function name
        names = sorted({fn for fn, _ in self.variants.values()})
        return "^(" + "|".join(names) + ")$"


# The 3D 25-point (range 4) star stencil on doubles, the paper's main case
# (640x512x512 sits at the layer-condition transition on A100/H100).
KERNELS = {
    "stencil3d25": KernelSpec(
        "stencil3d25", "examples/cu/stencil3d25.cu", "launchers/launch_stencil3d25.cu",
        "examples/models/stencil3d25.json",
        {"none": ("stencil3d25", None),
         "2y": ("stencil3d25_fold2y", "fold2y"),
         "2z": ("stencil3d25_fold2z", "fold2z")},
        ("nx", "ny", "nz"), (640, 512, 512), radius=4),
    # The 3D 7-point stencil (paper 000's small-radius case) and its 4-fold
    # z loop (a separate model: the loop is in the kernel, not a variant of
    # one model), one launcher for both.
    "stencil3d7": KernelSpec(
        "stencil3d7", "examples/cu/stencil3d7.cu", "launchers/launch_stencil3d7.cu",
        "examples/models/stencil3d7.json", {"none": ("stencil3d7", None)},
        ("nx", "ny", "nz"), (512, 512, 512), radius=1),
    "stencil3d7_folded4z": KernelSpec(
        "stencil3d7_folded4z", "examples/cu/stencil3d7_folded4z.cu",
        "launchers/launch_stencil3d7.cu", "examples/models/stencil3d7_folded4z.json",
        {"4z": ("stencil3d7_folded4z", None)},
        ("nx", "ny", "nz"), (512, 512, 512), radius=1),
    # D3Q15 lattice Boltzmann, pull scheme: 15 unaligned loads and 15 stores
    # a cell, structure of arrays.
    "d3q15_pull": KernelSpec(
        "d3q15_pull", "examples/cu/d3q15_pull.cu", "launchers/launch_d3q15_pull.cu",
        "examples/models/d3q15_pull.json", {"none": ("d3q15_pull", None)},
        ("nx", "ny", "nz"), (256, 256, 256), radius=1),
}

VARIANTS = ("none", "2y", "2z")


def block_shapes(threads, max_z=64, max_xy=1024):
    """All power-of-two (x, y, z) with x*y*z == threads, within CUDA's
    per-dimension limits, ordered by x descending then y descending."""
    if threads & (threads - 1):
        raise ValueError("thread count must be a power of two: %d" % threads)
    e = int(math.log2(threads))
    shapes = []
    for ex in range(e, -1, -1):
        for ey in range(e - ex, -1, -1):
            ez = e - ex - ey
            x, y, z = 1 << ex, 1 << ey, 1 << ez
            if x <= max_xy and y <= max_xy and z <= max_z:
                shapes.append((x, y, z))
    return shapes


# Shapes of increasing depth (the paper's figure 23 series): 1, 2, 4, ... 32
# layers per block, wide in x so that coalescing stays good.
DEPTH_SERIES_256 = [(32, 8, 1), (32, 4, 2), (32, 2, 4), (32, 1, 8), (16, 1, 16), (8, 1, 32)]


def transition_domains(total_points=640 * 512 * 512, planes=None, min_nz=24):
    """Domains with about the same number of points and a square xy plane of
    growing side, across the 3D layer-condition transition (paper 5.7)."""
    planes = planes or [128, 192, 256, 320, 384, 448, 512, 576, 640, 768, 896, 1024,
                        1280, 1536, 2048]
    doms = []
    for n in planes:
        nz = max(min_nz, int(round(total_points / float(n * n))))
        doms.append((n, n, nz))
    return doms


class Point:
    def __init__(self, kernel, sweep, variant, block, domain):
        self.kernel = kernel
        self.sweep = sweep
        self.variant = variant
        self.block = tuple(block)
        self.domain = tuple(domain)

    @property
    def point_id(self):
        return "%s-%s-%s-b%dx%dx%d-d%dx%dx%d" % (
            (self.kernel, self.sweep, self.variant) + self.block + self.domain)

    def __repr__(self):
        return "Point(%s)" % self.point_id


def sweep_points(kernel, sweep):
    """The points of a named sweep:
    shapes256 / shapes1024: every power-of-two shape with 256 / 1024 threads,
        each variant, default domain;
    domain: the depth series x variants x transition domains;
    quick: a handful of points to check the pipeline end to end."""
    spec = KERNELS[kernel]
    variants = list(spec.variants)
    pts = []
    if sweep in ("shapes256", "shapes1024"):
        threads = 256 if sweep == "shapes256" else 1024
        for v in variants:
            for b in block_shapes(threads):
                pts.append(Point(kernel, sweep, v, b, spec.default_domain))
    elif sweep == "domain":
        for d in transition_domains():
            for v in variants:
                for b in DEPTH_SERIES_256:
                    pts.append(Point(kernel, sweep, v, b, d))
    elif sweep == "quick":
        if set(VARIANTS) <= set(variants):
            picks = (("none", (32, 8, 1)), ("none", (32, 1, 8)), ("2y", (32, 4, 2)),
                     ("2z", (64, 4, 1)), ("none", (4, 8, 8)))
        else:
            picks = tuple((variants[0], b) for b in ((32, 8, 1), (32, 1, 8), (4, 8, 8)))
        for v, b in picks:
            pts.append(Point(kernel, sweep, v, b, spec.default_domain))
    else:
        raise ValueError("unknown sweep %r (shapes256, shapes1024, domain, quick)" % sweep)
    return pts


SWEEPS = ("shapes256", "shapes1024", "domain", "quick")


# ---------------------------------------------------------------- commands

def launcher_binary(build_dir, kernel):
    return os.path.join(build_dir, "launch_" + kernel)


def build_command(repo, build_dir, kernel, arch="sm_90", nvcc="nvcc"):
    """nvcc command for a launcher; -Xptxas -v reports the registers of each
    kernel, which the run keeps beside the binary."""
    spec = KERNELS[kernel]
    src = os.path.join(repo, "scripts", "validation", spec.launcher)
    return [nvcc, "-O3", "-std=c++17", "-arch=" + arch, "-lineinfo", "-Xptxas", "-v",
            "-I", os.path.join(repo, "examples", "cu"),
            "-I", os.path.join(repo, "scripts", "validation", "launchers"),
            "-o", launcher_binary(build_dir, kernel), src]


def launcher_args(point):
    return ["--variant", point.variant,
            "--block", str(point.block[0]), str(point.block[1]), str(point.block[2]),
            "--domain", str(point.domain[0]), str(point.domain[1]), str(point.domain[2])]


def points_file_lines(points):
    """The launcher's --points file: one configuration per line."""
    return ["%s %d %d %d %d %d %d" % ((p.variant,) + p.block + p.domain) for p in points]


def ncu_command(binary, log_file, kernel, args, ncu="ncu", clock_control="none",
                extra=()):
    """ncu, long CSV layout, base units (no Kbyte/usecond scaling), caches
    flushed before every replay pass (cold L2 and L1 as warpest assumes), only
    the example kernel profiled (not the initialisation kernel). Clocks are
    not locked to base by default: warpest's bandwidths come from
    micro-benchmarks run at the normal boost behaviour."""
    spec = KERNELS[kernel]
    return ([ncu, "--csv", "--print-units", "base", "--metrics", metrics.ncu_metric_list(),
             "--kernel-name", "regex:" + spec.kernel_regex(),
             "--cache-control", "all", "--clock-control", clock_control,
             "--log-file", log_file] + list(extra) + [binary] + list(args))


def warpest_command(warpest, repo, point, gpu, extra=()):
    spec = KERNELS[point.kernel]
    cmd = [warpest, "estimate", os.path.join(repo, spec.model), "--gpu", gpu,
           "--block", str(point.block[0]), str(point.block[1]), str(point.block[2])]
    wv = spec.variants[point.variant][1]
    if wv is not None:
        cmd += ["--variant", wv]
    for name, value in zip(spec.domain_params, point.domain):
        cmd += ["--param", "%s=%d" % (name, value)]
    return cmd + list(extra) + ["--json"]


def quote(cmd):
    return " ".join(shlex.quote(c) for c in cmd)
