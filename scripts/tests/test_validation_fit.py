"""Fitting the Gompertz capacity-miss curve and writing it into a table."""
import json
import math
import unittest

import _validation_helpers  # noqa: F401
from validation import fit


def grid_pairs(params, lo=0.0, hi=6.0, n=61):
    return [(lo + (hi - lo) * i / (n - 1), fit.gompertz(lo + (hi - lo) * i / (n - 1), *params))
            for i in range(n)]


class Recover(unittest.TestCase):
    def test_exact_data(self):
        # SPEC 5.4's published constants, each recovered from noise-free data
        for true in ((1.0, 37.1, 3.2), (0.66, 6.77, 1.45), (0.2, 7.56, 0.67), (0.38, 3.79, 0.55)):
            r = fit.fit_gompertz(fit.samples_from_pairs(grid_pairs(true)))
            for got, want in zip((r["a"], r["b"], r["c"]), true):
                self.assertAlmostEqual(got / want, 1.0, places=3, msg=str(true))
            self.assertLess(r["rms"], 1e-6)

    def test_a_capped_at_one(self):
        # data of a = 1.25 (miss rates above 1, as outliers make them on real
        # runs): the free fit would give a = 1.25, which no table accepts, so
        # a is held at 1 and b, c refitted; data of a = 0.9 stay free
        r = fit.fit_gompertz(fit.samples_from_pairs(grid_pairs((1.25, 30.0, 4.5))))
        self.assertEqual(r["a"], 1.0)
        self.assertTrue(r["a_capped"])
        self.assertGreater(r["rms"], 1e-3)
        free = fit.fit_gompertz(fit.samples_from_pairs(grid_pairs((1.25, 30.0, 4.5))), max_a=None)
        self.assertAlmostEqual(free["a"], 1.25, places=3)
        r = fit.fit_gompertz(fit.samples_from_pairs(grid_pairs((0.9, 30.0, 4.5))))
        self.assertFalse(r["a_capped"])
        self.assertAlmostEqual(r["a"], 0.9, places=3)

    def test_noisy_data_with_outliers(self):
        true = (1.0, 37.1, 3.2)
        pairs = grid_pairs(true, 0.0, 3.0, 91)
        # deterministic +-0.01 noise, plus three wild points
        noisy = [(o, m + 0.01 * math.sin(7.0 * i)) for i, (o, m) in enumerate(pairs)]
        for i in (10, 40, 70):
            noisy[i] = (noisy[i][0], noisy[i][1] + 0.6)
        r = fit.fit_gompertz(fit.samples_from_pairs(noisy))
        self.assertAlmostEqual(r["a"], 1.0, delta=0.03)
        self.assertAlmostEqual(r["c"], 3.2, delta=0.3)
        # the curve itself matters more than b alone (b and c correlate)
        for o in (0.5, 1.0, 1.2, 1.5, 2.0):
            self.assertAlmostEqual(fit.gompertz(o, r["a"], r["b"], r["c"]), fit.gompertz(o, *true), delta=0.03)

    def test_mixed_reuse_distances(self):
        # each point spreads its reusable volume over two distances
        true = (0.9, 12.0, 2.0)
        samples = []
        for i in range(40):
            o1 = 0.1 * i
            o2 = 1.5 * o1 + 0.3
            w = 0.25 + 0.5 * (i % 3) / 2.0
            y = w * fit.gompertz(o1, *true) + (1 - w) * fit.gompertz(o2, *true)
            samples.append(fit.Sample([(w, o1), (1 - w, o2)], y))
        r = fit.fit_gompertz(samples)
        for got, want in zip((r["a"], r["b"], r["c"]), true):
            self.assertAlmostEqual(got / want, 1.0, places=3)

    def test_too_few(self):
        with self.assertRaises(ValueError):
            fit.fit_gompertz(fit.samples_from_pairs([(0.0, 0.0), (1.0, 0.5)]))


