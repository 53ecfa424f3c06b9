/* The estimator core as the pass sees it: libwarpest-core.so opened with
 * dlopen on first use (so that a compile that never estimates does not load
 * it, and the core keeps its own isl), its entry points, and the hardware
 * table a module's kernels share (core_api.c). */
#ifndef WARPEST_PASS_CORE_API_H
#define WARPEST_PASS_CORE_API_H

#include "warpest/warpest.h"

typedef struct core_api {
	void *h;
	char path[1024];
	char error[1024];
	warpest_ctx *(*ctx_alloc)(void);
	void (*ctx_free)(warpest_ctx *);
	const char *(*ctx_last_error)(const warpest_ctx *);
	warpest_hw *(*hw_find)(warpest_ctx *, const char *, const char *);
	void (*hw_free)(warpest_hw *);
	warpest_kernel *(*kernel_read_string)(warpest_ctx *, const char *, const char *);
	void (*kernel_free)(warpest_kernel *);
	void (*config_init)(warpest_config *);
	warpest_estimate *(*estimate_compute)(warpest_ctx *, const warpest_kernel *, const warpest_hw *,
		const warpest_config *);
	warpest_status (*estimate_search_neighbours)(warpest_ctx *, warpest_estimate *, const warpest_config *);
	void (*estimate_free)(warpest_estimate *);
	char *(*estimate_to_json)(const warpest_estimate *);
	void (*rank_options_init)(warpest_rank_options *);
	warpest_ranking *(*rank)(warpest_ctx *, const warpest_kernel *, const warpest_hw *,
		const warpest_config *, const warpest_rank_options *);
	void (*ranking_free)(warpest_ranking *);
	int (*ranking_size)(const warpest_ranking *);
	const warpest_config *(*ranking_config)(const warpest_ranking *, int);
	const char *(*isl_version)(void);
} core_api;

/* The core's entry points, or NULL when it cannot be opened (the reason in
 * wp_core()->error); opened once a process. */
core_api *wp_core_open(void);
/* The state, opened or not: path, error, isl_version (which a partial core
 * may still have). */
const core_api *wp_core(void);

/* The hardware table of a module's kernels: read once a module, not once a
 * kernel (parsing it was a fifth of the plugin's time on many-kernel files). */
typedef struct wp_hw_cache {
	char tables[1024];
	char gpu[64];
	warpest_hw *hw;  /* NULL when the last lookup failed; owned here */
	char error[512]; /* why it failed */
	int valid;
} wp_hw_cache;

/* The table `gpu` in directory `tables` ("" for the default), or NULL with
 * the core's message in c->error. The result stays c's. */
warpest_hw *wp_hw_cached(core_api *api, wp_hw_cache *c, const char *tables, const char *gpu);
void wp_hw_cache_clear(wp_hw_cache *c);

#endif
