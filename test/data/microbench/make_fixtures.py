#!/usr/bin/env python3
"""Writes the FORMAT FIXTURES in this directory: raw output in the exact line
format of microbench/wp_* with SYNTHETIC numbers (smooth formulas chosen to
look like an H100), for scripts/tests/test_microbench_*.py. They are not
measurements and must never be used as hardware data. Rerun after changing
the record format: python3 make_fixtures.py
"""
import json
import math
import pathlib

HERE = pathlib.Path(__file__).resolve().parent
NAME = "FIXTURE GPU (format fixture, not a measurement)"


def device(bench):
    return {"bench": bench, "record": "device", "name": NAME, "ordinal": 0,
            "compute_capability": "9.0", "sm_count": 132, "clock_khz": 1980000,
            "mem_clock_khz": 2619000, "memory_bus_bits": 5120, "global_mem_bytes": 85000000000,
            "l2_bytes": 52428800, "max_threads_per_sm": 2048, "max_blocks_per_sm": 32,
            "smem_per_sm": 233472, "smem_per_block_optin": 232448,
            "smem_reserved_per_block": 1024, "regs_per_sm": 65536,
            "driver_cuda_version": "13.0", "runtime_cuda_version": "13.0"}


def clocks(bench):
    return [{"bench": bench, "record": "clock", "when": "start", "sm_clock_mhz": 1980.0},
            {"bench": bench, "record": "clock", "when": "end", "sm_clock_mhz": 1950.0}]


def write(bench, records, part):
    lines = [device(bench)] + clocks(bench)[:1] + records + clocks(bench)[1:]
    (HERE / f"{bench}.jsonl").write_text("".join(json.dumps(r) + "\n" for r in lines))
    meta = {"part": part, "fixture": "format fixture, not a measurement",
            "command": [f"build/microbench/{bench}"], "date": "2000-01-01",
            "driver_version": "000.00", "exit_status": 0, "duration_s": 1.0,
            "clocks": {"samples": 2, "min_mhz": 1950.0, "median_mhz": 1965.0, "max_mhz": 1980.0}}
    (HERE / f"{bench}.meta.json").write_text(json.dumps(meta, indent=2) + "\n")


def m(bench, test, **fields):
    rec = {"bench": bench, "record": "measurement", "test": test}
    rec.update(fields)
    rec["verified"] = True
    return rec


def dram():
    recs = []
    peak = {"read": 3100.0, "write": 2900.0, "copy": 2800.0, "triad": 2950.0}
    for kind, gbs in peak.items():
        for ilp in (1, 4):
            recs.append(m("wp_dram", "peak", kernel=kind, ilp=ilp, median_gbs=gbs - (ilp == 1) * 100,
                          reps=20, warps_per_sm=64, blocks_per_sm=8))
    for kind in ("read", "triad"):
        for ilp in (1, 4):
            for w in (1, 2, 4, 8, 16, 32, 64):
                gbs = peak[kind] * (1 - math.exp(-w * ilp / 12.0))
                recs.append(m("wp_dram", "occupancy", kernel=kind, ilp=ilp, warps_per_sm=w,
                              median_gbs=round(gbs, 3), reps=10))
    write("wp_dram", recs, "dram")


def l2_bandwidth(size_mb, knee_mb, high, low):
    hit = 1.0 / (1.0 + math.exp((size_mb - knee_mb) / 2.0))
    return 1.0 / (hit / high + (1 - hit) / low)


def l2():
    sizes = [1, 2, 3, 4, 6, 8] + list(range(10, 61, 2)) + [64, 72, 80, 96, 112, 128, 160, 200]
    recs = []
    for test, knee, high in (("shared", 24.0, 8000.0), ("disjoint", 40.0, 7000.0)):
        for s in sizes:
            recs.append(m("wp_l2", test, size_mb=s, size_bytes=s * 1000000,
                          median_gbs=round(l2_bandwidth(s, knee, high, 3000.0), 3), reps=15))
    write("wp_l2", recs, "l2")


