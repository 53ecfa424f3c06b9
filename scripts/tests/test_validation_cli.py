"""The scripts/validate command: --dry-run output, sweeps, ptxas parsing,
stats into docs, fit into a table, and the launcher compiling (when nvcc is
present; nothing runs)."""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

from _validation_helpers import REPO, SCRIPTS
from validation import cli, fit, metrics, sweep

VALIDATE = os.path.join(SCRIPTS, "validate")


def run_validate(*args):
    # the interpreter running the tests; `validate` itself needs no matplotlib
    # except for `plot`
    return subprocess.run([sys.executable, VALIDATE] + list(args), capture_output=True, text=True)


class DryRun(unittest.TestCase):
    def test_per_point(self):
        r = run_validate("run", "--dry-run", "--sweep", "quick", "--batch-size", "1", "--out", "/tmp/wv",
                         "--warpest", "/opt/warpest", "--gpu", "h200")
        self.assertEqual(r.returncode, 0, r.stderr)
        lines = r.stdout.splitlines()
        self.assertEqual(lines[0], "# scripts/validate run --dry-run: 5 points, batch size 1")
        self.assertIn("nvcc -O3 -std=c++17 -arch=sm_90 -lineinfo -Xptxas -v -I %s/examples/cu" % REPO, r.stdout)
        est = [l for l in lines if l.startswith("/opt/warpest estimate")]
        self.assertEqual(len(est), 5)
        self.assertEqual(est[2], "/opt/warpest estimate %s/examples/models/stencil3d25.json --gpu h200 "
                         "--block 32 4 2 --variant fold2y --param nx=640 --param ny=512 --param nz=512 "
                         "--json > /tmp/wv/warpest/stencil3d25-quick-2y-b32x4x2-d640x512x512.json" % REPO)
        self.assertNotIn("--variant", est[0])
        ncu = [l for l in lines if l.startswith("ncu ")]
        self.assertEqual(len(ncu), 5)
        self.assertTrue(ncu[0].startswith("ncu --csv --print-units base --metrics " + metrics.ncu_metric_list()))
        self.assertIn("--kernel-name 'regex:^(stencil3d25|stencil3d25_fold2y|stencil3d25_fold2z)$'", ncu[0])
        self.assertIn("--cache-control all --clock-control none --log-file /tmp/wv/ncu/stencil3d25-quick-0000.csv", ncu[0])
        self.assertTrue(ncu[0].endswith("/tmp/wv/build/launch_stencil3d25 --variant none --block 32 8 1 "
                                         "--domain 640 512 512"))
        self.assertEqual(lines[-1].split()[-3:], ["assemble", "--run", "/tmp/wv"])
        self.assertFalse(os.path.exists("/tmp/wv"), "dry run must not create files")

    def test_batched(self):
        r = run_validate("run", "--dry-run", "--sweep", "quick", "--batch-size", "4", "--out", "/tmp/wv2",
                         "--repeat", "3")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("cat > /tmp/wv2/points/stencil3d25-quick-0000.txt <<'EOF'\nnone 32 8 1 640 512 512\n"
                      "none 32 1 8 640 512 512\n2y 32 4 2 640 512 512\n2z 64 4 1 640 512 512\nEOF", r.stdout)
        self.assertIn("launch_stencil3d25 --points /tmp/wv2/points/stencil3d25-quick-0000.txt --repeat 3", r.stdout)
        # a batch of one point is launched with its configuration on the command line
        self.assertIn("launch_stencil3d25 --variant none --block 4 8 8 --domain 640 512 512 --repeat 3", r.stdout)

    def test_full_default_sweep_size(self):
        r = run_validate("run", "--dry-run", "--out", "/tmp/wv3")
        self.assertEqual(r.returncode, 0, r.stderr)
        # 42 + 56 shapes x 3 variants, 15 domains x 6 depth shapes x 3 variants
        self.assertIn("# scripts/validate run --dry-run: 564 points", r.stdout)


FAKE_WARPEST = """#!%s
import json, os, sys
with open(os.environ["FAKE_WARPEST_LOG"], "a") as f:
    f.write(" ".join(sys.argv[1:]) + "\\n")
print(json.dumps({"metrics": {"time_seconds": 1e-3, "dram_read_bytes": 1e9}, "bottleneck": "DRAM"}))
"""


