/* The warpest pass: configuration, estimates through the core (core_api.c),
 * remarks and metadata, and the IR front end for the `warpest` command. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "internal.h"

/* Sanitizer builds (CI's: address and undefined together) run several
 * times slower: their time limits are 5 times longer, so that the suite's
 * kernels are sampled where a normal build's are and no more (the
 * budget-ms= the remarks quote stays as given). */
#if defined(__SANITIZE_ADDRESS__)
#define TIME_LIMIT_SCALE 5
#else
#define TIME_LIMIT_SCALE 1
#endif
/* Lane evaluations one estimate may spend inside the compiler (about 0.1 to
 * 2 s); affine kernels need far fewer (stencil3d25: about 60 000). */
#define WARPEST_PASS_WORK_LIMIT ((int64_t)30000000)
/* Compile time a kernel's estimates may take by default (budget-ms=). */
#define WARPEST_PASS_BUDGET_MS 100
/* The share of it one estimate may take (the core's time limit). Past half
 * of that, the core samples blocks, and its repairs stop at twice the limit
 * at worst (docs/model.md §1, "Time limit"): 90 % of the budget, the rest
 * for extracting the model and reporting. */
#define WARPEST_PASS_ESTIMATE_SHARE 0.45
/* Under compile-share= (the default) and no budget-ms=, the one estimate a
 * kernel always gets takes that share too: its time limit is
 * WARPEST_PASS_ESTIMATE_SHARE of the kernel's part of the share, but of no
 * less than this (a sample of a few blocks a wave needs a few ms), and of no
 * more than the default budget. */
#define WARPEST_PASS_ESTIMATE_FLOOR_MS 10

/* The floor, or WARPEST_ESTIMATE_FLOOR_MS (1..3600000) where set: a build or
 * test machine that wants exact estimates over compile time (the lit suite
 * sets 100, the flat 45 ms limit of before, so that counts checked there do
 * not come from a sample on a loaded machine). */
static double estimate_floor_ms(void)
{
	const char *v = getenv("WARPEST_ESTIMATE_FLOOR_MS");
	char *end;
	double ms = v ? strtod(v, &end) : 0;
	return v && end != v && !*end && ms >= 1 && ms <= 3600000 ? ms : WARPEST_PASS_ESTIMATE_FLOOR_MS;
}
/* With placeholder parameter values no time is reported, only per-access
 * figures at made-up sizes: those may come from a smaller sample sooner. */
#define WARPEST_PASS_PLACEHOLDER_SHARE 0.03
/* Placeholder parameter values: a size, and a smaller value for what a
 * thread count subtracts (`Size - 1 - t`), so the launch is not empty. */
#define PLACEHOLDER_VALUE 1024
#define PLACEHOLDER_SUBTRACTED 16
/* ... and for an argument the kernel shifts by (the model's 2^P, valid up
 * to 2^40): 10, so that 2^P is the size placeholder again. */
#define PLACEHOLDER_SHIFT 10
/* Shapes of the full default sweep at most (powers of two, 32..1024 threads,
 * three dimensions), and of the sweep at 256 threads only. */
#define FULL_SWEEP_SHAPES 231
#define SWEEP_256_SHAPES 45

#include <errno.h>
#include <llvm-c/IRReader.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "core_api.h"
#include "warpest/warpest.h"

WP_EXPORT int warpest_check_params(const char *params, char *err, size_t errlen)
{
	wp_config c;
	wp_config_init(&c);
	return wp_config_parse(&c, params, 0, err, errlen);
}

