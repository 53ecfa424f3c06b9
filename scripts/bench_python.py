#!/usr/bin/env python3
"""The Python module's cost against the C API it wraps: the same N
configurations (test/bench/bench_score.c's list) scored through
warpest.Estimator.score (from dicts, results back as Score objects) and
through one warpest_score call in C. Prints both and the ratio; the target
(issue 15) is a ratio of at most 1.2 for 1,000 configurations of
examples/models/stencil3d25.json.

    python3 scripts/bench_python.py [BUILD_DIR [N [THREADS [REPEATS]]]]
"""
import os
import re
import statistics
import subprocess
import sys
import time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
build = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, "build"))
n = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
threads = int(sys.argv[3]) if len(sys.argv) > 3 else 2
repeats = int(sys.argv[4]) if len(sys.argv) > 4 else 5
model = os.path.join(root, "examples", "models", "stencil3d25.json")
gpu = "h100-sxm"
os.environ.setdefault("WARPEST_TABLES", os.path.join(root, "runtime", "tables"))
os.environ.setdefault("WARPEST_CORE_LIB", os.path.join(build, "runtime", "libwarpest-core.so.0"))
sys.path.insert(0, os.path.join(root, "python"))
import warpest  # noqa: E402 (after the path it needs)


def configs_like_bench_score(kernel):
    variants = kernel.variants or [None]
    shapes = []
    for v in variants:
        for x in (2 ** i for i in range(11)):
            for y in (2 ** i for i in range(11)):
                for z in (2 ** i for i in range(7)):
                    if 64 <= x * y * z <= 1024:
                        c = {"block": (x, y, z)}
                        if v is not None:
                            c["variant"] = v
                        shapes.append(c)
    return [shapes[i % len(shapes)] for i in range(n)]


est = warpest.load(model, gpu, threads=threads)
configs = configs_like_bench_score(est.kernel)
c_times, py_times = [], []
for _ in range(repeats):
    # interleaved, so a change in the host's speed hits both alike
    out = subprocess.run([os.path.join(build, "test", "bench_score"), model, gpu, str(n),
                          str(threads), "1"], check=True, capture_output=True, text=True).stdout
    c_times.append(float(re.search(r"fastest ([0-9.]+) s", out).group(1)))
    t0 = time.perf_counter()
    scores = est.score(configs)
    py_times.append(time.perf_counter() - t0)
    assert len(scores) == n
# the module's own work, which is what the ratio measures beside the host's noise
t0 = time.perf_counter()
est._configs(configs)
build_seconds = time.perf_counter() - t0
c_best, py_best = min(c_times), min(py_times)
print("model %s, gpu %s, %d configurations, %d threads, %d runs each" %
      (os.path.relpath(model, root), gpu, n, threads, repeats))
print("C API  (warpest_score): fastest %.4f s, median %.4f s" % (c_best, statistics.median(c_times)))
print("Python (Estimator.score): fastest %.4f s, median %.4f s" % (py_best, statistics.median(py_times)))
print("of which Python builds the %d C structs in %.4f s" % (n, build_seconds))
print("ratio Python / C: %.3f (fastest), %.3f (median); target <= 1.2" %
      (py_best / c_best, statistics.median(py_times) / statistics.median(c_times)))
