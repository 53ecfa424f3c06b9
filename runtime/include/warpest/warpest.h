/* warpest — static GPU performance estimator: the public C API.
 *
 * Objects are opaque and owned by whoever holds them. Ownership follows isl's
 * annotations: __warpest_take (the callee consumes the argument), __warpest_keep
 * (the callee only reads it), __warpest_give (the caller owns the result and
 * must free it). Every function that can fail returns NULL or a negative
 * warpest_status and leaves a message in the warpest_ctx; nothing prints,
 * nothing exits.
 */
#ifndef WARPEST_WARPEST_H
#define WARPEST_WARPEST_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define __warpest_take
#define __warpest_keep
#define __warpest_give

#define WARPEST_VERSION_STRING "0.1.0"

typedef enum warpest_status {
	warpest_ok = 0,
	warpest_error_input = -1,  /* malformed or inconsistent input */
	warpest_error_memory = -2, /* allocation failed */
	warpest_error_model = -3   /* the model cannot be evaluated for this configuration */
} warpest_status;

/* Error context: holds the last message. One per thread. */
typedef struct warpest_ctx warpest_ctx;
__warpest_give warpest_ctx *warpest_ctx_alloc(void);
void warpest_ctx_free(__warpest_take warpest_ctx *ctx);
/* The last error message, or "" when there was none. Valid until the next call. */
const char *warpest_ctx_last_error(__warpest_keep const warpest_ctx *ctx);

/* ---- Hardware tables (docs/hardware-table.md) ---- */
typedef struct warpest_hw warpest_hw;
__warpest_give warpest_hw *warpest_hw_read_file(__warpest_keep warpest_ctx *ctx,
	__warpest_keep const char *path);
__warpest_give warpest_hw *warpest_hw_read_string(__warpest_keep warpest_ctx *ctx,
	__warpest_keep const char *json, __warpest_keep const char *origin);
/* Finds a bundled table by its id (e.g. "h100-sxm", case-insensitive) in the
 * directory `dir` (NULL: $WARPEST_TABLES, else the tables installed with the
 * core: ../share/warpest/tables from the directory of libwarpest-core.so). */
__warpest_give warpest_hw *warpest_hw_find(__warpest_keep warpest_ctx *ctx,
	__warpest_keep const char *dir, __warpest_keep const char *id);
void warpest_hw_free(__warpest_take warpest_hw *hw);
const char *warpest_hw_id(__warpest_keep const warpest_hw *hw);
const char *warpest_hw_name(__warpest_keep const warpest_hw *hw);
/* The directory searched for bundled tables when none is given. */
const char *warpest_hw_default_dir(void);

/* ---- Kernel models (docs/kernel-model.md) ---- */
typedef struct warpest_kernel warpest_kernel;
__warpest_give warpest_kernel *warpest_kernel_read_file(__warpest_keep warpest_ctx *ctx,
	__warpest_keep const char *path);
__warpest_give warpest_kernel *warpest_kernel_read_string(__warpest_keep warpest_ctx *ctx,
	__warpest_keep const char *json, __warpest_keep const char *origin);
/* The model as JSON text in the format it was read from; caller frees with free(). */
__warpest_give char *warpest_kernel_to_json(__warpest_keep const warpest_kernel *kernel);
void warpest_kernel_free(__warpest_take warpest_kernel *kernel);
const char *warpest_kernel_name(__warpest_keep const warpest_kernel *kernel);
int warpest_kernel_n_variants(__warpest_keep const warpest_kernel *kernel);
const char *warpest_kernel_variant_name(__warpest_keep const warpest_kernel *kernel, int i);
/* The model's integer parameters (what a configuration's param_names may
 * name): their count, the name of parameter i, and its default value
 * (returns 1 and sets *value when the model gives one, 0 when it does not,
 * -1 when i is out of range). */