/* ---------- diagnostics ---------- */
static void diag(LLVMModuleRef m, LLVMValueRef fn, int warning, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static void diag(LLVMModuleRef m, LLVMValueRef fn, int warning, const char *fmt, ...)
{
	char buf[2048];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	warpest_emit_diag(m, fn, warning, buf);
}

/* The compile's target sm_XY against the table's compute capability "X.Y":
 * a warning when they differ. */
static void check_arch(LLVMModuleRef m, LLVMValueRef fn, const wp_kernel_names *kn, json_object *rep)
{
	json_object *v;
	int maj, min, tmaj, tmin;
	if (!json_object_object_get_ex(rep, "compute_capability", &v) ||
	    sscanf(json_object_get_string(v), "%d.%d", &tmaj, &tmin) != 2)
		return;
	int sm;
	if (sscanf(kn->arch, "sm_%d", &sm) != 1)
		return;
	maj = sm / 10;
	min = sm % 10;
	if (maj == tmaj && min == tmin)
		return;
	const char *gpu = "?";
	if (json_object_object_get_ex(rep, "gpu", &v))
		gpu = json_object_get_string(v);
	diag(m, fn, 1,
		"warpest: kernel '%s' is compiled for %s but estimated on the table '%s' of compute capability %d.%d; "
		"name a table of the target with gpu= (`warpest gpus` lists them)",
		kn->display, kn->arch, gpu, tmaj, tmin);
}

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return 1e3 * (double)ts.tv_sec + 1e-6 * (double)ts.tv_nsec;
}

/* No block given: rank block shapes within the kernel's compile-time budget.
 * One estimate of the default block is timed first; the full sweep runs when
 * it fits in the budget at that cost, else the sweep of 256-thread shapes,
 * else none (the default block is kept), and the remark says which. The
 * best shape goes to wc->block. Without a ranking, the timed estimate is
 * the result (*kept, the caller's to free). Returns 0 when it failed. */
static int rank_in_budget(core_api *api, warpest_ctx *ctx, LLVMValueRef fn, const wp_kernel_names *kn,
	const warpest_kernel *k, const warpest_hw *hw, const optional_budget *ob, warpest_config *wc,
	warpest_estimate **kept)
{
	double budget = ob->ms;
	char words[160];
	wp_budget_words(ob, words, sizeof words);
	double t0 = now_ms();
	warpest_config probe = *wc;
	probe.skip_neighbours = 1;
	warpest_estimate *e = api->estimate_compute(ctx, k, hw, &probe);
	double one = now_ms() - t0;
	if (!e) {
		wp_kernel_note(fn, kn, "CoreError", "no estimate for block %dx%dx%d: %s",
			wc->block[0], wc->block[1], wc->block[2], api->ctx_last_error(ctx));
		return 0;
	}
	double left = budget - one;
	warpest_rank_options ro;
	api->rank_options_init(&ro);
	const char *sweep = "all block shapes";
	if (one * FULL_SWEEP_SHAPES > left) {
		ro.min_threads = ro.max_threads = 256;
		sweep = "256-thread shapes only";
	}
	if (one * SWEEP_256_SHAPES > left) {
		wp_kernel_note(fn, kn, "Ranking", "no launch configuration given; one estimate takes %.0f ms, "
			"so no ranking fits %s: block %dx%dx%d assumed",
			one, words, wc->block[0], wc->block[1], wc->block[2]);
		*kept = e;
		return 1;
	}
	warpest_ranking *r = api->rank(ctx, k, hw, wc, &ro);
	/* shapes the ranking could not estimate (the time limit) are not ranked */
	const warpest_config *best = r && api->ranking_size(r) > 0 ? api->ranking_config(r, 0) : NULL;
	if (best) {
		memcpy(wc->block, best->block, sizeof wc->block);
		wp_kernel_note(fn, kn, "Ranking", "no launch configuration given; best of %d block shapes: "
			"%dx%dx%d (%s, ranked in %.0f ms of %s)", api->ranking_size(r),
			wc->block[0], wc->block[1], wc->block[2], sweep, now_ms() - t0, words);
		api->estimate_free(e);
	} else {
		/* the probe's estimate stands: an estimate always (issue 13) */
		wp_kernel_note(fn, kn, "Ranking", "no launch configuration given; the ranking failed (%s): "
			"block %dx%dx%d assumed", r ? "no shape could be estimated within the time limit" :
			api->ctx_last_error(ctx), wc->block[0], wc->block[1], wc->block[2]);
		*kept = e;
	}
	if (r)
		api->ranking_free(r);
	/* the neighbour search costs a dozen estimates more */
	if (now_ms() - t0 + 12 * one > budget)
		wc->skip_neighbours = 1;
	return 1;
}

