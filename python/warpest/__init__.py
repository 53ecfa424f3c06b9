"""warpest from Python: static GPU performance estimates through ctypes over
libwarpest-core.so.0 (no packages beyond Debian's python3).

    import warpest
    est = warpest.load("examples/models/stencil3d25.json", "h100-sxm")
    est.estimate({"block": (32, 8, 2)}).predicted_seconds
    est.rank([{"block": (32, 8, 2)}, {"block": "256x1x1", "variant": "fold2z"}])
    est.prune(configs, keep=0.1)

A configuration is a dict with the fields of `warpest score` (docs/cli.md):
block ((x, y, z), [x], "XxYxZ" or an int), grid, variant, params
({name: int}), registers, shared_dynamic, ptxas's spill figures spill_stores,
spill_loads and stack_frame (bytes per thread), and the limits work_limit and
time_limit_ms (warpest_config in warpest.h). Scoring many configurations is one
call into the core (warpest_score), which spreads them over a thread pool
and releases the GIL while it runs.

Recipes for autotuners (Kernel Tuner, Triton): warpest.recipes.
"""
import ctypes
import ctypes.util
import os
import sys
from dataclasses import dataclass, field

__all__ = ["Error", "Kernel", "Gpu", "Estimator", "Score", "load", "library_path"]


class Error(Exception):
    """A message from the core: bad input, or a configuration it rejects."""


class _Config(ctypes.Structure):
    # warpest_config in warpest.h; struct_size tells the core how much of it
    # this binding knows, so it keeps working when the core appends fields
    _fields_ = [("struct_size", ctypes.c_size_t),
                ("block", ctypes.c_int * 3),
                ("grid", ctypes.c_int * 3),
                ("variant", ctypes.c_char_p),
                ("registers", ctypes.c_int),
                ("shared_dynamic", ctypes.c_int),
                ("work_limit", ctypes.c_int64),
                ("skip_neighbours", ctypes.c_int),
                ("n_params", ctypes.c_int),
                ("param_names", ctypes.POINTER(ctypes.c_char_p)),
                ("param_values", ctypes.POINTER(ctypes.c_int64)),
                ("time_limit_ms", ctypes.c_double),
                ("spill_store_bytes", ctypes.c_int),
                ("spill_load_bytes", ctypes.c_int),
                ("stack_frame_bytes", ctypes.c_int),
                ("thread_instructions", ctypes.c_double)]


_MAX_LIMITERS = 8
LIMITERS = ("L1", "L2", "DRAM", "compute", "shared-atomic")


class _Summary(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_size_t),
                ("blocks_per_sm", ctypes.c_int),
                ("waves_blocks", ctypes.c_int),
                ("waves", ctypes.c_double),
                ("active_threads", ctypes.c_int64),
                ("l1_cycles_per_thread", ctypes.c_double),
                ("l1_data_wavefronts", ctypes.c_double),
                ("l1_tag_wavefronts", ctypes.c_double),
                ("l2_load_bytes", ctypes.c_double),
                ("l2_store_bytes", ctypes.c_double),
                ("dram_load_bytes", ctypes.c_double),
                ("dram_store_bytes", ctypes.c_double),
                ("flops", ctypes.c_double),
                ("limiter_seconds", ctypes.c_double * _MAX_LIMITERS),
                ("predicted_seconds", ctypes.c_double),
                ("bottleneck", ctypes.c_int)]


class _RankOptions(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_size_t),
                ("min_threads", ctypes.c_int),
                ("max_threads", ctypes.c_int),
                ("threads", ctypes.c_int),
                ("all_variants", ctypes.c_int),
                ("all_shapes", ctypes.c_int),
                ("progress", ctypes.c_void_p),
                ("user", ctypes.c_void_p)]


def _candidates():
    """Where the core may be: $WARPEST_CORE_LIB; beside an installed module
    (the relative path written at install time); a build tree beside this
    source tree; the loader's search path."""
    env = os.environ.get("WARPEST_CORE_LIB")
    if env:
        return [env]
    here = os.path.dirname(os.path.abspath(__file__))
    found = []
    try:
        from . import _location
        found.append(os.path.join(here, _location.LIB_DIR, "libwarpest-core.so.0"))
    except ImportError:
        pass
    root = os.path.dirname(os.path.dirname(here))
    found.append(os.path.join(root, "build", "runtime", "libwarpest-core.so.0"))
    found.append("libwarpest-core.so.0")
    return found