int warpest_kernel_n_params(__warpest_keep const warpest_kernel *kernel);
const char *warpest_kernel_param_name(__warpest_keep const warpest_kernel *kernel, int i);
int warpest_kernel_param_default(__warpest_keep const warpest_kernel *kernel, int i,
	__warpest_keep int64_t *value);

/* ---- Structs that grow ----
 * warpest_config, warpest_rank_options and warpest_summary begin with
 * struct_size. Within one soname (libwarpest-core.so.0) fields are only ever
 * appended, so a program built against an older header keeps working with a
 * newer core: the init macros record the size the caller was compiled with,
 * and the core reads only the fields that size covers (later ones keep their
 * defaults). A summary is filled by the core; a caller built against a newer
 * header checks summary->struct_size before reading a field the core it runs
 * with may not have. */

/* ---- Launch configurations ---- */
typedef struct warpest_config {
	size_t struct_size;    /* set by warpest_config_init; 0: not initialised */
	int block[3];          /* threads per block, x y z */
	int grid[3];           /* blocks per grid; 0 in any entry: derive from the model */
	const char *variant;   /* NULL: the model's first variant, or none */
	int registers;         /* per thread; 0: the model's value, else 32 */
	int shared_dynamic;    /* bytes per block; -1: the model's value */
	int64_t work_limit;    /* lane evaluations an estimate may spend (an
	                        * expression or floor/mod atoms evaluated per lane
	                        * count more); 0: no limit. warpest_config_init sets
	                        * WARPEST_DEFAULT_WORK_LIMIT; hosts that must stay
	                        * more responsive (the compiler plugin) set less.
	                        * Past it the estimate fails, naming the kernel. */
	int skip_neighbours;   /* 1: warpest_estimate_compute searches no neighbouring
	                        * configuration (hosts that do not report them) */
	/* Parameter values: n_params names and values. The arrays stay the
	 * caller's and must outlive the calls that read the configuration; a
	 * ranking keeps copies of its own. */
	int n_params;
	const char *const *param_names;
	const int64_t *param_values;
	/* Wall-clock milliseconds one estimate may take, its neighbour search
	 * included; 0 (the default): none. Past it, an estimate that
	 * evaluates blocks one by one starts again on a block sample sized to
	 * the time left (at least 2 blocks a wave), and says so in its
	 * assumptions; only a sample that itself runs past the whole limit
	 * fails, naming the kernel. The clock is read every few thousand lane
	 * evaluations, so the limit is kept to within that. The figures then
	 * depend on the machine's speed: hosts that need them reproducible use
	 * work_limit alone. */
	double time_limit_ms;
	/* Register spills per thread as ptxas reports them ("N bytes stack
	 * frame, N bytes spill stores, N bytes spill loads"): static bytes of
	 * the spill-store and spill-load instructions, and the stack frame.
	 * -1 (what warpest_config_init sets): the model's value
	 * (resources.spill_store_bytes ...), else none. They add local-memory
	 * traffic to L1, the LSU and, past L1's capacity, L2 (docs/model.md
	 * "Register spills"). */
	int spill_store_bytes;
	int spill_load_bytes;
	int stack_frame_bytes;
	/* A thread's instruction count from the compiler's binary (the SASS of
	 * the measurement's compiler: its code section's size / 16), for a
	 * model without loops, where that static count is a thread's own; 0
	 * (the default): the model's count. The issue limit counts the larger
	 * of it and the model's operations and memory instructions
	 * (docs/model.md §6); a model with loops is refused. */
	double thread_instructions;
} warpest_config;
/* The default work limit: twice what the bundled examples need at most,
 * seconds on the slowest path (docs/limits.md). */
#define WARPEST_DEFAULT_WORK_LIMIT ((int64_t)1 << 28)
/* A config with block 256x1x1, derived grid, model defaults, the default
 * work limit, and struct_size
 * set to `size` (what the caller's sizeof(warpest_config) is). */
void warpest_config_init_size(__warpest_keep warpest_config *config, size_t size);
/* The same with the library's own size: for callers that resolve it with
 * dlsym and are built together with the core (the pass plugin). */