class Predict(unittest.TestCase):
    """`validate predict`: predictions for an existing plan, no build, no ncu."""

    def setUp(self):
        self.dir = tempfile.mkdtemp()
        self.run_dir = os.path.join(self.dir, "run")
        os.makedirs(os.path.join(self.run_dir, "build"))
        pts = [sweep.Point("stencil3d25", "quick", "none", (32, 8, 1), (640, 512, 512)),
               sweep.Point("stencil3d25", "quick", "2y", (32, 4, 2), (640, 512, 512))]
        from validation import assemble
        assemble.write_plan(os.path.join(self.run_dir, "plan.csv"), pts, 12)
        with open(os.path.join(self.run_dir, "build", "registers_stencil3d25.json"), "w") as f:
            json.dump({"stencil3d25": 32, "stencil3d25_fold2y": 30}, f)
        self.fake = os.path.join(self.dir, "warpest")
        with open(self.fake, "w") as f:
            f.write(FAKE_WARPEST % sys.executable)
        os.chmod(self.fake, 0o755)
        self.log = os.path.join(self.dir, "calls.txt")
        self.env = dict(os.environ, FAKE_WARPEST_LOG=self.log)

    def tearDown(self):
        shutil.rmtree(self.dir)

    def predict(self, *extra):
        return subprocess.run([sys.executable, VALIDATE, "predict", "--run", self.run_dir, "--gpu", "h200",
                               "--warpest", self.fake, "--nvcc", "/nonexistent/nvcc"] + list(extra),
                              capture_output=True, text=True, env=self.env)

    def calls(self):
        with open(self.log) as f:
            return f.read().splitlines()

    def test_predicts_with_ptxas_registers_and_assembles(self):
        r = self.predict()
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("2 predictions made, 0 kept, 0 failed (2 points)", r.stdout)
        calls = self.calls()
        self.assertEqual(len(calls), 2)
        self.assertIn("--gpu h200 --block 32 8 1 --param nx=640 --param ny=512 --param nz=512 "
                      "--registers 32 --json", calls[0])
        self.assertIn("--variant fold2y", calls[1])
        self.assertIn("--registers 30 --json", calls[1])
        for pid in ("stencil3d25-quick-none-b32x8x1-d640x512x512", "stencil3d25-quick-2y-b32x4x2-d640x512x512"):
            self.assertTrue(os.path.exists(os.path.join(self.run_dir, "warpest", pid + ".json")))
        from validation import assemble
        rows = assemble.read_rows(os.path.join(self.run_dir, "results.csv"))
        self.assertEqual([r["predicted_time_seconds"] for r in rows], ["0.001", "0.001"])
        # unmeasured batches are reported, not re-measured; nothing else was made
        self.assertIn("missing (batch not measured)", r.stderr)
        self.assertEqual(sorted(os.listdir(self.run_dir)), ["build", "plan.csv", "results.csv", "warpest"])
        # a second run keeps what exists
        r = self.predict()
        self.assertIn("0 predictions made, 2 kept", r.stdout)
        self.assertEqual(len(self.calls()), 2)

    def test_model_registers(self):
        r = self.predict("--registers", "model")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertTrue(all("--registers" not in c for c in self.calls()))

    def test_no_count_without_nvcc(self):
        os.remove(os.path.join(self.run_dir, "build", "registers_stencil3d25.json"))
        r = self.predict()
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("no ptxas register count for stencil3d25", r.stderr)
        self.assertTrue(all("--registers" not in c for c in self.calls()))

    def test_plan_row_must_spell_its_point(self):
        path = os.path.join(self.run_dir, "plan.csv")
        with open(path) as f:
            text = f.read()
        with open(path, "w") as f:
            f.write(text.replace("-b32x8x1-", "-b32x8x2-", 1))
        r = self.predict()
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("spells point", r.stderr)


class Sweeps(unittest.TestCase):
    def test_shapes(self):
        s256 = sweep.block_shapes(256)
        self.assertEqual(len(s256), 42)  # 45 exponent triples minus z = 128, 256 (3)
        self.assertTrue(all(x * y * z == 256 and z <= 64 for x, y, z in s256))
        self.assertEqual(len(sweep.block_shapes(1024)), 56)
        with self.assertRaises(ValueError):
            sweep.block_shapes(384)

    def test_domains_cross_the_transition(self):
        d = sweep.transition_domains()
        sides = [x for x, _, _ in d]
        self.assertEqual(sides, sorted(sides))
        self.assertIn((512, 512, 640), d)
        for x, y, z in d:
            self.assertLess(abs(x * y * z / (640 * 512 * 512.0) - 1), 0.05)


class Ptxas(unittest.TestCase):
    def test_registers(self):
        text = ("ptxas info    : Compiling entry function '_Z11stencil3d25PKdPdiii' for 'sm_90'\n"
                "ptxas info    : Used 40 registers, used 0 barriers\n"
                "ptxas info    : Compiling entry function '_Z18stencil3d25_fold2yPKdPdiii' for 'sm_90'\n"
                "ptxas info    : Used 56 registers, used 0 barriers\n")
        self.assertEqual(cli.parse_ptxas_registers(text), {"stencil3d25": 40, "stencil3d25_fold2y": 56})