def _load_core():
    errors = []
    for path in _candidates():
        if os.sep in path and not os.path.exists(path):
            continue
        try:
            return ctypes.CDLL(path), path
        except OSError as e:
            errors.append(str(e))
    raise ImportError("warpest: libwarpest-core.so.0 not found (set WARPEST_CORE_LIB): "
                      + "; ".join(errors or ["no candidate exists"]))


_core, _core_path = _load_core()


def library_path():
    """The file of the core this module uses."""
    return _core_path


def _fn(name, restype, *argtypes):
    f = getattr(_core, name)
    f.restype = restype
    f.argtypes = list(argtypes)
    return f


_p = ctypes.c_void_p
_ctx_alloc = _fn("warpest_ctx_alloc", _p)
_ctx_free = _fn("warpest_ctx_free", None, _p)
_ctx_last_error = _fn("warpest_ctx_last_error", ctypes.c_char_p, _p)
_hw_find = _fn("warpest_hw_find", _p, _p, ctypes.c_char_p, ctypes.c_char_p)
_hw_read_file = _fn("warpest_hw_read_file", _p, _p, ctypes.c_char_p)
_hw_free = _fn("warpest_hw_free", None, _p)
_hw_id = _fn("warpest_hw_id", ctypes.c_char_p, _p)
_hw_name = _fn("warpest_hw_name", ctypes.c_char_p, _p)
_kernel_read_file = _fn("warpest_kernel_read_file", _p, _p, ctypes.c_char_p)
_kernel_read_string = _fn("warpest_kernel_read_string", _p, _p, ctypes.c_char_p, ctypes.c_char_p)
_kernel_free = _fn("warpest_kernel_free", None, _p)
_kernel_name = _fn("warpest_kernel_name", ctypes.c_char_p, _p)
_kernel_n_variants = _fn("warpest_kernel_n_variants", ctypes.c_int, _p)
_kernel_variant_name = _fn("warpest_kernel_variant_name", ctypes.c_char_p, _p, ctypes.c_int)
_kernel_n_params = _fn("warpest_kernel_n_params", ctypes.c_int, _p)
_kernel_param_name = _fn("warpest_kernel_param_name", ctypes.c_char_p, _p, ctypes.c_int)
_config_init_size = _fn("warpest_config_init_size", None, ctypes.POINTER(_Config), ctypes.c_size_t)
_rank_options_init_size = _fn("warpest_rank_options_init_size", None,
                              ctypes.POINTER(_RankOptions), ctypes.c_size_t)
_estimate_compute = _fn("warpest_estimate_compute", _p, _p, _p, _p, ctypes.POINTER(_Config))
_estimate_free = _fn("warpest_estimate_free", None, _p)
_estimate_summary = _fn("warpest_estimate_summary", ctypes.POINTER(_Summary), _p)
_estimate_to_json = _fn("warpest_estimate_to_json", ctypes.c_void_p, _p)
_score = _fn("warpest_score", _p, _p, _p, _p, ctypes.POINTER(_Config), ctypes.c_int,
             ctypes.POINTER(_RankOptions))
_rank = _fn("warpest_rank", _p, _p, _p, _p, ctypes.POINTER(_Config), ctypes.POINTER(_RankOptions))
_ranking_free = _fn("warpest_ranking_free", None, _p)
_ranking_size = _fn("warpest_ranking_size", ctypes.c_int, _p)
_ranking_config = _fn("warpest_ranking_config", ctypes.POINTER(_Config), _p, ctypes.c_int)
_ranking_summary = _fn("warpest_ranking_summary", ctypes.POINTER(_Summary), _p, ctypes.c_int)
_ranking_input_index = _fn("warpest_ranking_input_index", ctypes.c_int, _p, ctypes.c_int)
_ranking_n_failed = _fn("warpest_ranking_n_failed", ctypes.c_int, _p)
_ranking_failed_index = _fn("warpest_ranking_failed_index", ctypes.c_int, _p, ctypes.c_int)
_ranking_failed_error = _fn("warpest_ranking_failed_error", ctypes.c_char_p, _p, ctypes.c_int)
_libc = ctypes.CDLL(ctypes.util.find_library("c"))
_libc.free.argtypes = [ctypes.c_void_p]
_libc.free.restype = None