void warpest_config_init(__warpest_keep warpest_config *config);
#define warpest_config_init(config) warpest_config_init_size((config), sizeof(*(config)))

/* ---- Estimates ---- */
typedef enum warpest_limiter {
	warpest_limiter_l1 = 0,
	warpest_limiter_l2,
	warpest_limiter_dram,
	warpest_limiter_compute,
	warpest_limiter_shared_atomic,
	warpest_n_limiters
} warpest_limiter;
const char *warpest_limiter_name(warpest_limiter limiter);

/* Headline figures of one estimate. Volumes are totals per launch unless the
 * name says per thread; threads are the active threads (inside the domain). */
/* Room for limiters added later within this soname; warpest_n_limiters of
 * them are filled. */
#define WARPEST_MAX_LIMITERS 8
typedef struct warpest_summary {
	size_t struct_size;          /* sizeof(warpest_summary) of the core that filled it */
	int blocks_per_sm;
	int waves_blocks;            /* blocks in one wave */
	double waves;                /* blocks in the grid / waves_blocks */
	int64_t active_threads;
	double l1_cycles_per_thread;
	double l1_data_wavefronts;   /* per launch */
	double l1_tag_wavefronts;
	double l2_load_bytes;        /* L2 -> L1, per launch */
	double l2_store_bytes;
	double dram_load_bytes;
	double dram_store_bytes;
	double flops;
	double limiter_seconds[WARPEST_MAX_LIMITERS];
	double predicted_seconds;
	warpest_limiter bottleneck;
} warpest_summary;

typedef struct warpest_estimate warpest_estimate;
__warpest_give warpest_estimate *warpest_estimate_compute(__warpest_keep warpest_ctx *ctx,
	__warpest_keep const warpest_kernel *kernel, __warpest_keep const warpest_hw *hw,
	__warpest_keep const warpest_config *config);
/* The search for better neighbouring configurations (block shapes that
 * trade a factor 2 between dimensions, the model's other variants) that
 * warpest_estimate_compute runs unless config->skip_neighbours: run later
 * on an estimate computed with skip_neighbours = 1, under the same
 * `config` (its time limit counts from the estimate's start), with the
 * same result. Lets a host time the estimate alone before it decides that
 * the search fits its budget. Returns warpest_ok, or an error with its
 * message in ctx (the search ran already, the configuration is invalid). */
warpest_status warpest_estimate_search_neighbours(__warpest_keep warpest_ctx *ctx,
	__warpest_keep warpest_estimate *estimate, __warpest_keep const warpest_config *config);
void warpest_estimate_free(__warpest_take warpest_estimate *estimate);
const warpest_summary *warpest_estimate_summary(__warpest_keep const warpest_estimate *estimate);
/* The whole report as JSON (docs/report-format.md); caller frees with free(). */
__warpest_give char *warpest_estimate_to_json(__warpest_keep const warpest_estimate *estimate);
/* The whole report as a readable table; caller frees with free(). */
__warpest_give char *warpest_estimate_to_text(__warpest_keep const warpest_estimate *estimate);

/* ---- Ranking ---- */
typedef struct warpest_rank_options {
	size_t struct_size;           /* set by warpest_rank_options_init */
	int min_threads, max_threads; /* block sizes swept: powers of two in x, y, z */
	int threads;                  /* worker threads, >= 1 */
	int all_variants;             /* 1: sweep every variant of the model */
	int all_shapes;               /* 1: also extend block dimensions the model never
	                               * reads (tid and ntid of y or z); by default they
	                               * stay 1, as wider ones only repeat threads */
	void (*progress)(void *user, int done, int total);
	void *user;
} warpest_rank_options;
void warpest_rank_options_init_size(__warpest_keep warpest_rank_options *options, size_t size);
void warpest_rank_options_init(__warpest_keep warpest_rank_options *options);
#define warpest_rank_options_init(options) \
	warpest_rank_options_init_size((options), sizeof(*(options)))

