"""Parsing of ncu --csv output (format fixtures in test/data/ncu)."""
import unittest

from _validation_helpers import fixture
from validation import metrics, ncu_csv


class UnitsAndNumbers(unittest.TestCase):
    def test_thousands_separators(self):
        self.assertEqual(ncu_csv.parse_number("1,391,263,744"), 1391263744.0)
        self.assertEqual(ncu_csv.parse_number("1,285.37"), 1285.37)
        self.assertEqual(ncu_csv.parse_number("92.17"), 92.17)
        self.assertEqual(ncu_csv.parse_number("1.5e-05"), 1.5e-05)

    def test_not_available(self):
        for text in ("n/a", "", "N/A", "-"):
            self.assertIsNone(ncu_csv.parse_number(text))

    def test_unit_factors(self):
        cases = {"byte": 1, "Kbyte": 1e3, "Mbyte": 1e6, "Gbyte": 1e9, "KiB": 1024,
                 "nsecond": 1e-9, "usecond": 1e-6, "msecond": 1e-3, "second": 1,
                 "ns": 1e-9, "us": 1e-6, "ms": 1e-3, "sector": 1, "Ksector": 1e3,
                 "": 1, "%": 1, "inst": 1, "register/thread": 1, "Gbyte/second": 1e9}
        for unit, factor in cases.items():
            self.assertAlmostEqual(ncu_csv.unit_factor(unit), factor, msg=unit)

    def test_dim3_and_names(self):
        self.assertEqual(ncu_csv.parse_dim3("(32, 4, 2)"), (32, 4, 2))
        self.assertIsNone(ncu_csv.parse_dim3(""))
        self.assertEqual(ncu_csv._kernel_name("stencil3d25_fold2y(const double *, double *, int, int, int)"),
                         "stencil3d25_fold2y")
        self.assertEqual(ncu_csv._kernel_name("void ns::k<(int)4>(float *)"), "k")
        self.assertEqual(ncu_csv._kernel_name("plain"), "plain")


class LongLayout(unittest.TestCase):
    def test_base_units_two_kernels(self):
        rs = ncu_csv.parse_file(fixture("long_base_units.csv"))
        self.assertEqual([r.kernel for r in rs], ["stencil3d25", "stencil3d25_fold2y"])
        self.assertEqual([r.launch_id for r in rs], ["0", "1"])
        self.assertEqual(rs[0].block, (32, 8, 1))
        self.assertEqual(rs[1].grid, (20, 63, 252))
        self.assertEqual(rs[0].cc, "9.0")
        self.assertEqual(rs[0].get("dram__bytes_read.sum"), 1391263744.0)
        self.assertAlmostEqual(rs[0].get("gpu__time_duration.sum"), 1.012384e-3, places=12)
        self.assertAlmostEqual(rs[1].get("gpu__time_duration.sum"), 0.934912e-3, places=12)
        self.assertEqual(rs[0].get("sm__warps_active.avg.pct_of_peak_sustained_active"), 92.17)
        # every predicted metric and every extra is there
        for _, name, _ in metrics.METRICS:
            self.assertIsNotNone(rs[0].get(name), name)
        for _, name in metrics.EXTRA_NCU:
            self.assertIsNotNone(rs[0].get(name), name)

    def test_scaled_units_rule_columns_other_kernel(self):
        rs = ncu_csv.parse_file(fixture("long_scaled_units.csv"))
        self.assertEqual(len(rs), 3)
        ours = ncu_csv.select(rs, "^(stencil3d25|stencil3d25_fold2y|stencil3d25_fold2z)$")
        self.assertEqual(len(ours), 1)
        r = ours[0]
        self.assertAlmostEqual(r.get("dram__bytes_read.sum"), 1.39e9)
        self.assertAlmostEqual(r.get("dram__bytes_write.sum"), 1285.37e6)
        self.assertAlmostEqual(r.get("gpu__time_duration.sum"), 1.01e-3)
        self.assertAlmostEqual(r.get("lts__t_sectors_srcunit_tex_op_read.sum"), 118272050.0)
        self.assertAlmostEqual(r.get("lts__t_bytes.sum"), 2500.0)
        self.assertIsNone(r.get("smsp__inst_executed_op_shared_atom.sum"))
        self.assertEqual(r.raw_units["gpu__time_duration.sum"], "msecond")
        init = rs[0]
        self.assertAlmostEqual(init.get("gpu__time_duration.sum"), 512.8e-6)
        self.assertAlmostEqual(init.get("dram__bytes_write.sum"), 1.34e9)

    def test_repeated_launch_median(self):
        rs = ncu_csv.parse_file(fixture("long_base_units.csv"))
        self.assertEqual(ncu_csv.median_over_launches(rs, "dram__bytes_read.sum"),
                         0.5 * (1391263744.0 + 1350000640.0))
        self.assertIsNone(ncu_csv.median_over_launches(rs, "no.such.metric"))

    def test_no_table(self):
        with self.assertRaises(ncu_csv.NcuParseError):
            ncu_csv.parse_text("==PROF== Connected\n==ERROR== no kernels were profiled\n")


class WideLayout(unittest.TestCase):
    def test_raw_page(self):
        rs = ncu_csv.parse_file(fixture("wide_raw.csv"))
        self.assertEqual([r.kernel for r in rs], ["stencil3d25", "stencil3d25_fold2y"])
        self.assertAlmostEqual(rs[0].get("dram__bytes_read.sum"), 1391.26e6)
        self.assertAlmostEqual(rs[1].get("gpu__time_duration.sum"), 934.91e-6)
        self.assertEqual(rs[1].get("lts__t_sectors_srcunit_tex_op_read.sum"), 101000000.0)


class Mapping(unittest.TestCase):
    def test_report_format_table(self):
        # docs/report-format.md, "metrics and their Nsight Compute counterparts"
        self.assertEqual(metrics.NCU_OF["l1_data_wavefronts"], "l1tex__data_pipe_lsu_wavefronts.sum")
        self.assertEqual(metrics.NCU_OF["l2_load_sectors"], "lts__t_sectors_srcunit_tex_op_read.sum")
        self.assertEqual(metrics.NCU_OF["dram_read_bytes"], "dram__bytes_read.sum")
        self.assertEqual(metrics.NCU_OF["time_seconds"], "gpu__time_duration.sum")
        self.assertEqual(len(metrics.REPORT_KEYS), 10)
        listed = metrics.ncu_metric_list().split(",")
        self.assertEqual(len(listed), len(set(listed)))

    def test_matches_report_format_doc(self):
        import os
        import re
        from _validation_helpers import REPO
        doc = os.path.join(REPO, "docs", "report-format.md")
        if not os.path.exists(doc):
            self.skipTest("docs/report-format.md not present")
        with open(doc) as f:
            pairs = re.findall(r"^\| `(\w+)` \| [^|]+ \| `([\w.]+)`", f.read(), re.M)
        self.assertTrue(pairs)
        self.assertEqual(dict(pairs), metrics.NCU_OF)


if __name__ == "__main__":
    unittest.main()
