/* Opening the estimator core with dlopen, and the hardware table a module's
 * kernels share. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "core_api.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* RTLD_DEEPBIND keeps the core bound to its own libisl rather than
 * libLLVM's copy. AddressSanitizer cannot run with it, so sanitizer builds
 * (CI's second pass over the suite) open the core without it. */
#if defined(__SANITIZE_ADDRESS__)
#define CORE_DLOPEN_DEEPBIND 0
#else
#define CORE_DLOPEN_DEEPBIND RTLD_DEEPBIND
#endif

static core_api core;
static int core_tried;

static int try_open(const char *path)
{
	dlerror();
	/* lazy: binding every symbol of the core and of isl at once took 1 ms
	 * of each compile (the core's own entry points are looked up below) */
	void *h = dlopen(path, RTLD_LAZY | RTLD_LOCAL | CORE_DLOPEN_DEEPBIND);
	if (!h) {
		const char *e = dlerror();
		snprintf(core.error, sizeof core.error, "%s", e ? e : path);
		return 0;
	}
	core.h = h;
	snprintf(core.path, sizeof core.path, "%s", path);
	return 1;
}

#define SYM(field, name)                                                                   \
	do {                                                                               \
		*(void **)(&core.field) = dlsym(core.h, name);                             \
		if (!core.field) {                                                         \
			snprintf(core.error, sizeof core.error, "%s lacks %s", core.path, name); \
			ok = 0;                                                            \
		}                                                                          \
	} while (0)

core_api *wp_core_open(void)
{
	if (core_tried)
		return core.ctx_alloc ? &core : NULL;
	core_tried = 1;
	const char *env = getenv("WARPEST_CORE_LIB");
	int opened = 0;
	if (env && *env) {
		opened = try_open(env);
	} else {
		Dl_info info;
		char dir[1024] = ".";
		if (dladdr((void *)&wp_core_open, &info) && info.dli_fname) {
			snprintf(dir, sizeof dir, "%s", info.dli_fname);
			char *slash = strrchr(dir, '/');
			if (slash)
				*slash = 0;
			else
				snprintf(dir, sizeof dir, ".");
		}
		static const char *rel[] = {"%s/libwarpest-core.so", "%s/../runtime/libwarpest-core.so",
			"%s/../lib/libwarpest-core.so", "%s/../lib64/libwarpest-core.so"};
		char first_error[1024] = "";
		for (size_t i = 0; i < sizeof rel / sizeof rel[0] && !opened; i++) {
			char p[1200];
			snprintf(p, sizeof p, rel[i], dir);
			struct stat st;
			if (stat(p, &st) == 0)
				opened = try_open(p);
			if (!opened && core.error[0] && !first_error[0])
				snprintf(first_error, sizeof first_error, "%s", core.error);
		}
		if (!opened)
			opened = try_open("libwarpest-core.so");
		if (!opened && first_error[0])
			snprintf(core.error, sizeof core.error, "%s", first_error);
	}
	if (!opened)
		return NULL;
	int ok = 1;
	SYM(ctx_alloc, "warpest_ctx_alloc");
	SYM(ctx_free, "warpest_ctx_free");
	SYM(ctx_last_error, "warpest_ctx_last_error");
	SYM(hw_find, "warpest_hw_find");
	SYM(hw_free, "warpest_hw_free");
	SYM(kernel_read_string, "warpest_kernel_read_string");
	SYM(kernel_free, "warpest_kernel_free");
	SYM(config_init, "warpest_config_init");
	SYM(estimate_compute, "warpest_estimate_compute");
	SYM(estimate_search_neighbours, "warpest_estimate_search_neighbours");
	SYM(estimate_free, "warpest_estimate_free");
	SYM(estimate_to_json, "warpest_estimate_to_json");
	SYM(rank_options_init, "warpest_rank_options_init");
	SYM(rank, "warpest_rank");
	SYM(ranking_free, "warpest_ranking_free");
	SYM(ranking_size, "warpest_ranking_size");
	SYM(ranking_config, "warpest_ranking_config");
	*(void **)(&core.isl_version) = dlsym(core.h, "warpest_isl_version");
	if (!ok) {
		/* keep the handle: a partial core may still report its isl version */
		core.ctx_alloc = NULL;
		return NULL;
	}
	return &core;
}

const core_api *wp_core(void)
{
	return &core;
}

warpest_hw *wp_hw_cached(core_api *api, wp_hw_cache *c, const char *tables, const char *gpu)
{
	if (c->valid && strcmp(c->tables, tables) == 0 && strcmp(c->gpu, gpu) == 0)
		return c->hw;
	if (c->hw)
		api->hw_free(c->hw);
	warpest_ctx *ctx = api->ctx_alloc();
	c->hw = ctx ? api->hw_find(ctx, tables[0] ? tables : NULL, gpu) : NULL;
	snprintf(c->error, sizeof c->error, "%s", ctx ? api->ctx_last_error(ctx) : "out of memory");
	if (ctx)
		api->ctx_free(ctx);
	snprintf(c->tables, sizeof c->tables, "%s", tables);
	snprintf(c->gpu, sizeof c->gpu, "%s", gpu);
	c->valid = 1;
	return c->hw;
}

void wp_hw_cache_clear(wp_hw_cache *c)
{
	if (c->hw) /* only an opened core made it */
		core.hw_free(c->hw);
	memset(c, 0, sizeof *c);
}