def l1():
    recs = [m("wp_l1", "bandwidth", buffer_bytes=65536, bytes_per_cycle=126.3, median_cycles=33210)]
    for kb in range(16, 513, 16):
        bpc = 126.0 if kb <= 208 else (40.0 if kb >= 256 else 126.0 - (kb - 208) * 86.0 / 48)
        recs.append(m("wp_l1", "capacity", buffer_bytes=kb * 1024, bytes_per_cycle=bpc))
    tag = {1: 1.0, 2: 1.24, 3: 1.62, 4: 1.89, 5: 2.19, 6: 2.4, 8: 2.8, 12: 3.8, 16: 4.7, 24: 6.5, 32: 8.3}
    for spacing in (1, 4, 33):
        for lines, t in tag.items():
            offs = [(lane * lines // 32) * spacing * 128 + lane * 4 for lane in range(32)]
            recs.append(m("wp_l1", "lines", elem_bytes=4, lines=lines, line_spacing=spacing,
                          lane_offsets=offs, cycles_per_instruction=t * (1.05 if spacing == 33 else 1.0)))
    for elem in (4, 8, 16):
        for stride in (0, 1, 2, 3, 4, 8, 32):
            offs = [lane * stride * elem for lane in range(32)]
            data = max(1, math.gcd(stride, 32) if stride else 1) * elem // 4
            recs.append(m("wp_l1", "stride", elem_bytes=elem, stride=stride, lane_offsets=offs,
                          cycles_per_instruction=float(data)))
    write("wp_l1", recs, "l1")


def atomics():
    n_values = [1, 2, 3, 4, 8, 16, 32, 48, 64]
    e_values = [1, 2, 4, 8, 16, 32]
    cost = {"rmw": (48, lambda e: 4 + e), "cas": (64, lambda e: 4 + 2 * e), "unused": (48, lambda e: 4)}
    recs = []
    for n in n_values:
        for e in e_values:
            base = 100.0 + n
            recs.append(m("wp_shatomic", "T", op="baseline", fao_op="baseline", mode="same", n=n, e=e,
                          c=0, median_cycles=base, samples=660))
            for op, (lat, ii) in cost.items():
                if n == 3 and op == "cas" and e == 32:
                    continue  # an incomplete row: the grid must drop n = 3
                t = lat + n * ii(e)
                if n == 1 and e == 1 and op == "unused":
                    t = 0.4  # below one cycle after the baseline: clamped to 1
                recs.append(m("wp_shatomic", "T", op=op, fao_op="rmw" if op == "cas" else op,
                              mode="same", n=n, e=e, c=n if op == "cas" else 0,
                              median_cycles=base + t, baseline_cycles=base, t_cycles=t, samples=660))
    for n in (8, 16):
        for c in range(1, n):
            t0, tn = 48 + n * 36, 64 + n * 68
            t = t0 + (tn - t0) * c / n
            recs.append(m("wp_shatomic", "T", op="mix", fao_op="rmw", mode="same", n=n, e=32, c=c,
                          median_cycles=200 + t, baseline_cycles=200.0, t_cycles=t, samples=660))
    recs.append(m("wp_shatomic", "T", op="rmw", fao_op="rmw", mode="warp", n=4, e=32, c=0,
                  median_cycles=300.0, baseline_cycles=104.0, t_cycles=196.0, samples=660))
    write("wp_shatomic", recs, "atomics")


def throughput():
    rates = {"fp32_fma": 127.4, "fp64_fma": 63.8, "int_add": 63.5, "int_mad": 63.9,
             "sfu_rsqrt": 15.9, "shared_load": 31.8, "shared_store": 31.7}
    recs = [m("wp_throughput", t, median_per_sm_per_cycle=v, samples=924) for t, v in rates.items()]
    write("wp_throughput", recs, "throughput")


if __name__ == "__main__":
    dram()
    l2()
    l1()
    atomics()
    throughput()
