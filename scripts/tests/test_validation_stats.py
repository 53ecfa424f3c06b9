"""Error statistics and rank quality."""
import unittest

import _validation_helpers  # noqa: F401  (import path)
from validation import stats


class Errors(unittest.TestCase):
    def test_ape(self):
        self.assertAlmostEqual(stats.ape(110.0, 100.0), 10.0)
        self.assertAlmostEqual(stats.ape(90.0, 100.0), 10.0)
        self.assertAlmostEqual(stats.ape(0.5e-3, 1e-3), 50.0)
        self.assertEqual(stats.ape(0.0, 0.0), 0.0)
        self.assertIsNone(stats.ape(1.0, 0.0))
        self.assertIsNone(stats.ape(None, 1.0))

    def test_percentiles(self):
        # sorted [1,2,3,4,10]: position 0.9*4 = 3.6 -> 4 + 0.6*(10-4) = 7.6
        self.assertAlmostEqual(stats.percentile([10, 1, 3, 2, 4], 90), 7.6)
        # [1,2,3,4]: position 2.7 -> 3 + 0.7*1 = 3.7
        self.assertAlmostEqual(stats.percentile([4, 3, 2, 1], 90), 3.7)
        self.assertEqual(stats.median([5, 1, 3]), 3)
        self.assertEqual(stats.median([1, 2, 3, 4]), 2.5)
        self.assertIsNone(stats.median([]))

    def test_metric_errors(self):
        rows = [{"predicted_dram_read_bytes": "110", "measured_dram_read_bytes": "100"},
                {"predicted_dram_read_bytes": "95", "measured_dram_read_bytes": "100"},
                {"predicted_dram_read_bytes": "100", "measured_dram_read_bytes": "100"},
                {"predicted_dram_read_bytes": "5", "measured_dram_read_bytes": "0"}]
        e = stats.metric_errors(rows)["dram_read_bytes"]
        # APEs 10, 5, 0 -> median 5; p90: position 1.8 in [0,5,10] -> 5 + 0.8*5 = 9
        self.assertEqual(e["n"], 3)
        self.assertAlmostEqual(e["median"], 5.0)
        self.assertAlmostEqual(e["p90"], 9.0)
        self.assertEqual(e["skipped"], 1)


class Kendall(unittest.TestCase):
    def test_one_swap(self):
        # x=[1,2,3,4], y=[1,3,2,4]: of the 6 pairs only (2,3) is discordant:
        # C=5, D=1, no ties -> (5-1)/sqrt(6*6) = 4/6
        self.assertAlmostEqual(stats.kendall_tau_b([1, 2, 3, 4], [1, 3, 2, 4]), 4.0 / 6.0)

    def test_ties_tau_b(self):
        # x=[1,2,2,3], y=[1,2,3,3]; pairs (0,1) (0,2) (0,3) (1,3) concordant,
        # (1,2) tied in x, (2,3) tied in y: C=4, D=0, n0=6, n1=1, n2=1
        # tau_b = 4 / sqrt((6-1)*(6-1)) = 0.8 (scipy.stats.kendalltau agrees)
        self.assertAlmostEqual(stats.kendall_tau_b([1, 2, 2, 3], [1, 2, 3, 3]), 0.8)

    def test_tied_in_both(self):
        # x=[1,1,2], y=[5,5,6]: (0,1) tied in both (counts in n1 and n2),
        # (0,2), (1,2) concordant: 2 / sqrt((3-1)*(3-1)) = 1
        self.assertAlmostEqual(stats.kendall_tau_b([1, 1, 2], [5, 5, 6]), 1.0)

    def test_reversed_and_undefined(self):
        self.assertAlmostEqual(stats.kendall_tau_b([1, 2, 3], [3, 2, 1]), -1.0)
        self.assertIsNone(stats.kendall_tau_b([1, 1, 1], [1, 2, 3]))
        self.assertIsNone(stats.kendall_tau_b([1], [1]))
        with self.assertRaises(ValueError):
            stats.kendall_tau_b([1, 2], [1])


def row(variant, bx, by, bz, pred, meas, nx=640):
    return {"kernel": "stencil3d25", "sweep": "shapes256", "variant": variant, "block_x": str(bx),
            "block_y": str(by), "block_z": str(bz), "nx": str(nx), "ny": "512", "nz": "512",
            "predicted_time_seconds": str(pred), "measured_time_seconds": str(meas)}


