"""The pass's contract with the core: every model it writes is accepted by
the core's reader. Runs the plugin with dump-model= over every .cu and .ll
file of the project (clang-22 device side at -O2 for .cu, opt for .ll; files
that do not compile are skipped and counted), then feeds every dumped model to
`warpest estimate` with small values (parameters 64, block 64, grid 8) so that
the estimate itself is quick. A model the reader rejects (its message names
the model file) fails the test; other estimate errors are printed.

    contract.py ROOT OUT CLANG "OPT -load-pass-plugin=P" PLUGIN CUDA_PATH WARPEST_CLI"""
import glob, os, shlex, subprocess, sys

root, out, clang, opt, plugin, cuda, cli = sys.argv[1:8]
files = []
for pat in ("**/*.cu", "**/*.ll"):
    files += glob.glob(os.path.join(root, pat), recursive=True)
files = sorted(f for f in files if "/build" not in f[len(root):] and "/.git/" not in f)
skipped, nmodels, rejected, other = [], 0, [], []
for i, f in enumerate(files):
    d = os.path.join(out, "m%d" % i)
    os.makedirs(d)
    if f.endswith(".cu"):
        env = dict(os.environ, WARPEST_CONFIG="no-estimate;dump-model=" + d)
        cmd = [clang, "-O2", "-x", "cuda", "--cuda-device-only", "--cuda-gpu-arch=sm_90", "--cuda-path=" + cuda,
               "-Wno-unknown-cuda-version", "-I" + os.path.join(root, "examples/include"), "-I" + cuda + "/include/cccl",
               "-I" + os.path.dirname(f), "-fpass-plugin=" + plugin, "-c", f, "-o", os.devnull]
    else:
        env = dict(os.environ)
        env.pop("WARPEST_CONFIG", None)
        cmd = shlex.split(opt) + ["-passes=warpest<no-estimate;dump-model=%s>" % d, "-disable-output", f]
    r = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=300)
    if r.returncode:
        skipped.append(os.path.relpath(f, root))
        continue
    for m in sorted(glob.glob(os.path.join(d, "*.json"))):
        nmodels += 1
        cmd = [cli, "estimate", m, "--gpu", "h100-sxm", "--block", "64", "1", "1", "--grid", "8", "1", "1"]
        import json
        for p in json.load(open(m)).get("params", []):
            if "value" not in p:
                cmd += ["--param", "%s=64" % p["name"]]
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        if r.returncode == 0:
            continue
        msg = r.stderr.strip()
        where = "%s (from %s)" % (os.path.basename(m), os.path.relpath(f, root))
        (rejected if m + ":" in msg else other).append("%s: %s" % (where, msg))
for s in skipped:
    print("skipped (does not compile alone): %s" % s)
for o in other:
    print("estimate error: %s" % o)
for x in rejected:
    print("REJECTED: %s" % x)
print("%d files, %d skipped, %d models, %d rejected by the core's reader" % (len(files), len(skipped), nmodels,
      len(rejected)))
sys.exit(1 if rejected or nmodels == 0 else 0)