class FromReports(unittest.TestCase):
    def test_observed_miss_rate(self):
        # compulsory without reuse 1000, reusable 400 at o=1 (model miss 0.25,
        # so predicted 1000 - 400*0.75 = 700); measured 800 -> observed miss
        # (800 - 700 + 400*0.25) / 400 = 0.5
        report = {"metrics": {"dram_read_bytes": 700.0},
                  "layer_conditions": [{"distance": 1, "oversubscription": 1.0, "volume_bytes": 400,
                                        "hit_rate": 0.75}]}
        s = fit.sample_from_report(report, 800.0, (1.0, 37.1, 3.2))
        self.assertAlmostEqual(s.y, 0.5)
        self.assertEqual(s.terms, [(1.0, 1.0)])
        # without hit_rate the table's current curve gives the model's miss rate
        del report["layer_conditions"][0]["hit_rate"]
        cur = (1.0, 2.0, 1.0)
        s = fit.sample_from_report(report, 800.0, cur)
        self.assertAlmostEqual(s.y, (800.0 - 700.0 + 400.0 * fit.gompertz(1.0, *cur)) / 400.0)

    def test_report_reused_bytes(self):
        # warpest's own report: reused_bytes is the reported wave's R_k,
        # volume_bytes the distance V_k (not a reusable volume); the launch
        # total is R_k x waves. 2 entries of 100 B a wave over 4 waves:
        # reusable 400 + 400, hit rates 1.0 and 0.5 (miss 0 and 0.5)
        report = {"metrics": {"dram_read_bytes": 700.0}, "wave": {"waves": 4.0},
                  "layer_conditions": [
                      {"waves_back": 1, "reused_bytes": 100.0, "volume_bytes": 9e6,
                       "oversubscription": 0.2, "hit_rate": 1.0},
                      {"waves_back": 2, "reused_bytes": 100.0, "volume_bytes": 2e7,
                       "oversubscription": 0.4, "hit_rate": 0.5}]}
        s = fit.sample_from_report(report, 900.0, (1.0, 37.1, 3.2))
        # sum V m (model) = 400*0 + 400*0.5 = 200; observed (900 - 700 + 200) / 800
        self.assertAlmostEqual(s.y, 0.5)
        self.assertEqual(s.terms, [(0.5, 0.2), (0.5, 0.4)])

    def test_skips_points_without_reuse(self):
        report = {"metrics": {"dram_read_bytes": 700.0},
                  "layer_conditions": [{"oversubscription": 1.0, "volume_bytes": 1}]}
        self.assertIsNone(fit.sample_from_report(report, 800.0, (1, 1, 1)))
        self.assertIsNone(fit.sample_from_report({"metrics": {}}, 800.0, (1, 1, 1)))


TABLE = """{
  "schema_version": 1,
  "id": "h100-sxm",
  "sm_count": {"value": 132, "source": "datasheet"},
  "hit_rates": {
    "l1_redundant": {"a": 0.66, "b": 6.77, "c": 1.45, "source": "publication"},
    "hit_wave_overlap": {
      "a": 1.0,
      "b": 37.1,
      "c": 3.2,
      "source": "publication: Warpspeed (A100)"
    },
    "hit_l2_load": {"a": 0.2, "b": 7.56, "c": 0.67, "source": "publication"}
  },
  "note": "hit_wave_overlap is a Gompertz miss curve"
}
"""


class TableUpdate(unittest.TestCase):
    def test_only_the_curve_changes(self):
        src = fit.source_string(42, "build/validation/results.csv", date="2025-01-02")
        self.assertEqual(src, "fitted: scripts/validate fit, 2025-01-02, 42 points from build/validation/results.csv")
        new = fit.update_table_text(TABLE, "hit_wave_overlap", (0.95, 30.5, 2.9), src)
        before, after = json.loads(TABLE), json.loads(new)
        self.assertEqual(after["hit_rates"]["hit_wave_overlap"],
                         {"a": 0.95, "b": 30.5, "c": 2.9, "source": src})
        after["hit_rates"]["hit_wave_overlap"] = before["hit_rates"]["hit_wave_overlap"]
        self.assertEqual(after, before)
        # every line outside the replaced object is byte-identical
        old_lines, new_lines = TABLE.splitlines(), new.splitlines()
        self.assertEqual(old_lines[:5], new_lines[:5])
        self.assertEqual(old_lines[-4:], new_lines[-4:])
        self.assertEqual(fit.table_curve(json.loads(new), "hit_wave_overlap"), (0.95, 30.5, 2.9))

    def test_missing_curve_is_added(self):
        new = fit.update_table_text('{"id": "x"}', "hit_wave_overlap", (1, 2, 3), "s")
        self.assertEqual(json.loads(new)["hit_wave_overlap"], {"a": 1, "b": 2, "c": 3, "source": "s"})


if __name__ == "__main__":
    unittest.main()
