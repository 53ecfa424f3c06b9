"""Checks the models the pass dumped for one corpus file (test/lit/corpus),
without reading any remark text:

- every model is read and estimated by `warpest estimate` (block 256x1x1,
  parameter values from the file's `//! param name=value` lines, 4096 for the
  others; the grid from the model alone);
- the estimate has a time unless every access of the kernel is unanalysed
  with no stated assumption;
- the source lines of the unanalysed accesses (`analysable: false`) are
  exactly the lines marked `//! unanalysed` in the file; a marked line may
  name the assumption its accesses must carry, `//! unanalysed assume=random`.

    check_corpus.py FILE.cu MODEL_DIR WARPEST_CLI"""
import json, os, re, subprocess, sys

src, d, cli = sys.argv[1], sys.argv[2], sys.argv[3]
values, expected = {}, {}
for no, line in enumerate(open(src), 1):
    m = re.search(r"//!\s*param\s+(.*)", line)
    if m:
        for kv in m.group(1).split():
            k, _, v = kv.partition("=")
            values[k] = v
    m = re.search(r"//!\s*unanalysed(?:\s+assume=(\S+))?", line)
    if m:
        expected[no] = m.group(1)

errors = []
seen = {}
models = sorted(f for f in os.listdir(d) if f.endswith(".json"))
if not models:
    errors.append("no model dumped")
for f in models:
    path = os.path.join(d, f)
    m = json.load(open(path))
    name = m["kernel"]
    # the default work limit: every kernel of the corpus gets its estimate
    # within it (the z-marching heat step's clamps stay on the block-class
    # path, the n-body tile's 2^20 shared loads are sampled)
    cmd = [cli, "estimate", path, "--gpu", "h100-sxm", "--block", "256", "1", "1", "--json"]
    for p in m.get("params", []):
        if "value" not in p and "exp2_of" not in p:
            cmd += ["--param", "%s=%s" % (p["name"], values.get(p["name"], "4096"))]
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        errors.append("%s: estimate took more than 120 s" % name)
        continue
    if r.returncode:
        errors.append("%s: no estimate: %s" % (name, r.stderr.strip()))
        continue
    rep = json.loads(r.stdout)
    blind = m["accesses"] and all(a.get("analysable", True) is False and not a.get("assume")
                                  for a in m["accesses"])
    t = rep.get("predicted_seconds")
    if not blind and not (t and t > 0):
        errors.append("%s: estimate without a time" % name)
    for a in m["accesses"]:
        if a.get("analysable", True) is not False:
            continue
        if not a.get("reason"):
            errors.append("%s: unanalysed access without a reason: %s" % (name, a))
        loc = a.get("loc", "")
        mm = re.search(r":(\d+):\d+$", loc)
        if not mm:
            errors.append("%s: unanalysed access without a location: %s" % (name, a))
            continue
        no = int(mm.group(1))
        seen.setdefault(no, []).append((name, a))
for no, accs in sorted(seen.items()):
    if no not in expected:
        for name, a in accs:
            errors.append("%s: line %d: unexpected unanalysed access: %s" % (name, no, a.get("reason")))
        continue
    want = expected[no]
    for name, a in accs:
        if want and not str(a.get("assume", "")).startswith(want):
            errors.append("%s: line %d: expected assumption '%s', got '%s' (%s)"
                          % (name, no, want, a.get("assume"), a.get("reason")))
for no in sorted(set(expected) - set(seen)):
    errors.append("line %d: expected an unanalysed access, found none" % no)
for e in errors:
    print("%s: %s" % (os.path.basename(src), e))
print("%s: %d models checked, %d errors" % (os.path.basename(src), len(models), len(errors)))
sys.exit(1 if errors else 0)