class _Ctx:
    """A warpest_ctx for one call; the core's messages become Error."""

    def __enter__(self):
        self.ptr = _ctx_alloc()
        if not self.ptr:
            raise MemoryError("warpest_ctx_alloc")
        return self

    def error(self):
        return Error(_ctx_last_error(self.ptr).decode("utf-8", "replace"))

    def __exit__(self, *exc):
        _ctx_free(self.ptr)


def _owned_string(address):
    """A malloc'd char * from the core as str, freed."""
    if not address:
        raise MemoryError("the core returned no text")
    try:
        return ctypes.string_at(address).decode("utf-8")
    finally:
        _libc.free(address)


class Kernel:
    """A kernel model (docs/kernel-model.md)."""

    def __init__(self, ptr):
        self._ptr = ptr
        self.name = _kernel_name(ptr).decode()
        self.variants = [_kernel_variant_name(ptr, i).decode()
                         for i in range(_kernel_n_variants(ptr))]
        self.params = [_kernel_param_name(ptr, i).decode() for i in range(_kernel_n_params(ptr))]

    @classmethod
    def from_json_file(cls, path):
        with _Ctx() as ctx:
            ptr = _kernel_read_file(ctx.ptr, os.fsencode(path))
            if not ptr:
                raise ctx.error()
        return cls(ptr)

    @classmethod
    def from_json(cls, text, origin="<string>"):
        with _Ctx() as ctx:
            ptr = _kernel_read_string(ctx.ptr, text.encode(), origin.encode())
            if not ptr:
                raise ctx.error()
        return cls(ptr)

    @classmethod
    def from_ir(cls, path, kernel=None, plugin=None):
        """Extracts a kernel from NVPTX IR (.ll or .bc) through the pass
        plugin's warpest_extract_model_from_ir (the core has no LLVM). The
        plugin: `plugin`, $WARPEST_PLUGIN, or libwarpest.so beside the core
        (installed) or in the build tree's pass/."""
        lib = ctypes.CDLL(_find_plugin(plugin), mode=os.RTLD_LOCAL | os.RTLD_NOW)
        extract = lib.warpest_extract_model_from_ir
        extract.restype = ctypes.c_int
        extract.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p),
                            ctypes.POINTER(ctypes.c_void_p)]
        json_out, error_out = ctypes.c_void_p(), ctypes.c_void_p()
        rc = extract(os.fsencode(path), kernel.encode() if kernel else None,
                     ctypes.byref(json_out), ctypes.byref(error_out))
        if rc != 0:
            if json_out.value:
                _libc.free(json_out.value)
            raise Error(_owned_string(error_out.value) if error_out.value else
                        "%s: IR extraction failed" % path)
        origin = "%s (kernel %s)" % (path, kernel or "")
        return cls.from_json(_owned_string(json_out.value), origin)

    def __del__(self):
        if getattr(self, "_ptr", None):
            _kernel_free(self._ptr)
            self._ptr = None


def _find_plugin(plugin):
    if plugin:
        return plugin
    if os.environ.get("WARPEST_PLUGIN"):
        return os.environ["WARPEST_PLUGIN"]
    lib_dir = os.path.dirname(os.path.abspath(_core_path))
    for path in (os.path.join(lib_dir, "libwarpest.so"),
                 os.path.join(os.path.dirname(lib_dir), "pass", "libwarpest.so")):
        if os.path.exists(path):
            return path
    raise Error("the pass plugin libwarpest.so was not found (set WARPEST_PLUGIN)")


class Gpu:
    """A hardware table (docs/hardware-table.md)."""

    def __init__(self, ptr):
        self._ptr = ptr
        self.id = _hw_id(ptr).decode()
        self.name = _hw_name(ptr).decode()

    @classmethod
    def find(cls, gpu_id, tables=None):
        """A bundled table by id; tables: a directory (default: $WARPEST_TABLES,
        then the tables installed with the core)."""
        with _Ctx() as ctx:
            ptr = _hw_find(ctx.ptr, os.fsencode(tables) if tables else None, gpu_id.encode())
            if not ptr:
                raise ctx.error()
        return cls(ptr)

    @classmethod
    def from_file(cls, path):
        with _Ctx() as ctx:
            ptr = _hw_read_file(ctx.ptr, os.fsencode(path))
            if not ptr:
                raise ctx.error()
        return cls(ptr)

    def __del__(self):
        if getattr(self, "_ptr", None):
            _hw_free(self._ptr)
            self._ptr = None


