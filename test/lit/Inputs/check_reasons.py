"""Checks the models dumped by the robustness test: at least N kernels, every
unanalysable access has a non-empty reason, every model is well-formed JSON."""
import json, os, sys

d, n = sys.argv[1], int(sys.argv[2])
models = [f for f in os.listdir(d) if f.endswith(".json")]
if len(models) < n:
    sys.exit("only %d models (expected at least %d)" % (len(models), n))
bad = 0
for f in models:
    m = json.load(open(os.path.join(d, f)))
    assert m["format"] == "warpest-kernel-model", f
    for a in m["accesses"]:
        if a.get("analysable", True) is False:
            if not a.get("reason"):
                print("%s: access without reason: %s" % (f, a))
                bad += 1
        elif "index" not in a and "offset" not in a:
            print("%s: analysable access without address: %s" % (f, a))
            bad += 1
sys.exit(1 if bad else 0)
