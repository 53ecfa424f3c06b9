#!/usr/bin/env python3
"""Acceptance check (issue 12): the gpu-benches strides kernel through
`warpest estimate`, every published row: L1 data wavefronts per warp load
(l1tex__data_pipe_lsu_wavefronts) and L2 sectors per warp load
(lts__t_sectors) must equal the data exactly, to the data's printed
precision: wavefronts to 0.01, sectors as whole sectors (the data print
0.00-0.2: every load after the first hits L1). The tag wavefronts are
printed for information. Exit 1 on any mismatch.
  scripts/gpubench_strides.py [--warpest build/warpest]"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gpubench import common as gb  # noqa: E402

# file -> tables of the same SM (docs/hardware-table.md)
FILES = {"a100": ["a100-40gb"], "a40": ["rtx-a6000"], "h200": ["h100-sxm", "h200"]}


def main():
    args = gb.check_args(__doc__)
    if args is None:
        return 77
    base = os.path.join(gb.MODELS, "gpu_strides.json")
    fails = total = 0
    models = {}
    for dtype, size in (("float", 4), ("double", 8)):
        def edit(m, size=size):
            m["fields"][0]["elem_bytes"] = size
            for a in m["accesses"]:
                a["bytes"] = size
        models[dtype] = gb.model_with(base, edit)
    try:
        for name, gpus in FILES.items():
            for r in gb.read_csv(os.path.join(gb.DATA, "strides", name + ".csv")):
                if r["pattern"] == "stride":
                    params = ["S=%s" % r["stride_elements"], "P=0", "Y=0"]
                    block = "1024x1x1"
                    what = "stride %s" % r["stride_elements"]
                else:
                    params = ["S=1", "P=%s" % r["pitch_elements"], "Y=1"]
                    block = "%sx%sx1" % (r["block_x"], r["block_y"])
                    what = "block %sx%s" % (r["block_x"], r["block_y"])
                d_wf = float(r["l1tex__data_pipe_lsu_wavefronts_per_warp_load"])
                d_tag = float(r["l1tex__t_output_wavefronts_pipe_lsu_mem_global_op_ld_per_warp_load"])
                d_sec = float(r["lts__t_sectors_per_warp_load"])
                for gpu in gpus:
                    rep = gb.warpest(args.warpest, models[r["dtype"]], gpu, block, params=params)
                    met = rep["metrics"]
                    loads = met["l1_global_ld_requests"]
                    wf = met["l1_data_wavefronts"] / loads
                    tag = met["l1_tag_wavefronts_global_ld"] / loads
                    sec = met["l2_load_sectors"] / loads
                    ok = abs(wf - d_wf) < 0.005 and round(sec) == round(d_sec)
                    total += 1
                    fails += not ok
                    print("%-5s %-9s %-6s %-12s data wavefronts %5.2f (data %5.2f)  L2 sectors %.3f "
                          "(data %.2f)  tag %.2f (data %.2f)  %s"
                          % ("ok" if ok else "FAIL", name, r["dtype"], what, wf, d_wf, sec, d_sec,
                             tag, d_tag, gpu))
    finally:
        for p in models.values():
            os.unlink(p)
    print("strides: %d of %d points match, %d fail" % (total - fails, total, fails))
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
