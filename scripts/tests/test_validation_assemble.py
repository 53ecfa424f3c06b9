"""Assembly of ncu CSVs and warpest JSONs into the combined CSV."""
import csv
import json
import os
import shutil
import tempfile
import unittest

from _validation_helpers import fixture
from validation import assemble, metrics, sweep


def fake_report(point, grid, dram_read=1.3e9, time=0.95e-3):
    """A warpest --json report with the fields assembly reads (docs/report-format.md)."""
    m = {k: 1000.0 + i for i, k in enumerate(metrics.REPORT_KEYS)}
    m["dram_read_bytes"] = dram_read
    m["time_seconds"] = time
    return {"format": "warpest-report", "version": 1, "kernel": "stencil3d25", "gpu": "h100-sxm",
            "config": {"block": list(point.block), "grid": list(grid), "variant": point.variant,
                       "params": dict(zip(("nx", "ny", "nz"), point.domain))},
            "occupancy": {"blocks_per_sm": 8}, "wave": {"waves": 12.4},
            "metrics": m, "predicted_seconds": time, "bottleneck": "dram",
            "layer_conditions": []}


class Assemble(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="wv-asm-")
        self.points = [sweep.Point("stencil3d25", "quick", "none", (32, 8, 1), (640, 512, 512)),
                       sweep.Point("stencil3d25", "quick", "2y", (32, 4, 2), (640, 512, 512))]
        os.makedirs(os.path.join(self.dir, "ncu"))
        os.makedirs(os.path.join(self.dir, "warpest"))
        self.batches = assemble.write_plan(os.path.join(self.dir, "plan.csv"), self.points, 8)
        shutil.copy(fixture("long_base_units.csv"), os.path.join(self.dir, "ncu", "stencil3d25-quick-0000.csv"))
        for p, grid in zip(self.points, ((20, 63, 504), (20, 63, 252))):
            with open(os.path.join(self.dir, "warpest", p.point_id + ".json"), "w") as f:
                json.dump(fake_report(p, grid), f)

    def tearDown(self):
        shutil.rmtree(self.dir)

    def test_plan(self):
        self.assertEqual(list(self.batches), ["stencil3d25-quick-0000"])
        plan = assemble.read_plan(os.path.join(self.dir, "plan.csv"))
        self.assertEqual([r["position"] for r in plan], ["0", "1"])
        self.assertEqual(plan[1]["variant"], "2y")

    def test_rows(self):
        out = os.path.join(self.dir, "results.csv")
        rows, problems = assemble.assemble(self.dir, out)
        self.assertEqual(problems, [])
        self.assertEqual(len(rows), 2)
        with open(out, newline="") as f:
            header = next(csv.reader(f))
        # config columns first, then measured/predicted pairs in metric order
        self.assertEqual(header[:4], ["point_id", "kernel", "sweep", "variant"])
        i = header.index("measured_l1_data_wavefronts")
        self.assertEqual(header[i + 1], "predicted_l1_data_wavefronts")
        self.assertLess(header.index("grid_z"), i)
        back = assemble.read_rows(out)
        r0, r1 = back
        self.assertEqual(r0["measured_dram_read_bytes"], "1391263744")
        self.assertEqual(r1["measured_dram_read_bytes"], "1350000640")
        self.assertAlmostEqual(float(r0["measured_time_seconds"]), 1.012384e-3)
        self.assertAlmostEqual(float(r0["predicted_time_seconds"]), 0.95e-3)
        self.assertEqual(r0["predicted_dram_read_bytes"], "1300000000")
        self.assertEqual((r1["grid_x"], r1["grid_y"], r1["grid_z"]), ("20", "63", "252"))
        self.assertEqual(r0["threads_per_block"], "256")
        self.assertEqual(r0["measured_occupancy_pct"], "92.17")
        self.assertEqual(r0["measured_registers_per_thread"], "40")
        self.assertEqual(r0["predicted_bottleneck"], "dram")
        self.assertEqual(r0["check"], "ok")
        self.assertEqual(r0["ncu_csv"], os.path.join("ncu", "stencil3d25-quick-0000.csv"))

    def test_grid_mismatch_reported(self):
        p = self.points[1]
        with open(os.path.join(self.dir, "warpest", p.point_id + ".json"), "w") as f:
            json.dump(fake_report(p, (20, 126, 252)), f)
        rows, problems = assemble.assemble(self.dir)
        self.assertIn("grid: warpest [20, 126, 252], launcher [20, 63, 252]", rows[1]["check"])
        self.assertEqual(len(problems), 1)

    def test_missing_and_miscounted(self):
        os.remove(os.path.join(self.dir, "warpest", self.points[0].point_id + ".json"))
        rows, problems = assemble.assemble(self.dir)
        self.assertEqual(rows[0]["check"], "no prediction")
        self.assertEqual(rows[0]["predicted_dram_read_bytes"], "")
        self.assertNotEqual(rows[0]["measured_dram_read_bytes"], "")
        # a plan that expects three launches where the CSV holds two
        self.points.append(sweep.Point("stencil3d25", "quick", "2z", (64, 4, 1), (640, 512, 512)))
        assemble.write_plan(os.path.join(self.dir, "plan.csv"), self.points, 8)
        rows, problems = assemble.assemble(self.dir)
        self.assertTrue(any("2 kernel launches, plan expects 3" in p for p in problems))
        self.assertIn("no measurement", rows[2]["check"])

    def test_plan_kept_across_sweeps(self):
        # a second run of another sweep into the same directory: its batches
        # get their own ids and the first run's plan rows stay
        other = [sweep.Point("stencil3d25", "domain", "none", (32, 8, 1), (128, 128, 10240))]
        batches = assemble.write_plan(os.path.join(self.dir, "plan.csv"), other, 8)
        self.assertEqual(list(batches), ["stencil3d25-domain-0000"])
        plan = assemble.read_plan(os.path.join(self.dir, "plan.csv"))
        self.assertEqual([r["batch"] for r in plan],
                         ["stencil3d25-quick-0000"] * 2 + ["stencil3d25-domain-0000"])
        # planning the first sweep again replaces its rows, not duplicates them
        assemble.write_plan(os.path.join(self.dir, "plan.csv"), self.points, 8)
        plan = assemble.read_plan(os.path.join(self.dir, "plan.csv"))
        self.assertEqual(sorted(r["point_id"] for r in plan),
                         sorted([other[0].point_id] + [p.point_id for p in self.points]))

    def test_missing_batch(self):
        os.remove(os.path.join(self.dir, "ncu", "stencil3d25-quick-0000.csv"))
        rows, problems = assemble.assemble(self.dir)
        self.assertTrue(any("missing (batch not measured)" in p for p in problems))
        self.assertEqual(rows[0]["measured_dram_read_bytes"], "")


if __name__ == "__main__":
    unittest.main()
