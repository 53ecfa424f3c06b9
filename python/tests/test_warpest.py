"""The Python module against the C API it wraps: same figures, same order,
errors as exceptions."""
import json
import os
import subprocess
import unittest

import warpest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MODEL = os.path.join(ROOT, "examples", "models", "stencil2d5.json")
SMALL = {"nx": 520, "ny": 300}


class ModuleTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.est = warpest.load(MODEL, "h100-sxm", threads=2)

    def test_kernel(self):
        self.assertEqual(self.est.kernel.name, "stencil2d5")
        self.assertEqual(self.est.kernel.params, ["nx", "ny"])
        self.assertEqual(self.est.gpu.id, "h100-sxm")

    def test_estimate_matches_the_command(self):
        s = self.est.estimate({"block": "128x2", "params": SMALL})
        cli = os.environ.get("WARPEST_CLI")
        if cli:
            out = subprocess.run([cli, "estimate", MODEL, "--gpu", "h100-sxm", "--block", "128x2x1",
                                  "--param", "nx=520", "--param", "ny=300", "--json"],
                                 check=True, capture_output=True, text=True).stdout
            report = json.loads(out)
            self.assertEqual(report["bottleneck"], s.bottleneck)
        self.assertGreater(s.predicted_seconds, 0)
        # the overlap model (docs/model.md §8): at least the largest limiter, at
        # most their sum (this grid is smaller than a wave, so the SMs are not
        # full and the limiters do not overlap completely)
        self.assertLessEqual(s.limiter_seconds[s.bottleneck], s.predicted_seconds)
        self.assertLessEqual(s.predicted_seconds, sum(s.limiter_seconds.values()))
        self.assertIn('"bottleneck"', self.est.report({"block": 128, "params": SMALL}))

    def test_score_orders_and_reports_failures(self):
        configs = [{"block": b, "params": SMALL} for b in ((128, 2), 32, (64, 4), 2048, (128, 2))]
        scores = self.est.score(configs)
        ranked = [s for s in scores if s.ok]
        self.assertEqual([s.rank for s in ranked], [1, 2, 3, 4])
        keys = [(s.predicted_seconds, s.dram_bytes, s.l2_bytes, s.index) for s in ranked]
        self.assertEqual(keys, sorted(keys))
        failed = [s for s in scores if not s.ok]
        self.assertEqual([s.index for s in failed], [3])
        self.assertIn("1024", failed[0].error)
        # one at a time gives the same figures
        for s in ranked:
            self.assertEqual(self.est.estimate(s.config).predicted_seconds, s.predicted_seconds)

    def test_rank_sweep_like_the_command(self):
        ranked = self.est.rank(base={"params": SMALL}, min_threads=64)
        self.assertEqual(len(ranked), 45)  # test/cli/examples.sh counts the same sweep
        self.assertEqual(len(ranked[0].config["block"]), 3)

    def test_prune(self):
        configs = [{"block": (x, y), "params": SMALL} for x in (32, 64, 128, 256) for y in (1, 2, 4)]
        kept = self.est.prune(configs, keep=0.25)
        self.assertEqual(len(kept), 3)
        best = self.est.rank(configs)[0]
        self.assertEqual(kept[0], best.config)
        self.assertEqual(len(self.est.prune(configs, keep=5)), 5)
        self.assertEqual(len(self.est.prune(configs[:2], keep=0.01)), 1)

    def test_errors(self):
        with self.assertRaisesRegex(warpest.Error, "unknown parameter 'nz'"):
            self.est.estimate({"block": 128, "params": {"nz": 3}})
        with self.assertRaisesRegex(warpest.Error, "unknown configuration field"):
            self.est.estimate({"blok": 128})
        with self.assertRaisesRegex(warpest.Error, "time_limit_ms is -1"):
            self.est.estimate({"block": 128, "time_limit_ms": -1})
        with self.assertRaisesRegex(warpest.Error, "work_limit is negative"):
            self.est.estimate({"block": 128, "work_limit": -1})

    def test_spills(self):
        # ptxas's figures reach the core (docs/model.md "Register spills"):
        # 1024 B a thread of spill traffic make the stencil slower; 0 B change nothing
        plain = self.est.estimate({"block": "128x2", "params": SMALL})
        spilled = self.est.estimate({"block": "128x2", "params": SMALL, "spill_stores": 512,
                                     "spill_loads": 512, "stack_frame": 512})
        zero = self.est.estimate({"block": "128x2", "params": SMALL, "spill_stores": 0,
                                  "spill_loads": 0})
        self.assertGreater(spilled.predicted_seconds, plain.predicted_seconds)
        # spills hit L1: no L2 traffic of their own
        self.assertEqual(spilled.l2_bytes, plain.l2_bytes)
        self.assertEqual(zero.predicted_seconds, plain.predicted_seconds)
        self.assertIn('"spill"', self.est.report({"block": 128, "params": SMALL, "spill_loads": 64}))
        with self.assertRaisesRegex(warpest.Error, "stack_frame_bytes is -5"):
            self.est.estimate({"block": 128, "stack_frame": -5})

    def test_thread_instructions(self):
        # the binary's count for the issue limit: the loop-free stencil at 2000
        # instructions a thread is issue-bound; the count reaches the report
        plain = self.est.estimate({"block": "128x2", "params": SMALL})
        binary = self.est.estimate({"block": "128x2", "params": SMALL, "thread_instructions": 2000})
        self.assertGreater(binary.predicted_seconds, plain.predicted_seconds)
        self.assertIn('"instructions_from": "thread_instructions (the binary)"',
                      self.est.report({"block": 128, "params": SMALL, "thread_instructions": 2000}))
        with self.assertRaisesRegex(warpest.Error, "thread_instructions is -1"):
            self.est.estimate({"block": 128, "thread_instructions": -1})

    def test_limits(self):
        # a limit the estimate stays far inside changes nothing
        plain = self.est.estimate({"block": 128})
        limited = self.est.estimate({"block": 128, "time_limit_ms": 1e6, "work_limit": 1 << 40})
        self.assertEqual(plain.predicted_seconds, limited.predicted_seconds)
        with self.assertRaisesRegex(warpest.Error, "unknown GPU 'h900'"):
            warpest.Gpu.find("h900")
        with self.assertRaisesRegex(warpest.Error, "cannot open file"):
            warpest.Kernel.from_json_file("/nonexistent.json")

    def test_from_ir(self):
        ir = os.path.join(ROOT, "test", "lit", "examples", "stencil2d5.ll")
        try:
            k = warpest.Kernel.from_ir(ir)
        except warpest.Error as e:
            if "not found" in str(e):
                self.skipTest("no pass plugin: %s" % e)
            raise
        self.assertEqual(k.params, ["nx", "ny"])
        est = warpest.Estimator(k, self.est.gpu)
        self.assertGreater(est.estimate({"block": 128, "params": SMALL}).predicted_seconds, 0)


if __name__ == "__main__":
    unittest.main()
