"""Tests of scripts/microbench_driver.py and scripts/microbench_table.py on the
format fixtures in test/data/microbench/ (synthetic numbers, not
measurements; see the README there)."""

import json
import os
import pathlib
import shutil
import stat
import subprocess
import sys
import tempfile
import unittest

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import microbench_driver as driver  # noqa: E402
import microbench_table as mt  # noqa: E402

FIXTURES = ROOT / "test" / "data" / "microbench"
BASE_TABLE = ROOT / "runtime" / "tables" / "h100-sxm.json"


def fixture_records(program):
    path = FIXTURES / f"{program}.jsonl"
    return mt.parse_jsonl(path.read_text(), str(path))


def fixture_parts():
    return driver.load_parts(FIXTURES)


def minimal_base():
    """The base table when the bundled one is absent: only what build_table reads."""
    if BASE_TABLE.exists():
        return json.loads(BASE_TABLE.read_text())
    return {"format": "warpest-hardware-table", "schema_version": 1, "id": "base",
            "name": "base", "compute_capability": "9.0", "memory_type": "HBM3",
            "l2_bytes": {"value": 52428800, "source": "datasheet: x"},
            "max_warps_per_sm": {"value": 64, "source": "datasheet: x"}}


class ParseTests(unittest.TestCase):
    def test_every_fixture_parses_and_has_a_device(self):
        for program in driver.PARTS.values():
            records = fixture_records(program)
            self.assertEqual(mt.device_record(records)["sm_count"], 132)
            self.assertAlmostEqual(mt.observed_clock_mhz(records), 1965.0)

    def test_garbage_line_is_an_error(self):
        with self.assertRaises(mt.ConversionError):
            mt.parse_jsonl('{"bench": "wp_dram"}\nGPU bandwidth: 3 TB/s\n')

    def test_unverified_measurement_is_refused(self):
        records = [{"bench": "wp_l2", "record": "measurement", "test": "shared", "verified": False}]
        with self.assertRaises(mt.ConversionError):
            mt.measurements(records, "shared")


class KneeTests(unittest.TestCase):
    def test_shared_l2_knee_of_the_fixture(self):
        recs = mt.measurements(fixture_records("wp_l2"), "shared")
        knee = mt.find_knee([r["size_bytes"] for r in recs], [r["median_gbs"] for r in recs])
        # The fixture's hit rate is 1/2 at 24 MB exactly.
        self.assertAlmostEqual(knee["knee"], 24e6, delta=0.5e6)
        self.assertGreater(knee["high"], 7000)
        self.assertAlmostEqual(knee["low"], 3000, delta=50)
        hits = {p["footprint"]: p["hit_rate"] for p in knee["hit_rate_points"]}
        self.assertGreater(hits[2e6], 0.99)
        self.assertLess(hits[200e6], 0.01)

    def test_abrupt_drop_interpolates_between_points(self):
        sizes = [1, 2, 4, 8, 16, 20, 22, 30, 40, 60, 100, 200]
        bws = [9.0] * 7 + [3.0] * 5
        knee = mt.find_knee(sizes, bws)
        # 1/bw midpoint (1/9 + 1/3)/2 is reached between 22 and 30.
        self.assertTrue(22 < knee["knee"] < 30)

    def test_flat_sweep_has_no_knee(self):
        self.assertIsNone(mt.find_knee(list(range(1, 20)), [5.0] * 19))

    def test_sweep_that_never_reaches_the_floor_has_no_knee(self):
        sizes = list(range(1, 13))
        bws = [9, 9, 9, 9, 9, 9, 9, 9, 8, 6, 4, 3]
        self.assertIsNone(mt.find_knee(sizes, bws, tail_points=3))

    def test_plateau_uses_points_below_half_the_knee(self):
        sizes = [1e6, 2e6, 4e6, 8e6, 12e6, 20e6]
        bws = [5.0, 7.0, 7.2, 7.4, 9.9, 3.0]
        self.assertAlmostEqual(mt.plateau(sizes, bws, 20e6), 7.2)


