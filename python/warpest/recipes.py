"""warpest inside autotuners: the hooks of Kernel Tuner and Triton, built on
an Estimator. Each takes `to_config`, which turns the tuner's parameters (a
dict) into a warpest configuration dict ({"block": ..., "params": ...}):
only the caller knows how its parameters map to threads and to the kernel
model's parameters.

Kernel Tuner (kernel_tuner.tune_kernel):
    tune_kernel(..., restrictions=kernel_tuner_restrictions(est, tune_params, to_config, keep=0.1),
                metrics=kernel_tuner_metrics(est, to_config))
  restrictions: called with a dict of one configuration's parameters; False
  skips it. metrics: an OrderedDict of name -> function(p), p the dict of
  parameters and measured results.

Triton (triton.autotune):
    @triton.autotune(configs, key, prune_configs_by={
        "perf_model": triton_perf_model(est, to_config), "top_k": 10,
        "early_config_prune": triton_early_config_prune(est, to_config, keep=0.5)})
  early_config_prune(configs, named_args, **kwargs) returns the configs to
  keep; perf_model(**named_args, **kwargs, **config.all_kwargs()) returns a
  time (here milliseconds) that Triton sorts by, keeping top_k.
"""
import itertools
from collections import OrderedDict

from . import Error

__all__ = ["kernel_tuner_restrictions", "kernel_tuner_metrics", "triton_perf_model",
           "triton_early_config_prune"]


def _key(params):
    return tuple(sorted(params.items()))


def kernel_tuner_restrictions(estimator, tune_params, to_config, keep=0.1, threads=None):
    """A restrictions callable that admits the best `keep` (fraction or count)
    of the whole space tune_params spans. The space is scored in one batch
    the first time Kernel Tuner asks, so the cost is one warpest_score call."""
    names = list(tune_params)
    kept = None

    def restrictions(params):
        nonlocal kept
        if kept is None:
            space = [dict(zip(names, values)) for values in
                     itertools.product(*(tune_params[n] for n in names))]
            best = estimator.prune(space, keep, threads, key=to_config)
            kept = {_key(p) for p in best}
        return _key({n: params[n] for n in names}) in kept

    return restrictions


def kernel_tuner_metrics(estimator, to_config, metrics=None, name="warpest_ms",
                         tune_params=None):
    """metrics with warpest's predicted time in milliseconds added under
    `name` (inf when the model rejects the configuration). Kernel Tuner's p
    holds measured results beside the parameters: only the parameters
    (tune_params' names, when given) reach to_config."""
    out = OrderedDict(metrics or {})
    cache = {}

    def predicted_ms(p):
        params = {n: p[n] for n in tune_params} if tune_params else dict(p)
        key = _key(params)
        if key not in cache:
            try:
                cache[key] = estimator.estimate(to_config(params)).predicted_seconds * 1e3
            except Error:
                cache[key] = float("inf")
        return cache[key]

    out[name] = predicted_ms
    return out


def _triton_meta(config):
    """A triton.Config's keyword arguments with num_warps and the others
    (all_kwargs() in recent Triton; kwargs and attributes in older ones)."""
    if hasattr(config, "all_kwargs"):
        return dict(config.all_kwargs())
    meta = dict(config.kwargs)
    for attr in ("num_warps", "num_stages", "num_ctas"):
        if hasattr(config, attr):
            meta[attr] = getattr(config, attr)
    return meta


def triton_perf_model(estimator, to_config):
    """A perf_model: the predicted time in milliseconds of the configuration
    Triton describes by keyword (the kernel's named arguments, the launch's
    kwargs and the config's); inf when the model rejects it."""

    def perf_model(**meta):
        try:
            return estimator.estimate(to_config(meta)).predicted_seconds * 1e3
        except Error:
            return float("inf")

    return perf_model


def triton_early_config_prune(estimator, to_config, keep=0.5, threads=None):
    """An early_config_prune: the best `keep` of the configs, scored in one
    batch, best first (never empty while one configuration is valid)."""

    def early_config_prune(configs, named_args, **kwargs):
        def config_of(c):
            return to_config({**named_args, **kwargs, **_triton_meta(c)})
        kept = estimator.prune(configs, keep, threads, key=config_of)
        return kept or list(configs)

    return early_config_prune