/* A block given: the neighbour search costs a dozen estimates more, so one
 * estimate without it is timed first. When a dozen more would not fit the
 * kernel's budget a remark says the search was skipped; else the search
 * runs on that estimate. Either way it is the result (*kept, the caller's
 * to free). Returns 0 when the estimate failed (a remark says why). */
static int neighbours_in_budget(core_api *api, warpest_ctx *ctx, LLVMValueRef fn,
	const wp_kernel_names *kn, const warpest_kernel *k, const warpest_hw *hw, const optional_budget *ob,
	const warpest_config *wc, warpest_estimate **kept)
{
	double budget = ob->ms;
	warpest_config probe = *wc;
	probe.skip_neighbours = 1;
	double t0 = now_ms();
	warpest_estimate *e = api->estimate_compute(ctx, k, hw, &probe);
	double one = now_ms() - t0;
	if (!e) {
		wp_kernel_note(fn, kn, "CoreError", "no estimate: %s", api->ctx_last_error(ctx));
		return 0;
	}
	if (13 * one > budget) {
		char words[160];
		wp_budget_words(ob, words, sizeof words);
		wp_kernel_note(fn, kn, "Ranking", "one estimate takes %.0f ms, so the search for better "
			"neighbouring configurations does not fit %s: skipped", one, words);
	} else if (api->estimate_search_neighbours(ctx, e, wc) != warpest_ok) {
		wp_kernel_note(fn, kn, "CoreError", "no search for better neighbouring configurations: %s",
			api->ctx_last_error(ctx));
	}
	*kept = e;
	return 1;
}