@dataclass
class Score:
    """One configuration's prediction. config: the dict as given; index: its
    position in the list; rank: 1 for the best (None when rejected)."""
    config: dict
    index: int
    rank: int = None
    predicted_seconds: float = None
    bottleneck: str = None
    dram_bytes: float = None
    l2_bytes: float = None
    l1_cycles_per_thread: float = None
    blocks_per_sm: int = None
    waves: float = None
    limiter_seconds: dict = field(default_factory=dict)
    error: str = None

    @property
    def ok(self):
        return self.error is None


def _xyz(value, what):
    if isinstance(value, int):
        value = (value,)
    elif isinstance(value, str):
        value = tuple(int(v) for v in value.split("x"))
    value = tuple(value)
    if not 1 <= len(value) <= 3 or any(not isinstance(v, int) or v < 1 for v in value):
        raise Error("%s must be 1 to 3 positive integers, got %r" % (what, value))
    return value + (1,) * (3 - len(value))


# spill figures: the configuration's field for each of score's names
_SPILL_KEYS = {"spill_stores": "spill_store_bytes", "spill_loads": "spill_load_bytes",
               "stack_frame": "stack_frame_bytes"}
_CONFIG_KEYS = {"block", "grid", "variant", "params", "registers", "shared_dynamic",
                "work_limit", "time_limit_ms", "thread_instructions"} | set(_SPILL_KEYS)


def _fill(c, config, keep):
    """A configuration dict into the ctypes struct `c` (already initialised);
    `keep` holds the arrays the struct points to."""
    unknown = set(config) - _CONFIG_KEYS
    if unknown:
        raise Error("unknown configuration field(s): %s" % ", ".join(sorted(unknown)))
    if "block" in config:
        c.block[:] = _xyz(config["block"], "block")
    if config.get("grid") is not None:
        c.grid[:] = _xyz(config["grid"], "grid")
    if config.get("variant") is not None:
        c.variant = config["variant"].encode()
    if config.get("registers") is not None:
        c.registers = config["registers"]
    if config.get("shared_dynamic") is not None:
        c.shared_dynamic = config["shared_dynamic"]
    # the core checks the ranges and names the field
    if config.get("work_limit") is not None:
        c.work_limit = config["work_limit"]
    if config.get("time_limit_ms") is not None:
        c.time_limit_ms = config["time_limit_ms"]
    for key, member in _SPILL_KEYS.items():
        if config.get(key) is not None:
            setattr(c, member, config[key])
    if config.get("thread_instructions") is not None:
        c.thread_instructions = config["thread_instructions"]
    params = config.get("params")
    if params:
        n = len(params)
        names = (ctypes.c_char_p * n)(*(k.encode() for k in params))
        values = (ctypes.c_int64 * n)(*params.values())
        keep.append((names, values))
        c.n_params = n
        c.param_names = names
        c.param_values = values


def _summary_fields(s):
    return dict(predicted_seconds=s.predicted_seconds,
                bottleneck=LIMITERS[s.bottleneck] if 0 <= s.bottleneck < len(LIMITERS) else "?",
                dram_bytes=s.dram_load_bytes + s.dram_store_bytes,
                l2_bytes=s.l2_load_bytes + s.l2_store_bytes,
                l1_cycles_per_thread=s.l1_cycles_per_thread,
                blocks_per_sm=s.blocks_per_sm, waves=s.waves,
                limiter_seconds={n: s.limiter_seconds[i] for i, n in enumerate(LIMITERS)})


def _options(threads):
    o = _RankOptions()
    _rank_options_init_size(ctypes.byref(o), ctypes.sizeof(o))
    o.threads = threads or os.cpu_count() or 1
    return o