class AtomicGridTests(unittest.TestCase):
    def setUp(self):
        self.records = fixture_records("wp_shatomic")

    def test_grid_from_fixture(self):
        grid, notes = mt.atomic_grid(self.records)
        self.assertEqual(grid["n"], [1, 2, 4, 8, 16, 32, 48, 64])  # n = 3 incomplete
        self.assertEqual(grid["e"], [1, 2, 4, 8, 16, 32])
        self.assertTrue(any("n=3" in note for note in notes))
        i, j = grid["n"].index(16), grid["e"].index(8)
        self.assertEqual(grid["t_rmw"][i][j], 48 + 16 * 12)
        self.assertEqual(grid["t_cas"][i][j], 64 + 16 * 20)
        self.assertEqual(grid["t_unused"][i][j], 48 + 16 * 4)
        self.assertEqual(grid["t_unused"][0][0], 1.0)  # clamped
        for key in ("t_rmw", "t_cas", "t_unused"):
            self.assertEqual(len(grid[key]), len(grid["n"]))
            for row in grid[key]:
                self.assertEqual(len(row), len(grid["e"]))
                self.assertTrue(all(t >= 1.0 for t in row))

    def test_other_mode_is_separate(self):
        with self.assertRaises(mt.ConversionError):
            mt.atomic_grid(self.records, mode="warp")  # only rmw measured there

    def test_at_most_32_n_values(self):
        records = []
        for n in range(1, 65):
            for op in ("rmw", "cas", "unused"):
                records.append({"bench": "wp_shatomic", "record": "measurement", "test": "T",
                                "op": op, "mode": "same", "n": n, "e": 32,
                                "c": n if op == "cas" else 0, "t_cycles": 10.0 * n,
                                "verified": True})
        grid, _ = mt.atomic_grid(records)
        self.assertLessEqual(len(grid["n"]), 32)
        self.assertEqual(grid["n"][0], 1)
        self.assertEqual(grid["n"][-1], 64)
        self.assertEqual(grid["t_rmw"][-1][0], 640.0)

    def test_mix_is_linear_in_the_fixture(self):
        rows = mt.mix_linearity(self.records)
        self.assertEqual({(r["n"], r["e"]) for r in rows}, {(8, 32), (16, 32)})
        self.assertTrue(all(r["max_relative_deviation"] < 1e-9 for r in rows))


