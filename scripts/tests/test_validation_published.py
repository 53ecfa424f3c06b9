"""The published-measurement harness: rank statistics by hand, Kernel
Tuner's prefix and grid rule against the recorded examples, sampling."""
import os
import tempfile
import types
import unittest

import _validation_helpers  # noqa: F401  (import path)
from validation import published, rank_stats

SHARED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "shared", "validation")


class RankStatistics(unittest.TestCase):
    def test_spearman(self):
        # ranks of y = [1,2,4,3] against x = [1,2,3,4]: d = 0,0,1,1, sum d^2 = 2,
        # rho = 1 - 6*2 / (4*(16-1)) = 1 - 12/60 = 0.8
        self.assertAlmostEqual(rank_stats.spearman([1, 2, 3, 4], [10, 20, 40, 30]), 0.8)
        self.assertAlmostEqual(rank_stats.spearman([1, 2, 3], [3, 2, 1]), -1.0)
        self.assertIsNone(rank_stats.spearman([1, 1, 1], [1, 2, 3]))

    def test_ties_share_ranks(self):
        self.assertEqual(rank_stats.ranks([5, 1, 5, 2]), [3.5, 1.0, 3.5, 2.0])

    def test_best_ratio(self):
        # predicted best is point 1 (0.5), measured there 3.0; measured best 2.0 -> 1.5
        self.assertAlmostEqual(rank_stats.best_ratio([1.0, 0.5, 2.0], [2.0, 3.0, 4.0]), 1.5)

    def test_best_ratio_ties(self):
        # three equal predictions: without volumes the first wins (measured 3.0
        # over the best 1.0); with them, the ranking's order: DRAM bytes to 3
        # significant digits (134676160 and 134677312 both 1.35e8: a tie), then
        # L2 bytes (5.58e8 > 3.67e8 < 4.63e8): point 1, measured 1.0
        pred, meas = [0.4, 0.4, 0.4], [3.0, 1.0, 1.1]
        self.assertAlmostEqual(rank_stats.best_ratio(pred, meas), 3.0)
        rows = [{"metric_dram_read_bytes": "134676160", "metric_l2_load_sectors": str(557842432 // 32)},
                {"metric_dram_read_bytes": "134677312", "metric_l2_load_sectors": str(367001600 // 32)},
                {"metric_dram_read_bytes": "134677312", "metric_l2_load_sectors": str(463470592 // 32)}]
        ties = rank_stats.tie_keys(rows)
        self.assertEqual(ties[0][0], ties[1][0])
        self.assertAlmostEqual(rank_stats.best_ratio(pred, meas, ties), 1.0)
        # a real DRAM difference (1 %) still decides first
        self.assertEqual(rank_stats.volume_key(1.35e8), 1.35e8)
        self.assertLess(rank_stats.volume_key(1.35e8), rank_stats.volume_key(1.3635e8))

    def test_recall(self):
        # 20 points: measured top 1 % -> 1 point (index 19, the fastest measured);
        # predicted top 10 % -> 2 points
        meas = [20 - i for i in range(20)]
        pred = list(range(20))          # predicts the opposite order
        self.assertEqual(rank_stats.recall(pred, meas), 0.0)
        self.assertEqual(rank_stats.recall(meas, meas), 1.0)
        pred2 = [5.0] * 20
        pred2[19], pred2[3] = 1.0, 0.5  # fastest measured is predicted second
        self.assertEqual(rank_stats.recall(pred2, meas), 1.0)

    def test_summary_sweeps(self):
        # two sweeps of 3 (same other parameter a, thread count 64) and one lone row
        rows = []
        for a in (0, 1):
            for bx, by, p, m in ((64, 1, 1.0, 1.0), (32, 2, 2.0, 2.0), (16, 4, 3.0, 2.5)):
                rows.append({"block_size_x": bx, "block_size_y": by, "a": a,
                             "predicted_time": p + a, "measured_time": m + a})
        rows.append({"block_size_x": 128, "block_size_y": 1, "a": 0, "predicted_time": 9,
                     "measured_time": 9})
        s = rank_stats.summary(rows, ["block_size_x", "block_size_y", "a"])
        self.assertEqual(s["n"], 7)
        self.assertEqual(s["n_sweeps"], 2)
        self.assertAlmostEqual(s["kendall_median"], 1.0)
        self.assertAlmostEqual(s["best_ratio"], 1.0)
        # APEs: 0,0,20 (3.0 vs 2.5), 0,0,1/3.5=14.29, 0 -> median 0
        self.assertAlmostEqual(s["median_ape"], 0.0)
        for key in ("n", "spearman", "kendall_median", "kendall_p10", "best_ratio",
                    "recall_top1_in_top10", "median_ape"):
            self.assertIn(key, s)


def make_set(setup, csv_text, kernel="__global__ void k(float *a) {}\n"):
    d = tempfile.mkdtemp(prefix="published_")
    os.makedirs(os.path.join(d, "kernel"))
    os.makedirs(os.path.join(d, "measurements"))
    import json
    with open(os.path.join(d, "setup.json"), "w") as fh:
        json.dump(setup, fh)
    with open(os.path.join(d, "kernel", "k.cu"), "w") as fh:
        fh.write(kernel)
    with open(os.path.join(d, "measurements", "X.csv"), "w") as fh:
        fh.write(csv_text)
    return d


class KernelTunerRules(unittest.TestCase):
    SETUP = {"kernel_name": "k", "kernel_file": "kernel/k.cu", "problem_size": [1000, 10],
             "tune_params": {}, "thread_block": ["block_size_x", "block_size_y", "block_size_z = 1"],
             "grid_div_x": ["block_size_x", "tile_size_x"], "grid_div_y": None}

    def test_grid_and_prefix(self):
        d = make_set(self.SETUP, "block_size_x,block_size_y,tile_size_x,loop_unroll_factor_c,"
                     "median_ms,min_ms,n_launches,n_files\n64,2,3,0,1.5,1.4,32,1\n",
                     kernel="#pragma unroll loop_unroll_factor_c\n__global__ void k() {}\n")
        s = published.PublishedSet(d, "X")
        row = s.rows[0]
        # x: ceil(1000 / (64*3)) = ceil(5.2) = 6; y: ceil(10 / 2) = 5 (block alone)
        self.assertEqual(s.grid(row), [6, 5, 1])
        self.assertEqual(s.block(row), [64, 2, 1])
        src = published.source_for(s, row).split("\n")
        self.assertEqual(src[:9], ["#define grid_size_x 6", "#define grid_size_y 5", "#define grid_size_z 1",
                                   "#define block_size_x 64", "#define block_size_y 2",
                                   "#define block_size_z 1", "#define tile_size_x 3",
                                   "#define kernel_tuner 1", "#line 1"])
        # loop_unroll_factor 0: the pragma line is deleted, nothing defined
        self.assertNotIn("#pragma unroll loop_unroll_factor_c", src)
        row["loop_unroll_factor_c"] = "4"
        self.assertIn("constexpr int loop_unroll_factor_c = 4;", published.source_for(s, row))

    def test_problem_size_from_grid_text(self):
        setup = dict(self.SETUP)
        del setup["problem_size"]
        setup["grid"] = "grid_x = ceil(25000 / block_size_x), grid_y = ceil(2048 / block_size_y), grid_z = 1"
        self.assertEqual(published.problem_size(setup), [25000, 2048, 1])

    def test_bad_set_is_named(self):
        d = make_set(self.SETUP, "block_size_x,time\n1,2\n")
        with self.assertRaises(published.SetupError) as e:
            published.PublishedSet(d, "X")
        self.assertIn("median_ms", str(e.exception))

    def test_sampling_takes_whole_sweeps(self):
        lines = ["block_size_x,block_size_y,a,median_ms,min_ms,n_launches,n_files"]
        for a in range(10):
            for bx, by in ((64, 1), (32, 2), (16, 4), (128, 1)):
                lines.append("%d,%d,%d,1,1,32,1" % (bx, by, a))
        s = published.PublishedSet(make_set(self.SETUP, "\n".join(lines) + "\n"), "X")
        rows = published.sample_rows(s, 9, seed=3)
        self.assertEqual(len(rows), 9)
        again = published.sample_rows(s, 9, seed=3)
        self.assertEqual(rows, again)

    def test_measurements_outside_the_folder(self):
        # times measured elsewhere (data/measured/<gpu>/kt/<set>/H100.csv) for a set
        # whose folder has none of that GPU: --measurements FILE, NAME from the file
        setup = dict(self.SETUP, tune_params={"block_size_x": [32, 64], "tile_size_x": [1, 2]})
        d = make_set(setup, "block_size_x,tile_size_x,median_ms,min_ms,n_launches,n_files\n32,1,9,9,32,1\n")
        other = tempfile.mkdtemp(prefix="measured_")
        path = os.path.join(other, "H100.csv")
        with open(path, "w") as fh:
            fh.write("block_size_x,tile_size_x,median_ms,min_ms,n_launches,n_files\n64,2,0.5,0.4,32,1\n")
        with self.assertRaises(published.SetupError):
            published.PublishedSet(d, "H100")          # not in the folder
        s = published.PublishedSet(d, "H100", measurements=path)
        self.assertEqual(s.csv_path, path)
        self.assertEqual([r["median_ms"] for r in s.rows], ["0.5"])
        self.assertEqual(s.grid(s.rows[0]), [8, 10, 1])   # ceil(1000 / (64*2)), ceil(10 / 1)
        args = types.SimpleNamespace(measured=None, measurements=path)
        self.assertEqual(published.measured_name(args), "H100")
        args = types.SimpleNamespace(measured="X", measurements=None)
        self.assertEqual(published.measured_name(args), "X")
        with self.assertRaises(published.SetupError):
            published.measured_name(types.SimpleNamespace(measured=None, measurements=None))
        # the command line takes the option and --measured is no longer required
        import argparse
        parser = argparse.ArgumentParser()
        published.add_parser(parser.add_subparsers())
        a = parser.parse_args(["published", d, "--measurements", path, "--gpu", "h100-sxm"])
        self.assertEqual(a.measurements, path)
        # a file whose columns are not the set's tune parameters is refused
        bad = os.path.join(other, "bad.csv")
        with open(bad, "w") as fh:
            fh.write("block_size_x,tile_size_y,median_ms\n64,2,0.5\n")
        with self.assertRaises(published.SetupError) as e:
            published.PublishedSet(d, "bad", measurements=bad)
        self.assertIn("tune parameters", str(e.exception))

    def test_stats_from_csv_with_outside_measurements(self):
        setup = dict(self.SETUP, tune_params={"block_size_x": [32, 64, 128]})
        d = make_set(setup, "block_size_x,median_ms\n32,9\n")
        other = tempfile.mkdtemp(prefix="measured_")
        meas = os.path.join(other, "H200.csv")
        with open(meas, "w") as fh:
            fh.write("block_size_x,median_ms,min_ms,n_launches,n_files\n32,1,1,32,1\n64,2,2,32,1\n"
                     "128,3,3,32,1\n")
        run_csv = os.path.join(other, "run.csv")
        with open(run_csv, "w") as fh:
            fh.write("block_size_x,status,predicted_time,measured_time\n32,ok,1,1\n64,ok,2,2\n128,ok,3,3\n")
        out = os.path.join(other, "s.json")
        args = types.SimpleNamespace(folder=d, measured=None, measurements=meas, csv=run_csv, gpu="h200",
                                     stats_json=out, plot=None)
        import contextlib
        import io
        import json
        with contextlib.redirect_stdout(io.StringIO()):
            self.assertEqual(published.stats_from_csv(args), 0)
        with open(out) as fh:
            st = json.load(fh)
        self.assertEqual(st["measured"], "H200")
        self.assertEqual(st["measurements"], meas)
        self.assertAlmostEqual(st["spearman"], 1.0)

    def test_parameter_names_clashing_with_output_columns(self):
        d = make_set(self.SETUP, "block_size_x,occupancy_blocks_per_sm,median_ms\n32,2,1.0\n")
        with self.assertRaises(published.SetupError) as e:
            published.check_columns(published.PublishedSet(d, "X"))
        self.assertIn("occupancy_blocks_per_sm", str(e.exception))

    def test_register_cap(self):
        table = {"registers_per_sm": {"value": 65536}, "register_alloc_unit": {"value": 256},
                 "max_registers_per_thread": {"value": 255}}
        # 640 threads = 20 warps: at most 65536/20 = 3276.8 registers a warp, in units
        # of 256 -> 3072 = 96 per thread
        self.assertEqual(published.register_cap(table, 640), 96)
        # 1024 threads = 32 warps: 2048 a warp -> 64 per thread
        self.assertEqual(published.register_cap(table, 1024), 64)
        # 128 threads = 4 warps: 16384 a warp, more than 255 * 32 -> 255
        self.assertEqual(published.register_cap(table, 128), 255)

    def test_ptxas_parse(self):
        text = ("ptxas info    : Compiling entry function '_Z5otherPf' for 'sm_80'\n"
                "ptxas info    : Used 10 registers\n"
                "ptxas info    : Compiling entry function '_Z1kPf' for 'sm_80'\n"
                "ptxas info    : Function properties for _Z1kPf\n"
                "    8 bytes stack frame, 4 bytes spill stores, 8 bytes spill loads\n"
                "ptxas info    : Used 40 registers, used 1 barriers, 2048 bytes smem, 360 bytes cmem[0]\n")
        self.assertEqual(published.parse_ptxas(text, "k"),
                         {"registers": 40, "stack_frame": 8, "spill_stores": 4, "spill_loads": 8,
                          "shared_bytes": 2048})
        self.assertIsNone(published.parse_ptxas(text, "missing"))

    def test_resources_auto_prefers_nvcc(self):
        # auto: the measurement's compiler where nvcc exists, else ptxas on clang's PTX
        with tempfile.TemporaryDirectory() as d:
            plugin, warpest, nvcc = (os.path.join(d, n) for n in ("libwarpest.so", "warpest", "nvcc"))
            for f in (plugin, warpest):
                open(f, "w").close()
            args = types.SimpleNamespace(clang=None, cuda_path=d, ptxas=None, plugin=plugin, warpest=warpest,
                                         tables=d, resources="auto", nvcc=nvcc, no_pch=True)
            self.assertEqual(published.Tools(args).resources, "clang")
            open(nvcc, "w").close()
            self.assertEqual(published.Tools(args).resources, "nvcc")
            args.resources = "clang"
            self.assertEqual(published.Tools(args).resources, "clang")

    def test_estimate_command_passes_spills(self):
        tools = types.SimpleNamespace(warpest="warpest", tables="tables")
        base = ["warpest", "estimate", "m.json", "--gpu", "a100-40gb", "--tables", "tables",
                "--block", "16x1x1", "--grid", "86x2048x1", "--json"]
        # ptxas ran: registers, spills (stores, loads, frame) and the shared
        # memory the model does not see (2048 - 1024)
        out = {"registers": 255, "stack_frame": 4264, "spill_stores": 6992, "spill_loads": 6552,
               "ptxas_shared_bytes": 2048}
        self.assertEqual(published.estimate_command(tools, "m.json", "a100-40gb", (16, 1, 1),
                                                    (86, 2048, 1), 255, out, 1024),
                         base + ["--registers", "255", "--spill-stores", "6992", "--spill-loads",
                                 "6552", "--stack-frame", "4264", "--shared-dynamic", "1024"])
        # no ptxas: neither registers nor spills
        self.assertEqual(published.estimate_command(tools, "m.json", "a100-40gb", (16, 1, 1),
                                                    (86, 2048, 1), None, {}, 0), base)
        # nvcc's SASS count goes to the issue limit only for a model without loops
        out = {"registers": 32, "sass_instructions": 1168}
        self.assertEqual(published.estimate_command(tools, "m.json", "a100-40gb", (16, 1, 1),
                                                    (86, 2048, 1), 32, out, 0, loop_free=True),
                         base + ["--registers", "32", "--thread-instructions", "1168"])
        self.assertEqual(published.estimate_command(tools, "m.json", "a100-40gb", (16, 1, 1),
                                                    (86, 2048, 1), 32, out, 0, loop_free=False),
                         base + ["--registers", "32"])


@unittest.skipUnless(os.path.isdir(SHARED), "../shared/validation not present")
class PublishedSets(unittest.TestCase):
    def test_examples_reproduce_recorded_prefixes(self):
        n = 0
        for name in sorted(os.listdir(SHARED)):
            folder = os.path.join(SHARED, name)
            meas = os.path.join(folder, "measurements")
            if not os.path.isfile(os.path.join(folder, "setup.json")) or not os.path.isdir(meas):
                continue
            gpu = sorted(f[:-4] for f in os.listdir(meas) if f.endswith(".csv") and f != "failed.csv")[0]
            s = published.PublishedSet(folder, gpu)
            published.check_example(s)   # raises on a mismatch
            ex = s.setup["example"]
            cfg = {k: str(v) for k, v in ex["config"].items()}
            self.assertEqual(s.grid(cfg), ex["grid"], name)
            n += 1
        self.assertGreaterEqual(n, 3)


if __name__ == "__main__":
    unittest.main()