/* A ranking is ordered best first by
 *   1. predicted time, shorter first;
 *   2. DRAM bytes (load + store) to 3 significant digits, fewer first;
 *   3. L2 bytes (load + store) to 3 significant digits, fewer first;
 *   4. input order: the position in the caller's list (warpest_score) or in
 *      the sweep (warpest_rank: variants, then block x, y, z, each ascending).
 * The order is total, so equal predictions always come out the same way. */
typedef struct warpest_ranking warpest_ranking;
/* Evaluates `base` with every block shape (and variant) of the sweep; the base's
 * grid must be derived (0). Configurations the model rejects are skipped; when
 * it rejects all of them the call fails with the first one's reason. */
__warpest_give warpest_ranking *warpest_rank(__warpest_keep warpest_ctx *ctx,
	__warpest_keep const warpest_kernel *kernel, __warpest_keep const warpest_hw *hw,
	__warpest_keep const warpest_config *base, __warpest_keep const warpest_rank_options *options);
/* Evaluates the caller's own `n` configurations (an autotuner's space) on
 * options->threads workers (options may be NULL: one thread; the sweep
 * fields are not read), without the neighbour search, and ranks them.
 * `configs` is an array of n configurations, each set up by
 * warpest_config_init; its stride is configs[0].struct_size, so a caller
 * built against an older header passes its own array. A configuration the
 * model rejects is not ranked but listed with its reason
 * (warpest_ranking_n_failed); the call fails only on bad arguments or
 * memory, so an empty ranking is a valid answer. */
__warpest_give warpest_ranking *warpest_score(__warpest_keep warpest_ctx *ctx,
	__warpest_keep const warpest_kernel *kernel, __warpest_keep const warpest_hw *hw,
	__warpest_keep const warpest_config *configs, int n,
	__warpest_keep const warpest_rank_options *options);
void warpest_ranking_free(__warpest_take warpest_ranking *ranking);
/* The number of ranked (evaluated) configurations. */
int warpest_ranking_size(__warpest_keep const warpest_ranking *ranking);
/* Configurations of the sweep left out because they passed the work limit
 * (the ranking is then partial: say so). */
int warpest_ranking_n_over_limit(__warpest_keep const warpest_ranking *ranking);
/* Entry i, best first: its configuration, summary and input position. The
 * configuration is the ranking's own copy; warpest_rank fills in the derived
 * grid, warpest_score leaves the configuration as given. NULL or -1 when i is
 * out of range. */
const warpest_config *warpest_ranking_config(__warpest_keep const warpest_ranking *ranking, int i);
const warpest_summary *warpest_ranking_summary(__warpest_keep const warpest_ranking *ranking, int i);
int warpest_ranking_input_index(__warpest_keep const warpest_ranking *ranking, int i);
/* Configurations the model rejected, in input order: their input position
 * and the reason. */
int warpest_ranking_n_failed(__warpest_keep const warpest_ranking *ranking);
int warpest_ranking_failed_index(__warpest_keep const warpest_ranking *ranking, int j);
const char *warpest_ranking_failed_error(__warpest_keep const warpest_ranking *ranking, int j);

/* The isl version the core was built against and runs with (isl_version()). */
const char *warpest_isl_version(void);

/* Signature of the IR front end exported by the pass plugin (libwarpest.so) as
 * `warpest_extract_model_from_ir`: reads a .ll or .bc file, extracts the kernel
 * named `kernel` (NULL: the only kernel of the module) and returns its kernel
 * model JSON in *json_out (malloc'd). On failure returns non-zero and a
 * malloc'd message naming the file and kernel in *error_out. The `warpest`
 * command opens the plugin with dlopen to read IR; the core never links LLVM. */
typedef int (*warpest_extract_model_from_ir_fn)(const char *path, const char *kernel,
	char **json_out, char **error_out);

#ifdef __cplusplus
}
#endif
#endif