class Ranking(unittest.TestCase):
    def test_best_ratio_and_groups(self):
        rows = [row("none", 32, 8, 1, 1.0, 1.10),   # predicted best
                row("2y", 32, 4, 2, 1.2, 1.00),     # measured best
                row("none", 4, 8, 8, 2.0, 2.50),
                row("none", 32, 8, 1, 1.0, 3.0, nx=1024)]  # another domain: its own group
        groups = stats.rank_quality(rows)
        self.assertEqual(len(groups), 2)
        g = [x for x in groups if x["domain"] == "640x512x512"][0]
        self.assertEqual(g["n"], 3)
        self.assertEqual(g["predicted_best"], "none 32x8x1")
        self.assertEqual(g["measured_best"], "2y 32x4x2")
        self.assertAlmostEqual(g["best_ratio"], 1.00 / 1.10)
        # predicted order 1.0 < 1.2 < 2.0, measured 1.1 > 1.0 < 2.5:
        # pairs (a,b) D, (a,c) C, (b,c) C -> (2-1)/3
        self.assertAlmostEqual(g["tau_b"], 1.0 / 3.0)

    def test_markdown(self):
        rows = [row("none", 32, 8, 1, 1.0, 1.10), row("2y", 32, 4, 2, 1.2, 1.00)]
        for r in rows:
            r["predicted_dram_read_bytes"] = "100"
            r["measured_dram_read_bytes"] = "105"
        text = stats.markdown(rows, "results.csv")
        self.assertIn("| `dram_read_bytes` | `dram__bytes_read.sum` | 2 | 4.8 % | 4.8 % | ≤ 12 % | pass |", text)
        self.assertIn("| `time_seconds` |", text)
        self.assertIn("| stencil3d25 | shapes256 | 640x512x512 | 2 | -1.000 | none 32x8x1 | 2y 32x4x2 | 90.9 % | pass |", text)



class NoiseAndGroups(unittest.TestCase):
    def test_repeat_noise_matches_points(self):
        a = [{"point_id": "p1", "measured_time_seconds": "1.0", "measured_dram_read_bytes": "100"},
             {"point_id": "p2", "measured_time_seconds": "2.0", "measured_dram_read_bytes": "200"},
             {"point_id": "only-a", "measured_time_seconds": "9.0"}]
        b = [{"point_id": "p2", "measured_time_seconds": "2.2", "measured_dram_read_bytes": "200"},
             {"point_id": "p1", "measured_time_seconds": "0.99", "measured_dram_read_bytes": "100"},
             {"point_id": "only-b", "measured_time_seconds": "5.0"}]
        n = stats.repeat_noise(a, b)
        self.assertEqual(n["time_seconds"]["n"], 2)
        self.assertAlmostEqual(n["time_seconds"]["median"], (1.0 + 10.0) / 2)
        self.assertEqual(n["dram_read_bytes"]["median"], 0.0)
        self.assertNotIn("l2_load_sectors", n)
        text = stats.noise_markdown(a, b, "a.csv", "b.csv")
        self.assertIn("| `measured_time_seconds` | 2 | 5.5 % | 9.1 % |", text)

    def test_group_errors_per_kernel_and_sweep(self):
        rows = [row("none", 32, 8, 1, 1.0, 1.25), row("none", 32, 4, 2, 1.0, 0.8)]
        rows[1]["sweep"] = "domain"
        g = stats.group_errors(rows)
        self.assertEqual([(k, s, n) for k, s, n, _ in g], [("stencil3d25", "domain", 1),
                                                           ("stencil3d25", "shapes256", 1)])
        self.assertAlmostEqual(g[0][3]["time_seconds"], 25.0)
        self.assertAlmostEqual(g[1][3]["time_seconds"], 20.0)
        self.assertIsNone(g[0][3]["dram_read_bytes"])
        text = stats.markdown(rows)
        self.assertIn("Median APE per kernel and sweep:", text)
        self.assertIn("Ranking: the predicted best is within 10 % of the measured best in 2 of 2", text)


if __name__ == "__main__":
    unittest.main()
