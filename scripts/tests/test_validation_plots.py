"""Plots are written (PNG). Runs in-process when this interpreter has
matplotlib, else through Debian's /usr/bin/python3 (python3-matplotlib)."""
import os
import shutil
import subprocess
import tempfile
import unittest

from _validation_helpers import SCRIPTS
from validation import assemble, metrics, plots


def synthetic_rows():
    rows = []
    shapes = [(32, 8, 1), (32, 1, 8), (8, 8, 4), (256, 1, 1), (1, 256, 1), (2, 2, 64)]
    for i, (bx, by, bz) in enumerate(shapes):
        for v in ("none", "2y", "2z"):
            for n in (256, 512, 1024):
                r = {c: "" for c in assemble.columns()}
                r.update({"point_id": "p%d%s%d" % (i, v, n), "kernel": "stencil3d25",
                          "sweep": "domain", "variant": v, "block_x": bx, "block_y": by,
                          "block_z": bz, "nx": n, "ny": n, "nz": 160})
                for k in metrics.REPORT_KEYS:
                    base = 1e6 * (1 + i) * (1 + n / 512.0)
                    r["measured_" + k] = base
                    r["predicted_" + k] = base * (1.05 if v == "2y" else 0.97)
                rows.append(r)
    return rows


class Colours(unittest.TestCase):
    def test_shape_colour(self):
        self.assertEqual(plots.shape_colour(256, 1, 1), (1.0, 0.0, 0.0))
        self.assertEqual(plots.shape_colour(1, 1, 64), (0.0, 0.0, 1.0))
        self.assertEqual(plots.shape_colour(16, 16, 1), (1.0, 1.0, 0.0))
        r, g, b = plots.shape_colour(8, 8, 4)
        self.assertEqual((r, g), (1.0, 1.0))
        self.assertAlmostEqual(b, 2.0 / 3.0)
        self.assertEqual(plots.shape_colour(1, 1, 1), (0.0, 0.0, 0.0))


class Written(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="wv-plot-")

    def tearDown(self):
        shutil.rmtree(self.dir)

    def test_plots_written(self):
        csv_path = os.path.join(self.dir, "results.csv")
        assemble.write_rows(csv_path, synthetic_rows())
        out = os.path.join(self.dir, "plots")
        py = plots.matplotlib_python()
        if py is None:
            self.skipTest("no interpreter with matplotlib")
        r = subprocess.run([py, os.path.join(SCRIPTS, "validate"), "plot", csv_path, "--out", out],
                           capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stderr)
        names = sorted(os.listdir(out))
        self.assertIn("scatter_l1_data_wavefronts.png", names)
        self.assertIn("scatter_dram_read_bytes.png", names)
        self.assertIn("time_predicted_vs_measured.png", names)
        self.assertIn("dram_over_plane.png", names)
        for n in names:
            with open(os.path.join(out, n), "rb") as f:
                self.assertEqual(f.read(8), b"\x89PNG\r\n\x1a\n", n)

    def test_every_variant_drawn(self):
        # the 4z variant of stencil3d7_folded4z was left out of the scatter plots
        pts = [(1.0, 1.0, {"variant": v}) for v in ("4z", "none", "2z", "none")]
        groups = plots.variant_groups(pts)
        self.assertEqual([(v, m, len(sel)) for v, m, sel in groups],
                         [("none", "o", 2), ("2z", "s", 1), ("4z", "D", 1)])

    def test_fit_plot(self):
        if not plots.have_matplotlib():
            self.skipTest("this interpreter has no matplotlib (covered through validate fit --plot)")
        from validation import fit
        samples = fit.samples_from_pairs([(0.1 * i, fit.gompertz(0.1 * i, 1, 37.1, 3.2)) for i in range(30)])
        path = os.path.join(self.dir, "fit.png")
        plots.fit_plot(samples, (1, 37.1, 3.2), path)
        self.assertTrue(os.path.getsize(path) > 1000)


if __name__ == "__main__":
    unittest.main()