class StatsAndFitCommands(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="wv-cli-")

    def tearDown(self):
        shutil.rmtree(self.dir)

    def test_stats_into_doc(self):
        from test_validation_plots import synthetic_rows
        from validation import assemble
        csv_path = os.path.join(self.dir, "r.csv")
        assemble.write_rows(csv_path, synthetic_rows())
        doc = os.path.join(self.dir, "accuracy.md")
        with open(doc, "w") as f:
            f.write("# head\n%s\nold\n%s\n# tail\n" % (cli.BEGIN_MARK, cli.END_MARK))
        r = run_validate("stats", csv_path, "--accuracy-doc", doc)
        self.assertEqual(r.returncode, 0, r.stderr)
        text = open(doc).read()
        self.assertTrue(text.startswith("# head\n"))
        self.assertTrue(text.endswith(cli.END_MARK + "\n# tail\n"))
        self.assertNotIn("old", text)
        self.assertIn("| `l1_data_wavefronts` | `l1tex__data_pipe_lsu_wavefronts.sum` | 54 |", text)

    def test_stats_two_gpus_and_noise(self):
        from test_validation_plots import synthetic_rows
        from validation import assemble
        a, b = os.path.join(self.dir, "a.csv"), os.path.join(self.dir, "b.csv")
        assemble.write_rows(a, synthetic_rows())
        assemble.write_rows(b, synthetic_rows())
        r = run_validate("stats", a, b, "--label", "GPU A", "--label", "GPU B", "--repeat", a, b,
                         "--repeat-label", "noise")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("#### GPU A\n", r.stdout)
        self.assertIn("#### GPU B\n", r.stdout)
        self.assertIn("#### noise\n", r.stdout)
        self.assertIn("| `measured_time_seconds` | 54 | 0.0 % | 0.0 % |", r.stdout)
        r = run_validate("stats", a, b, "--label", "only one")
        self.assertNotEqual(r.returncode, 0)

    def test_fit_pairs_into_table(self):
        pairs = os.path.join(self.dir, "pairs.csv")
        with open(pairs, "w") as f:
            f.write("oversubscription,miss_rate\n")
            for i in range(40):
                o = 0.1 * i
                f.write("%r,%r\n" % (o, fit.gompertz(o, 0.9, 20.0, 2.5)))
        table = os.path.join(self.dir, "t.json")
        with open(table, "w") as f:
            json.dump({"id": "t", "sm_count": {"value": 132},
                       "hit_wave_overlap": {"a": 1.0, "b": 37.1, "c": 3.2, "source": "publication"}}, f, indent=2)
        r = run_validate("fit", "--pairs", pairs, "--table", table)
        self.assertEqual(r.returncode, 0, r.stderr)
        t = json.load(open(table))
        self.assertAlmostEqual(t["hit_wave_overlap"]["a"], 0.9, places=4)
        self.assertAlmostEqual(t["hit_wave_overlap"]["b"], 20.0, places=2)
        self.assertAlmostEqual(t["hit_wave_overlap"]["c"], 2.5, places=3)
        self.assertRegex(t["hit_wave_overlap"]["source"],
                         r"^fitted: scripts/validate fit, \d{4}-\d\d-\d\d, 40 points from .*pairs\.csv$")
        self.assertEqual(t["sm_count"], {"value": 132})


@unittest.skipUnless(shutil.which("nvcc"), "nvcc not found")
class LauncherCompiles(unittest.TestCase):
    """Compiles the launcher against a stub kernel file with the agreed
    signatures (the real examples/cu/stencil3d25.cu when it exists)."""

    def test_nvcc(self):
        d = tempfile.mkdtemp(prefix="wv-nvcc-")
        try:
            real = os.path.join(REPO, "examples", "cu", "stencil3d25.cu")
            inc = os.path.dirname(real) if os.path.exists(real) else d
            if not os.path.exists(real):
                for name in ("stencil3d25", "stencil3d25_fold2y", "stencil3d25_fold2z"):
                    with open(os.path.join(d, name + ".cu"), "w") as f:
                        f.write("extern \"C\" __global__ void %s(const double *__restrict__ src, "
                                "double *__restrict__ dst, int nx, int ny, int nz) "
                                "{ if (nx < 0) dst[0] = src[0]; }\n" % name)
            cmd = sweep.build_command(REPO, d, "stencil3d25", "sm_90", "nvcc")
            cmd[cmd.index(os.path.join(REPO, "examples", "cu"))] = inc
            r = subprocess.run(cmd, capture_output=True, text=True)
            self.assertEqual(r.returncode, 0, r.stderr)
            regs = cli.parse_ptxas_registers(r.stderr)
            self.assertEqual(set(regs) & {"stencil3d25", "stencil3d25_fold2y", "stencil3d25_fold2z"},
                             {"stencil3d25", "stencil3d25_fold2y", "stencil3d25_fold2z"})
            self.assertTrue(os.path.exists(sweep.launcher_binary(d, "stencil3d25")))
        finally:
            shutil.rmtree(d)


if __name__ == "__main__":
    unittest.main()
