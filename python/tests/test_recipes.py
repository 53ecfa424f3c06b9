"""The autotuner recipes end to end, with stand-ins that call the hooks the
way Kernel Tuner and Triton do (those packages are not installed here):
Kernel Tuner calls restrictions(params: dict) -> bool and each metric
function(p: dict); Triton's Autotuner.prune_configs calls
early_config_prune(configs, named_args, **kwargs) and then
perf_model(**named_args, **kwargs, **config.all_kwargs()), keeping top_k."""
import itertools
import math
import os
import unittest
from collections import OrderedDict

import warpest
from warpest import recipes

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MODEL = os.path.join(ROOT, "examples", "models", "stencil2d5.json")


def kt_to_config(p):
    return {"block": (p["block_size_x"], p["block_size_y"]), "params": {"nx": 520, "ny": 300}}


def stand_in_tune_kernel(tune_params, restrictions, metrics):
    """Kernel Tuner's loop, reduced to the two hooks: the configurations it
    would benchmark, each with its metrics."""
    results = []
    names = list(tune_params)
    for values in itertools.product(*(tune_params[n] for n in names)):
        params = dict(zip(names, values))
        if not restrictions(params):
            continue
        p = dict(params, time=1.0)  # a measured result beside the parameters
        for name, f in metrics.items():
            p[name] = f(p)
        results.append(p)
    return results


class StandInConfig:
    """triton.Config's surface: kwargs, num_warps, num_stages, all_kwargs()."""

    def __init__(self, kwargs, num_warps=4, num_stages=2):
        self.kwargs, self.num_warps, self.num_stages = kwargs, num_warps, num_stages

    def all_kwargs(self):
        return dict(self.kwargs, num_warps=self.num_warps, num_stages=self.num_stages)


class StandInAutotuner:
    """triton.runtime.autotuner.Autotuner.prune_configs, reduced."""

    def __init__(self, configs, prune_configs_by):
        self.configs = configs
        self.early_config_prune = prune_configs_by.get("early_config_prune")
        self.perf_model = prune_configs_by.get("perf_model")
        self.configs_top_k = prune_configs_by.get("top_k", 1.0)

    def prune_configs(self, nargs, kwargs):
        pruned = self.configs
        if self.early_config_prune:
            pruned = self.early_config_prune(self.configs, nargs, **kwargs)
        if self.perf_model:
            top_k = self.configs_top_k
            if isinstance(top_k, float) and top_k <= 1.0:
                top_k = int(len(self.configs) * top_k)
            if len(pruned) > top_k:
                est = {c: self.perf_model(**nargs, **kwargs, **c.all_kwargs()) for c in pruned}
                pruned = sorted(est, key=lambda c: est[c])[:top_k]
        return pruned


def triton_to_config(meta):
    threads = 32 * meta["num_warps"]
    return {"block": (meta["BLOCK_X"], max(1, threads // meta["BLOCK_X"])),
            "params": {"nx": meta["nx"], "ny": meta["ny"]}}


class RecipeTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.est = warpest.load(MODEL, "h100-sxm", threads=2)

    def test_kernel_tuner(self):
        tune_params = OrderedDict(block_size_x=[16, 32, 64, 128, 256], block_size_y=[1, 2, 4, 8])
        restrictions = recipes.kernel_tuner_restrictions(self.est, tune_params, kt_to_config, keep=0.25)
        metrics = recipes.kernel_tuner_metrics(self.est, kt_to_config, tune_params=tune_params,
                                               metrics=OrderedDict(gflops=lambda p: 1.0))
        self.assertEqual(list(metrics), ["gflops", "warpest_ms"])
        results = stand_in_tune_kernel(tune_params, restrictions, metrics)
        self.assertEqual(len(results), 5)  # 25 % of 20
        best = self.est.rank([kt_to_config(dict(block_size_x=x, block_size_y=y))
                              for x in tune_params["block_size_x"] for y in tune_params["block_size_y"]])
        kept_ms = sorted(r["warpest_ms"] for r in results)
        self.assertAlmostEqual(kept_ms[0], best[0].predicted_seconds * 1e3)
        self.assertTrue(all(ms <= best[4].predicted_seconds * 1e3 for ms in kept_ms))
        # a shape the GPU refuses costs inf, not an exception
        self.assertTrue(math.isinf(metrics["warpest_ms"](dict(block_size_x=1024, block_size_y=8))))

    def test_triton(self):
        configs = [StandInConfig({"BLOCK_X": bx}, num_warps=w)
                   for bx in (32, 64, 128) for w in (1, 2, 4, 8)]
        tuner = StandInAutotuner(configs, {
            "early_config_prune": recipes.triton_early_config_prune(self.est, triton_to_config, keep=0.5),
            "perf_model": recipes.triton_perf_model(self.est, triton_to_config),
            "top_k": 3})
        nargs = {"nx": 520, "ny": 300, "src": object(), "dst": object()}
        kept = tuner.prune_configs(nargs, {})
        self.assertEqual(len(kept), 3)
        everything = self.est.rank([triton_to_config(dict(nargs, **c.all_kwargs())) for c in configs])
        predicted = [self.est.estimate(triton_to_config(dict(nargs, **c.all_kwargs()))).predicted_seconds
                     for c in kept]
        self.assertEqual(predicted, sorted(predicted))
        self.assertAlmostEqual(predicted[0], everything[0].predicted_seconds)
        # early pruning alone keeps half, best first
        early = recipes.triton_early_config_prune(self.est, triton_to_config, keep=0.5)(configs, nargs)
        self.assertEqual(len(early), 6)
        self.assertIn(early[0], kept)


if __name__ == "__main__":
    unittest.main()