class Estimator:
    """A kernel on a GPU: estimates, rankings and pruning of configurations."""

    def __init__(self, kernel, gpu, threads=None):
        self.kernel = kernel
        self.gpu = gpu
        self.threads = threads

    def _configs(self, configs):
        array = (_Config * len(configs))()
        keep = []
        size = ctypes.sizeof(_Config)
        for c, config in zip(array, configs):
            _config_init_size(ctypes.byref(c), size)
            _fill(c, config, keep)
        return array, keep

    def estimate(self, config):
        """The prediction for one configuration (Score), without the search
        for better neighbours; raises Error when the model rejects it. The
        whole JSON report: report()."""
        with _Ctx() as ctx:
            array, keep = self._configs([config])
            array[0].skip_neighbours = 1
            e = _estimate_compute(ctx.ptr, self.kernel._ptr, self.gpu._ptr, array[0])
            if not e:
                raise ctx.error()
            try:
                s = _estimate_summary(e).contents
                return Score(config=config, index=0, rank=1, **_summary_fields(s))
            finally:
                _estimate_free(e)

    def report(self, config):
        """The whole report (docs/report-format.md) as a JSON string."""
        with _Ctx() as ctx:
            array, keep = self._configs([config])
            e = _estimate_compute(ctx.ptr, self.kernel._ptr, self.gpu._ptr, array[0])
            if not e:
                raise ctx.error()
            try:
                return _owned_string(_estimate_to_json(e))
            finally:
                _estimate_free(e)

    def score(self, configs, threads=None):
        """Every configuration's Score, best first (time, then DRAM bytes,
        then L2 bytes, then list order), then the rejected ones in list order
        with their error."""
        configs = list(configs)
        array, keep = self._configs(configs)
        options = _options(threads or self.threads)
        with _Ctx() as ctx:
            r = _score(ctx.ptr, self.kernel._ptr, self.gpu._ptr, array, len(configs),
                       ctypes.byref(options))
            if not r:
                raise ctx.error()
        try:
            out = []
            for i in range(_ranking_size(r)):
                index = _ranking_input_index(r, i)
                s = _ranking_summary(r, i).contents
                out.append(Score(config=configs[index], index=index, rank=i + 1,
                                 **_summary_fields(s)))
            for j in range(_ranking_n_failed(r)):
                index = _ranking_failed_index(r, j)
                out.append(Score(config=configs[index], index=index,
                                 error=_ranking_failed_error(r, j).decode("utf-8", "replace")))
            return out
        finally:
            _ranking_free(r)

    def rank(self, configs=None, threads=None, min_threads=32, max_threads=1024,
             variants=True, base=None):
        """Ranked Scores: of `configs` (rejected ones dropped), or with configs
        None, of the sweep `warpest rank` makes over block shapes of
        min..max threads (and every variant when variants is true) from
        `base` (a configuration dict without block)."""
        if configs is not None:
            return [s for s in self.score(configs, threads) if s.ok]
        base = dict(base or {})
        array, keep = self._configs([base])
        options = _options(threads or self.threads)
        options.min_threads, options.max_threads = min_threads, max_threads
        options.all_variants = 1 if variants and "variant" not in base else 0
        with _Ctx() as ctx:
            r = _rank(ctx.ptr, self.kernel._ptr, self.gpu._ptr, array, ctypes.byref(options))
            if not r:
                raise ctx.error()
        try:
            out = []
            for i in range(_ranking_size(r)):
                c = _ranking_config(r, i).contents
                config = dict(base, block=tuple(c.block))
                if c.variant:
                    config["variant"] = c.variant.decode()
                out.append(Score(config=config, index=_ranking_input_index(r, i), rank=i + 1,
                                 **_summary_fields(_ranking_summary(r, i).contents)))
            return out
        finally:
            _ranking_free(r)

    def prune(self, configs, keep=0.1, threads=None, key=None):
        """The best `keep` of `configs`: a fraction (0 < keep <= 1, at least
        one configuration) or a count (int > 1), best first. Configurations
        the model rejects are never kept. `key` maps each item to a
        configuration dict when the items are an autotuner's own objects;
        the items themselves are returned."""
        configs = list(configs)
        ranked = self.rank([key(c) for c in configs] if key else configs, threads)
        if isinstance(keep, float) or keep == 1:
            if not 0 < keep <= 1:
                raise ValueError("keep must be a fraction in (0, 1] or a count")
            n = max(1, int(round(len(configs) * keep)))
        else:
            n = int(keep)
        return [configs[s.index] for s in ranked[:n]]


def load(model, gpu, threads=None, tables=None, kernel=None):
    """An Estimator for a kernel model (JSON file, or .ll/.bc IR through the
    plugin, `kernel` naming which) on a GPU id or a Gpu."""
    if str(model).endswith((".ll", ".bc")):
        k = Kernel.from_ir(model, kernel)
    else:
        k = Kernel.from_json_file(model)
    g = gpu if isinstance(gpu, Gpu) else Gpu.find(gpu, tables)
    return Estimator(k, g, threads)