/* Returns 0, or -1 when the core could not be opened. */
static int estimate_kernel(LLVMModuleRef m, LLVMValueRef fn, const wp_kernel_names *kn, const wp_config *cfg,
	const optional_budget *ob, wp_kernel_info *info, const char *model_text, wp_hw_cache *hwc)
{
	const char *kname = kn->mangled, *arch = kn->arch;
	core_api *api = wp_core_open();
	if (!api) {
		wp_kernel_note(fn, kn, "NoCore", "no estimate, the warpest core could not be opened (%s); set WARPEST_CORE_LIB",
			wp_core()->error[0] ? wp_core()->error : "not found");
		json_object *empty = json_object_new_object();
		wp_report_remarks(fn, kn, info, empty, 0, NULL);
		json_object_put(empty);
		return -1;
	}
	warpest_ctx *ctx = api->ctx_alloc();
	char *json = NULL;
	char note[1024] = "";
	int estimated = 0;
	/* missing parameter values: placeholders so the per-access part still runs */
	const char *text = model_text;
	json_object *patched = NULL;
	if (info->missing[0]) {
		patched = json_tokener_parse(model_text);
		json_object *ps;
		char shifts[256] = "";
		if (patched && json_object_object_get_ex(patched, "params", &ps))
			for (size_t i = 0; i < json_object_array_length(ps); i++) {
				json_object *p = json_object_array_get_idx(ps, i), *v, *name;
				/* 2^P parameters follow P's placeholder (the core
				 * rejects a value of their own) */
				if (json_object_object_get_ex(p, "value", &v) ||
				    json_object_object_get_ex(p, "exp2_of", &v) ||
				    !json_object_object_get_ex(p, "name", &name))
					continue;
				const char *pn = json_object_get_string(name);
				int value = wp_name_listed(info->subtracted, pn) ? PLACEHOLDER_SUBTRACTED :
					PLACEHOLDER_VALUE;
				for (size_t j = 0; j < json_object_array_length(ps); j++) {
					json_object *of;
					if (json_object_object_get_ex(json_object_array_get_idx(ps, j), "exp2_of", &of) &&
					    strcmp(json_object_get_string(of), pn) == 0 && value != PLACEHOLDER_SHIFT) {
						value = PLACEHOLDER_SHIFT;
						size_t sl = strlen(shifts);
						snprintf(shifts + sl, sizeof shifts - sl, "%s%s", sl ? ", " : "", pn);
					}
				}
				json_object_object_add(p, "value", json_object_new_int(value));
			}
		text = patched ? json_object_to_json_string_ext(patched, JSON_C_TO_STRING_PLAIN) : model_text;
		char legend[1024], small[600] = "";
		wp_arg_legend(fn, kn, info->model, legend, sizeof legend);
		char sub[300] = "", sh[300] = "";
		if (info->subtracted[0])
			snprintf(sub, sizeof sub, "%s: %d, subtracted from a thread count", info->subtracted,
				PLACEHOLDER_SUBTRACTED);
		if (shifts[0])
			snprintf(sh, sizeof sh, "%s: %d, shifted by", shifts, PLACEHOLDER_SHIFT);
		if (sub[0] || sh[0])
			snprintf(small, sizeof small, " (%s%s%s)", sub, sub[0] && sh[0] ? "; " : "", sh);
		snprintf(note, sizeof note,
			"no prediction: the estimate needs values for %s (param=NAME:VALUE, WARPEST_CONFIG or "
			"WARPEST_LAUNCH); per-access figures below use %d for them%s%s%s",
			info->missing, PLACEHOLDER_VALUE, small, legend[0] ? "; " : "", legend);
	}
	warpest_kernel *k = api->kernel_read_string(ctx, text, kname);
	warpest_hw *hw = k ? wp_hw_cached(api, hwc, cfg->tables, cfg->gpu) : NULL;
	if (!k || !hw) {
		wp_kernel_note(fn, kn, "CoreError", "the core rejected the %s: %s", !k ? "extracted model" : "gpu",
			!k ? api->ctx_last_error(ctx) : hwc->error);
		if (k)
			diag(m, fn, 1, "warpest: kernel '%s' (%s): no estimate: %s", kn->display, arch, hwc->error);
	} else {
		warpest_config wc;
		api->config_init(&wc);
		/* The compiler must stay responsive: kernels whose blocks cannot be
		 * grouped (non-affine guards or block remaps) are evaluated block by
		 * block; stop such an estimate and say so instead of stalling. */
		wc.work_limit = WARPEST_PASS_WORK_LIMIT;
		double budget = cfg->budget_ms > 0 ? cfg->budget_ms : WARPEST_PASS_BUDGET_MS;
		/* a budget-ms= the user gave is the estimate's, share or not */
		if (ob->share >= 0 && cfg->budget_ms <= 0 && !info->missing[0] && ob->ms < budget) {
			double floor_ms = estimate_floor_ms();
			budget = ob->ms > floor_ms ? ob->ms : floor_ms;
		}
		wc.time_limit_ms = TIME_LIMIT_SCALE * (info->missing[0] ? WARPEST_PASS_PLACEHOLDER_SHARE :
			WARPEST_PASS_ESTIMATE_SHARE) * budget;
		/* with placeholder parameter values neither the prediction nor the
		 * neighbours are reported: spend no compile time on them */
		wc.skip_neighbours = info->missing[0] != 0;
		if (cfg->registers)
			wc.registers = cfg->registers;
		if (cfg->has_grid)
			memcpy(wc.grid, cfg->grid, sizeof wc.grid);
		int ok = 1;
		warpest_estimate *kept = NULL;
		if (cfg->has_block) {
			memcpy(wc.block, cfg->block, sizeof wc.block);
			if (!wc.skip_neighbours)
				ok = neighbours_in_budget(api, ctx, fn, kn, k, hw, ob, &wc, &kept);
		} else if (info->missing[0]) {
			/* A ranking on placeholder values ranks nothing real, and a sweep
			 * of block shapes at those sizes costs seconds of compile time:
			 * the per-access figures come from the default block. */
			wp_kernel_note(fn, kn, "Ranking", "no launch configuration and no values for %s: "
				"no ranking; per-access figures for block %dx%dx%d (give block=, or param= values "
				"for a ranking)", info->missing, wc.block[0], wc.block[1], wc.block[2]);
		} else {
			ok = rank_in_budget(api, ctx, fn, kn, k, hw, ob, &wc, &kept);
		}
		warpest_estimate *e = kept ? kept : ok ? api->estimate_compute(ctx, k, hw, &wc) : NULL;
		if (e) {
			json = api->estimate_to_json(e);
			api->estimate_free(e);
			estimated = !info->missing[0];
		} else if (ok) {
			wp_kernel_note(fn, kn, "CoreError", "no estimate: %s", api->ctx_last_error(ctx));
		}
	}
	/* no time built on nothing: when no access was analysed, every volume
	 * would rest on assumptions alone */
	if (estimated && info->n_accesses > 0 && info->n_unanalysable == info->n_accesses) {
		estimated = 0;
		wp_kernel_note(fn, kn, "NoPrediction", "no prediction: none of its %d memory accesses could be "
			"analysed (see the accesses' reasons)", info->n_accesses);
	}
	json_object *rep = json ? json_tokener_parse(json) : NULL;
	if (!rep)
		rep = json_object_new_object();
	/* the note replaces the assumptions' remarks: it says so itself */
	json_object *wave, *bs, *n_blocks, *of;
	if (note[0] && json_object_object_get_ex(rep, "wave", &wave) &&
	    json_object_object_get_ex(wave, "block_sample", &bs) &&
	    json_object_object_get_ex(bs, "blocks", &n_blocks) && json_object_object_get_ex(bs, "of", &of)) {
		size_t used = strlen(note);
		snprintf(note + used, sizeof note - used, "; they come from a sample of %lld of %lld blocks "
			"a wave (the time limit, docs/model.md §1)", (long long)json_object_get_int64(n_blocks),
			(long long)json_object_get_int64(of));
	}
	check_arch(m, fn, kn, rep);
	wp_report_remarks(fn, kn, info, rep, estimated, note[0] ? note : NULL);
	json_object_put(rep);
	free(json);
	if (patched)
		json_object_put(patched);
	if (k)
		api->kernel_free(k);
	api->ctx_free(ctx);
	return 0;
}