class L1RuleTests(unittest.TestCase):
    def test_data_wavefronts(self):
        lanes = range(32)
        self.assertEqual(mt.spec_data_wavefronts([0] * 32, 4), 1)          # broadcast
        self.assertEqual(mt.spec_data_wavefronts([4 * l for l in lanes], 4), 1)
        self.assertEqual(mt.spec_data_wavefronts([8 * l for l in lanes], 4), 2)   # stride 2
        self.assertEqual(mt.spec_data_wavefronts([128 * l for l in lanes], 4), 32)
        self.assertEqual(mt.spec_data_wavefronts([4 * (l // 2) for l in lanes], 4), 1)  # pairs
        self.assertEqual(mt.spec_data_wavefronts([8 * l for l in lanes], 8), 2)
        self.assertEqual(mt.spec_data_wavefronts([16 * l for l in lanes], 16), 4)
        self.assertEqual(mt.spec_data_wavefronts([0] * 32, 8), 2)          # 8-byte floor

    def test_tag_curve_interpolates(self):
        self.assertEqual(mt.spec_tag_wavefronts(1), 1.0)
        self.assertAlmostEqual(mt.spec_tag_wavefronts(6), 2.8 - (2.8 - 1.89) / 2)
        self.assertEqual(mt.spec_tag_wavefronts(64), 8.3)

    def test_rule_check_on_fixture(self):
        rows = mt.l1_rule_check(fixture_records("wp_l1"))
        lines = [r for r in rows if r["test"] == "lines" and r.get("line_spacing") == 1]
        self.assertEqual(len(lines), 11)
        for r in lines:  # the fixture's cycles are SPEC's tag curve (within interpolation)
            self.assertEqual(r["data_wavefronts"], 1)
            self.assertAlmostEqual(r["ratio"], 1.0, delta=0.2)

    def test_path_width_rounding(self):
        self.assertEqual(mt.round_to_path_width(126.3), 128.0)
        self.assertEqual(mt.round_to_path_width(62.0), 64.0)
        self.assertEqual(mt.round_to_path_width(90.0), 90.0)


class TableTests(unittest.TestCase):
    def setUp(self):
        self.base = minimal_base()
        self.table, self.summary = mt.build_table(self.base, fixture_parts(), table_id="fixture-gpu")

    def test_measured_values_and_sources(self):
        t = self.table
        self.assertEqual(t["id"], "fixture-gpu")
        self.assertEqual(t["name"], "FIXTURE GPU (format fixture, not a measurement)")
        self.assertEqual(t["compute_capability"], "9.0")
        self.assertAlmostEqual(t["dram_bandwidth"]["value"], 2950e9)
        self.assertEqual(t["l1_bytes_per_cycle"]["value"], 128.0)
        # Shared knee 24 MB, disjoint knee 40 MB (the fixture's construction):
        # l2_bytes * 24 / 40 = 52428800 * 0.6 = 31457280.
        self.assertAlmostEqual(t["l2_effective_bytes"]["value"], 31457280, delta=0.5e6)
        self.assertAlmostEqual(t["l2_bandwidth"]["value"], 7000e9, delta=50e9)
        self.assertEqual(t["fp64_per_cycle"]["value"], 63.8)
        self.assertEqual(t["ldst_per_cycle"]["value"], 31.8)
        self.assertEqual(t["sm_count"]["value"], 132)
        self.assertEqual(t["clock_mhz"]["value"], 1965.0)
        for key in ("dram_bandwidth", "l2_bandwidth", "l2_effective_bytes", "fp32_per_cycle",
                    "l1_bytes_per_cycle", "clock_mhz", "sm_count"):
            src = t[key]["source"]
            self.assertTrue(src.startswith("measured: warpest-microbench "), src)
            self.assertIn("2000-01-01", src)
            self.assertIn("FIXTURE GPU", src)
            self.assertIn("driver 000.00", src)
            self.assertIn("CUDA 13.0", src)
            self.assertLessEqual(len(src), 159)

    def test_curves_and_atomics(self):
        t = self.table
        curve = t["dram_bandwidth_curve"]
        self.assertEqual(curve["x"], [1, 2, 4, 8, 16, 32, 64])
        self.assertEqual(len(curve["y"]), 7)
        self.assertTrue(all(a < b for a, b in zip(curve["y"], curve["y"][1:])))
        tag = t["l1_tag_wavefronts"]
        self.assertEqual(tag["x"][:4], [1, 2, 3, 4])
        self.assertEqual(tag["y"][:2], [1.0, 1.24])
        self.assertIs(t["atomics"]["provisional"], False)
        self.assertIn("t_unused", t["atomics"])
        self.assertTrue(t["atomics"]["source"].startswith("measured: "))

    def test_unmeasured_values_keep_the_base(self):
        for key, value in self.base.items():
            if key in ("max_warps_per_sm", "carveouts_kb", "hit_l2_load", "memory_type",
                       "l2_bytes", "dram_fetch_bytes"):
                self.assertEqual(self.table[key], value, key)
        self.assertEqual(self.base.get("id") if BASE_TABLE.exists() else "base",
                         self.base["id"])  # the base itself is not modified

    def test_keys_are_the_base_schema(self):
        allowed = set(self.base) | {"dram_bandwidth_curve", "atomics", "measurement",
                                    "provenance_default", "note"}
        self.assertLessEqual(set(self.table), allowed)
        self.assertLessEqual(len(self.table["provenance_default"]), 159)
        json.dumps(mt.finite_json(self.table))

    def test_pre_ampere_has_no_unused_grid(self):
        parts = fixture_parts()
        parts["atomics"].device["compute_capability"] = "7.5"
        table, _ = mt.build_table(self.base, {"atomics": parts["atomics"]})
        self.assertNotIn("t_unused", table["atomics"])

    def test_atomics_faster_than_the_pipe_are_refused(self):
        # T(n,e,c) below n cycles (n warp-instructions need n cycles of the
        # shared-memory pipe): the fixture's T(2,1,0) = 58 cut to 0.58 by
        # scaling every T by 1/100 -> the grid is reported, the base kept
        parts = fixture_parts()
        for r in parts["atomics"].records:
            if "t_cycles" in r:
                r["t_cycles"] = r["t_cycles"] / 100.0
        table, summary = mt.build_table(self.base, {"atomics": parts["atomics"]})
        self.assertEqual(table["atomics"], self.base["atomics"])
        self.assertTrue(any(w.startswith("wp_shatomic:") and "atomics kept from the base table" in w
                            for w in summary["warnings"]))
        self.assertIn("atomics_measured", summary)

    def test_summary_checks(self):
        s = self.summary
        self.assertAlmostEqual(s["l2_disjoint"]["knee_bytes"], 40e6, delta=1e6)
        self.assertTrue(200 * 1024 < s["l1_capacity_knee_bytes"] < 256 * 1024)
        self.assertEqual(s["warnings"], [])
        self.assertIn("triad ilp4", s["dram_peak_gbs"])


REAL_H100 = FIXTURES / "real-h100-2026-11-27"


class RealH100Tests(unittest.TestCase):
    """The converter on an excerpt of the first real run (H100 SXM, 2026-11-27;
    test/data/microbench/real-h100-2026-11-27/README.md). Expected values are
    worked out by hand from the raw lines."""

    @classmethod
    def setUpClass(cls):
        cls.base = minimal_base()
        cls.parts = driver.load_parts(REAL_H100)
        cls.table, cls.summary = mt.build_table(cls.base, cls.parts, table_id="h100-sxm-measured")

    def test_dram_is_the_best_triad(self):
        # peak triad: ILP 1 2840.90757 GB/s, ILP 4 2841.6694 GB/s -> the larger.
        self.assertAlmostEqual(self.table["dram_bandwidth"]["value"], 2841.6694e9, delta=1e3)
        self.assertIn("ILP 4", self.table["dram_bandwidth"]["note"])

    def test_l2_knees_by_hand(self):
        # disjoint: floor = median of the 3 largest sizes (3079, 3171, 3043) = 3079 GB/s;
        # plateau of the 3-point running median = 7079 (at 36 and 38 MB);
        # midpoint in time 0.5 * (1/7079 + 1/3079) = 2.33022e-4 s/GB (4291.5 GB/s).
        # Running medians: 80 MB med(5386, 4491, 3689) = 4491 (2.22668e-4),
        # 88 MB med(4491, 3689, 3482) = 3689 (2.71076e-4):
        # knee = 80 + 8 * (2.33022 - 2.22668) / (2.71076 - 2.22668) = 81.71 MB.
        dis = self.summary["l2_disjoint"]
        self.assertAlmostEqual(dis["knee_bytes"] / 1e6, 81.71, delta=0.02)
        self.assertAlmostEqual(dis["floor"] / 1e9, 3078.6186, delta=0.01)
        # shared: floor median(3350, 3269, 3226) = 3269; plateau 7844 = median(8098, 7590)
        # (the 1 MB edge); midpoint 0.5 * (1/7844 + 1/3269) = 2.16695e-4 (4614.8 GB/s);
        # 88 MB med(5732, 4695, 4190) = 4695 (2.12993e-4), 96 MB med(4695, 4190, 3871) = 4190
        # (2.38663e-4): knee = 88 + 8 * 0.03702 / 0.2567 = 89.15 MB.
        sha = self.summary["l2_shared"]
        self.assertAlmostEqual(sha["knee_bytes"] / 1e6, 89.15, delta=0.02)
        # Both knees lie beyond 1.1 x the nominal 52.4 MB (57.7 MB): the sweep does not
        # resolve the capacity, so the base table's 26214400 stays (l2_bytes unchanged).
        self.assertAlmostEqual(self.summary["l2_shared_to_disjoint_knee_ratio"], 1.091, delta=0.001)
        self.assertEqual(self.table["l2_effective_bytes"], self.base["l2_effective_bytes"])
        self.assertIn("wp_l2: both knees lie beyond 1.1 x l2_bytes; l2_effective_bytes not measured",
                      self.summary["warnings"])
        self.assertEqual(self.table["l2_bytes"], self.base["l2_bytes"])  # device reports 52428800

    def test_l2_bandwidth_by_hand(self):
        # disjoint points from 2 MB to half the knee (40.86 MB): 21 sizes 2, 3, 4, 6, ..., 40 MB;
        # sorted, the 11th of 6043 ... 7102 is 6960.60308 GB/s (the 24 MB point).
        self.assertAlmostEqual(self.table["l2_bandwidth"]["value"], 6960.60308e9, delta=1e3)

    def test_l1_values_that_are_no_width_are_not_written(self):
        # bandwidth 78.27 B/cycle: not within 15% of 64 (54.4-73.6) nor of 128 (108.8-147.2);
        # lines: 0.281 cycles per warp load at 1 line, below one L1 cycle.
        self.assertEqual(self.table["l1_bytes_per_cycle"], self.base["l1_bytes_per_cycle"])
        self.assertEqual(self.table["l1_tag_wavefronts"], self.base["l1_tag_wavefronts"])
        self.assertAlmostEqual(self.summary["l1_bandwidth_bytes_per_cycle"], 78.2665423)
        self.assertEqual(len([w for w in self.summary["warnings"] if w.startswith("wp_l1")]), 2)

    def test_throughputs_above_the_lanes_are_not_written(self):
        # fp32 136.139 > 1.05 * 128 = 134.4 and int add 189.94 > 1.05 * 64 = 67.2: kept;
        # fp64 63.4227 -> 63.42, int mad 64.0298 -> 64.03 (<= 67.2), sfu 15.98, shared ld 31.97.
        t = self.table
        self.assertEqual(t["fp32_per_cycle"], self.base["fp32_per_cycle"])
        self.assertEqual(t["int_add_per_cycle"], self.base["int_add_per_cycle"])
        self.assertEqual(t["fp64_per_cycle"]["value"], 63.42)
        self.assertEqual(t["int_mad_per_cycle"]["value"], 64.03)
        self.assertEqual(t["sfu_per_cycle"]["value"], 15.98)
        self.assertEqual(t["ldst_per_cycle"]["value"], 31.97)

    def test_sources_name_run_and_file(self):
        for key in ("dram_bandwidth", "l2_bandwidth", "fp64_per_cycle"):
            src = self.table[key]["source"]
            self.assertLessEqual(len(src), 159, src)
            for part in ("measured: warpest-microbench wp_", "2026-11-27", "NVIDIA H100 80GB HBM3",
                         "driver 580.159.04", "CUDA 13.0", ".jsonl"):
                self.assertIn(part, src)
        self.assertTrue(self.table["measurement"]["parts"]["l2"]["raw_file"].endswith(
            "real-h100-2026-11-27/wp_l2.jsonl"))


def write_fake_program(directory, name, body):
    path = pathlib.Path(directory) / name
    path.write_text("#!/bin/sh\n" + body + "\n")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


class DriverTests(unittest.TestCase):
    def test_convert_command_writes_a_table(self):
        with tempfile.TemporaryDirectory() as tmp:
            out = pathlib.Path(tmp)
            shutil.copytree(FIXTURES, out / "raw")
            base = out / "base.json"
            base.write_text(json.dumps(minimal_base()))
            self.assertEqual(driver.main(["--convert", "--out-dir", str(out), "--base", str(base),
                                          "--id", "fixture-gpu"]), 0)
            table = json.loads((out / "tables" / "fixture-gpu.json").read_text())
            self.assertEqual(table["id"], "fixture-gpu")
            summary = json.loads((out / "summary.json").read_text())
            self.assertIn("l1_rules", summary)

    def test_part_runs_program_and_keeps_raw_output(self):
        line = json.dumps(json.loads((FIXTURES / "wp_throughput.jsonl").read_text().splitlines()[0]))
        with tempfile.TemporaryDirectory() as tmp:
            bindir = pathlib.Path(tmp) / "bin"
            bindir.mkdir()
            write_fake_program(bindir, "wp_throughput", f"echo '{line}'; echo progress >&2")
            out = pathlib.Path(tmp) / "out"
            driver.main(["--part", "throughput", "--out-dir", str(out), "--bin-dir", str(bindir)])
            raw = out / "raw"
            self.assertEqual((raw / "wp_throughput.jsonl").read_text().strip(), line)
            self.assertEqual((raw / "wp_throughput.stderr").read_text().strip(), "progress")
            meta = json.loads((raw / "wp_throughput.meta.json").read_text())
            self.assertEqual(meta["exit_status"], 0)
            self.assertIn("date", meta)

    def test_failing_program_is_not_converted(self):
        with tempfile.TemporaryDirectory() as tmp:
            bindir = pathlib.Path(tmp) / "bin"
            bindir.mkdir()
            write_fake_program(bindir, "wp_l2", "echo 'RESULT CHECK FAILED' >&2; exit 3")
            out = pathlib.Path(tmp) / "out"
            with self.assertRaises(SystemExit):
                driver.main(["--part", "l2", "--out-dir", str(out), "--bin-dir", str(bindir)])
            meta = json.loads((out / "raw" / "wp_l2.meta.json").read_text())
            self.assertEqual(meta["exit_status"], 3)
            self.assertEqual(driver.load_parts(out / "raw"), {})

    def test_time_limit(self):
        with tempfile.TemporaryDirectory() as tmp:
            bindir = pathlib.Path(tmp) / "bin"
            bindir.mkdir()
            write_fake_program(bindir, "wp_l1", "sleep 5")
            out = pathlib.Path(tmp) / "out"
            with self.assertRaises(SystemExit):
                driver.main(["--part", "l1", "--out-dir", str(out), "--bin-dir", str(bindir),
                             "--limit", "1"])
            meta = json.loads((out / "raw" / "wp_l1.meta.json").read_text())
            self.assertEqual(meta["exit_status"], "timeout")


if __name__ == "__main__":
    unittest.main()