/* ---------- annotations ---------- */
static LLVMValueRef strip_casts(LLVMValueRef v)
{
	while (v && LLVMIsAConstantExpr(v) &&
	       (LLVMGetConstOpcode(v) == LLVMAddrSpaceCast || LLVMGetConstOpcode(v) == LLVMBitCast))
		v = LLVMGetOperand(v, 0);
	return v;
}

/* Settings string of `annotate("warpest:...")` on fn, or NULL (malloc'd). */
static char *annotation(LLVMModuleRef m, LLVMValueRef fn)
{
	LLVMValueRef ga = LLVMGetNamedGlobal(m, "llvm.global.annotations");
	if (!ga || !LLVMGetInitializer(ga))
		return NULL;
	LLVMValueRef arr = LLVMGetInitializer(ga);
	int n = LLVMGetNumOperands(arr);
	char *out = NULL;
	for (int i = 0; i < n; i++) {
		LLVMValueRef e = LLVMGetOperand(arr, (unsigned)i);
		if (LLVMGetNumOperands(e) < 2 || strip_casts(LLVMGetOperand(e, 0)) != fn)
			continue;
		LLVMValueRef s = strip_casts(LLVMGetOperand(e, 1));
		if (!s || !LLVMIsAGlobalVariable(s) || !LLVMGetInitializer(s))
			continue;
		size_t len;
		const char *str = LLVMGetAsString(LLVMGetInitializer(s), &len);
		if (str && len > 8 && strncmp(str, "warpest:", 8) == 0) {
			size_t old = out ? strlen(out) : 0;
			out = realloc(out, old + len + 2);
			snprintf(out + old, len + 2, "%s%.*s", old ? ";" : "", (int)(strnlen(str, len) - 8), str + 8);
		}
	}
	return out;
}

/* ---------- the module ---------- */
static int is_nvptx(LLVMModuleRef m)
{
	const char *t = LLVMGetTarget(m);
	return t && strncmp(t, "nvptx", 5) == 0;
}

/* The file name a kernel's model is dumped under: the kernel's name where
 * it is a plain identifier (mangled names are), else its safe characters
 * with '_' for the others and a hash of the whole name, so that a name like
 * "../x" or one longer than a file name cannot leave the dump directory or
 * collide with another kernel. */
static void dump_file_name(const char *kname, char *out, size_t size)
{
	size_t n = strlen(kname), w = 0;
	int changed = n == 0 || n > 120 || kname[0] == '.';
	for (size_t i = 0; i < n && w + 1 < size && w < 120; i++) {
		unsigned char ch = (unsigned char)kname[i];
		int safe = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
			ch == '_' || ch == '$' || ch == '.' || ch == '-';
		safe &= !(i == 0 && ch == '.'); /* no hidden files */
		out[w++] = safe ? (char)ch : '_';
		changed |= !safe;
	}
	out[w] = '\0';
	if (changed) {
		uint64_t h = 1469598103934665603ull; /* FNV-1a */
		for (size_t i = 0; i < n; i++)
			h = (h ^ (unsigned char)kname[i]) * 1099511628211ull;
		if (w + 18 >= size)
			w = size - 18;
		snprintf(out + w, size - w, "-%016llx", (unsigned long long)h);
	}
}

#define NAMES_HINT \
	"; source names need -g or -gline-tables-only (the declaration is read from the source file), " \
	"-fno-discard-value-names, or the kernel's __global__ declaration in the file compiled"

static int model_has_param(json_object *model, const char *name)
{
	json_object *ps, *n;
	if (!json_object_object_get_ex(model, "params", &ps) || !json_object_is_type(ps, json_type_array))
		return 0;
	for (size_t i = 0; i < json_object_array_length(ps); i++)
		if (json_object_object_get_ex(json_object_array_get_idx(ps, i), "name", &n) &&
		    !strcmp(json_object_get_string(n), name))
			return 1;
	return 0;
}

/* The configuration as the kernel sees it: the parameter values its model
 * has (one WARPEST_CONFIG may name every kernel's of a file). */
static void config_text(const wp_config *c, json_object *model, char *buf, size_t len)
{
	size_t n = (size_t)snprintf(buf, len, "gpu=%s", c->gpu);
	if (c->has_block && n < len)
		n += (size_t)snprintf(buf + n, len - n, ";block=%dx%dx%d", c->block[0], c->block[1], c->block[2]);
	if (c->has_grid && n < len)
		n += (size_t)snprintf(buf + n, len - n, ";grid=%dx%dx%d", c->grid[0], c->grid[1], c->grid[2]);
	for (int i = 0; i < c->n_params && n < len; i++)
		if (model_has_param(model, c->param_names[i]))
			n += (size_t)snprintf(buf + n, len - n, ";param=%s:%lld", c->param_names[i],
				c->param_values[i]);
}

WP_EXPORT void warpest_run_module(LLVMModuleRef m, const char *params)
{
	wp_config base;
	char err[1024];
	wp_config_init(&base);
	const char *env = getenv("WARPEST_CONFIG");
	if (env && wp_config_parse(&base, env, 0, err, sizeof err)) {
		diag(m, NULL, 1, "warpest: ignoring WARPEST_CONFIG: %s", err);
		wp_config_init(&base);
	}
	wp_config pass_cfg;
	wp_config_init(&pass_cfg);
	if (wp_config_parse(&pass_cfg, params, 0, err, sizeof err)) {
		diag(m, NULL, 1, "warpest: bad pass parameters: %s", err);
		return;
	}
	if (pass_cfg.print_isl_version) {
		core_api *api = wp_core_open();
		const core_api *c = wp_core();
		const char *v = c->isl_version ? c->isl_version() : NULL;
		fprintf(stderr, "warpest: core %s, isl version %s\n", c->path[0] ? c->path : "(not found)",
			v ? v : api ? "(unknown)" : c->error);
	}
	if (!is_nvptx(m))
		return; /* host side of a CUDA compile */
	/* names given in WARPEST_CONFIG or the pass parameters, and whether a
	 * kernel of the module has a parameter of that name */
	wp_config given;
	wp_config_init(&given);
	if (env)
		wp_config_parse(&given, env, 0, err, sizeof err);
	wp_config_parse(&given, params, 0, err, sizeof err);
	int matched[WP_MAX_PARAMS] = {0}, analysed = 0, core_warned = 0, kernels_left = 0;
	char legend[2048] = "", legend_kernel[512] = "";
	wp_hw_cache hwc;
	memset(&hwc, 0, sizeof hwc);
	/* clang's time so far; the pass's own from here on */
	double clang_ms = wp_cpu_ms();
	for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn))
		kernels_left += wp_is_kernel(m, fn) != 0;
	for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn)) {
		if (!wp_is_kernel(m, fn))
			continue;
		int later = --kernels_left; /* kernels after this one */
		wp_kernel_names kn;
		size_t len;
		kn.mangled = LLVMGetValueName2(fn, &len);
		char *dm = warpest_demangle(kn.mangled, 0);
		snprintf(kn.display, sizeof kn.display, "%s", dm ? dm : kn.mangled);
		free(dm);
		dm = warpest_demangle(kn.mangled, 1);
		snprintf(kn.signature, sizeof kn.signature, "%s", dm ? dm : "");
		free(dm);
		snprintf(kn.arch, sizeof kn.arch, "nvptx");
		LLVMAttributeRef cpu = LLVMGetStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex, "target-cpu", 10);
		if (cpu) {
			unsigned l;
			const char *v = LLVMGetStringAttributeValue(cpu, &l);
			snprintf(kn.arch, sizeof kn.arch, "%.*s", (int)l, v);
		}
		/* configuration: annotation < WARPEST_CONFIG < pass parameters */
		wp_config cfg, ann_cfg;
		wp_config_init(&cfg);
		wp_config_init(&ann_cfg);
		char *ann = annotation(m, fn);
		if (ann && wp_config_parse(&cfg, ann, 1, err, sizeof err))
			diag(m, fn, 1, "warpest: kernel '%s': ignoring part of WARPEST_LAUNCH: %s", kn.display, err);
		if (ann)
			wp_config_parse(&ann_cfg, ann, 1, err, sizeof err);
		free(ann);
		if (env)
			wp_config_parse(&cfg, env, 0, err, sizeof err);
		wp_config_parse(&cfg, params, 0, err, sizeof err);
		if (cfg.kernel[0] && strcmp(cfg.kernel, kn.mangled) != 0 && strcmp(cfg.kernel, kn.display) != 0)
			continue;
		wp_kernel_info info;
		if (wp_extract(m, fn, &cfg, &info, err, sizeof err)) {
			wp_kernel_note(fn, &kn, "Error", "extraction failed: %s", err);
			continue;
		}
		analysed++;
		if (info.optnone)
			diag(m, fn, 1,
				"warpest: kernel '%s' (%s) is not optimised (-O0): its IR keeps values in stack slots and "
				"the estimate is not meaningful; compile with -O2",
				kn.display, kn.arch);
		char kl[1024];
		wp_arg_legend(fn, &kn, info.model, kl, sizeof kl);
		for (int i = 0; i < given.n_params; i++)
			matched[i] |= model_has_param(info.model, given.param_names[i]);
		for (int i = 0; i < ann_cfg.n_params; i++)
			if (!model_has_param(info.model, ann_cfg.param_names[i]))
				diag(m, fn, 1, "warpest: kernel '%s' (%s): WARPEST_LAUNCH names '%s', which matches no parameter%s%s%s",
					kn.display, kn.arch, ann_cfg.param_names[i], kl[0] ? "; " : "", kl, kl[0] ? NAMES_HINT : "");
		if (kl[0] && !legend[0]) {
			snprintf(legend, sizeof legend, "%s", kl);
			snprintf(legend_kernel, sizeof legend_kernel, "%s", kn.display);
		}
		char *text = wp_model_to_text(info.model);
		char cfgtext[512];
		config_text(&cfg, info.model, cfgtext, sizeof cfgtext);
		wp_remark *r = wp_kernel_remark(&kn, "Model", NULL);
		wp_rarg(r, "Accesses", "%d", info.n_accesses);
		wp_rtext(r, " accesses (");
		wp_rarg(r, "Unanalysable", "%d", info.n_unanalysable);
		wp_rtext(r, " not analysable), configuration ");
		warpest_remark_arg(r, "Configuration", cfgtext);
		if (kn.signature[0]) {
			wp_rtext(r, "; ");
			warpest_remark_arg(r, "Signature", kn.signature);
		}
		if (kl[0]) {
			wp_rtext(r, "; no source names: ");
			warpest_remark_arg(r, "Unnamed", kl);
		}
		warpest_remark_emit(fn, NULL, r);
		if (cfg.dump_dir[0]) {
			mkdir(cfg.dump_dir, 0777);
			char path[1400], file[160];
			dump_file_name(kn.mangled, file, sizeof file);
			snprintf(path, sizeof path, "%s/%s.json", cfg.dump_dir, file);
			FILE *f = fopen(path, "w");
			if (!f || fputs(text, f) < 0)
				diag(m, fn, 1, "warpest: cannot write %s: %s", path, strerror(errno));
			if (f)
				fclose(f);
		}
		if (cfg.no_estimate) {
			json_object *empty = json_object_new_object();
			wp_report_remarks(fn, &kn, &info, empty, 0, NULL);
			json_object_put(empty);
		} else {
			optional_budget ob = wp_kernel_budget(&cfg, WARPEST_PASS_BUDGET_MS, clang_ms,
				wp_cpu_ms() - clang_ms, later + 1);
			if (estimate_kernel(m, fn, &kn, &cfg, &ob, &info, text, &hwc) && !core_warned) {
				core_warned = 1;
				diag(m, NULL, 1, "warpest: no estimates: the warpest core could not be opened (%s); set "
					"WARPEST_CORE_LIB", wp_core()->error[0] ? wp_core()->error : "not found");
			}
		}
		free(text);
		wp_kernel_info_clear(&info);
	}
	wp_hw_cache_clear(&hwc);
	wp_source_names_release();
	for (int i = 0; i < given.n_params && analysed; i++)
		if (!matched[i])
			diag(m, NULL, 1, "warpest: parameter value '%s' matches no parameter of the kernels analysed%s%s%s%s%s",
				given.param_names[i], legend[0] ? " (" : "", legend_kernel, legend[0] ? ": " : "", legend,
				legend[0] ? ")" NAMES_HINT : "");
}

/* ---------- IR front end for the warpest command ---------- */
static char *dupf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static char *dupf(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *s = NULL;
	if (vasprintf(&s, fmt, ap) < 0)
		s = NULL;
	va_end(ap);
	return s;
}

WP_EXPORT int warpest_extract_model_from_ir(const char *path, const char *kernel, char **json_out, char **error_out)
{
	*json_out = NULL;
	if (error_out)
		*error_out = NULL;
	LLVMMemoryBufferRef buf;
	char *msg = NULL;
	if (LLVMCreateMemoryBufferWithContentsOfFile(path, &buf, &msg)) {
		if (error_out)
			*error_out = dupf("%s: cannot read: %s", path, msg ? msg : "?");
		LLVMDisposeMessage(msg);
		return 1;
	}
	LLVMContextRef ctx = LLVMContextCreate();
	LLVMModuleRef m;
	if (LLVMParseIRInContext(ctx, buf, &m, &msg)) {
		if (error_out)
			*error_out = dupf("%s: not LLVM IR: %s", path, msg ? msg : "?");
		LLVMDisposeMessage(msg);
		LLVMContextDispose(ctx);
		return 1;
	}
	LLVMValueRef found = NULL;
	int nk = 0;
	char names[1024] = "";
	for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn)) {
		if (!wp_is_kernel(m, fn))
			continue;
		size_t len;
		const char *n = LLVMGetValueName2(fn, &len);
		size_t used = strlen(names);
		snprintf(names + used, sizeof names - used, "%s%s", used ? ", " : "", n);
		nk++;
		if (!kernel || strcmp(kernel, n) == 0)
			found = fn;
	}
	int rc = 1;
	if (!found || (!kernel && nk > 1)) {
		if (error_out)
			*error_out = !nk ? dupf("%s: no kernel in the module", path)
			             : kernel ? dupf("%s: no kernel '%s' (kernels: %s)", path, kernel, names)
			                      : dupf("%s: several kernels (%s): name one", path, names);
	} else {
		wp_config cfg;
		wp_config_init(&cfg);
		wp_kernel_info info;
		char err[512];
		if (wp_extract(m, found, &cfg, &info, err, sizeof err)) {
			if (error_out)
				*error_out = dupf("%s: %s: %s", path, kernel ? kernel : names, err);
		} else {
			*json_out = wp_model_to_text(info.model);
			wp_kernel_info_clear(&info);
			rc = 0;
		}
	}
	wp_source_names_release();
	LLVMDisposeModule(m);
	LLVMContextDispose(ctx);
	return rc;
}
