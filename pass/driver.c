/* The warpest pass: configuration, the estimator core (opened with dlopen),
 * remarks and metadata, and the IR front end for the `warpest` command. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "internal.h"

/* Lane evaluations one estimate may spend inside the compiler (about 0.1 to
 * 2 s); affine kernels need far fewer (stencil3d25: about 60 000). */
/* RTLD_DEEPBIND keeps the core bound to its own libisl rather than
 * libLLVM's copy. AddressSanitizer cannot run with it, so sanitizer builds
 * (CI's second pass over the suite) open the core without it. */
#if defined(__SANITIZE_ADDRESS__)
#define CORE_DLOPEN_DEEPBIND 0
#else
#define CORE_DLOPEN_DEEPBIND RTLD_DEEPBIND
#endif
#define WARPEST_PASS_WORK_LIMIT ((int64_t)30000000)

#include <dlfcn.h>
#include <errno.h>
#include <llvm-c/IRReader.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "warpest/warpest.h"

/* ---------- configuration ---------- */
void wp_config_init(wp_config *c)
{
	memset(c, 0, sizeof(*c));
	snprintf(c->gpu, sizeof c->gpu, "h100-sxm");
	c->trip_count = 1;
}

static int parse_dims(const char *v, int *d)
{
	int n = sscanf(v, "%dx%dx%d", &d[0], &d[1], &d[2]);
	if (n < 1)
		return -1;
	if (n < 2)
		d[1] = 1;
	if (n < 3)
		d[2] = 1;
	for (int i = 0; i < 3; i++)
		if (d[i] <= 0)
			return -1;
	char tail[4];
	char fmt[32];
	snprintf(fmt, sizeof fmt, "%%*dx%%*dx%%*d%%1s");
	if (n == 3 && sscanf(v, fmt, tail) == 1)
		return -1;
	for (const char *p = v; *p; p++)
		if (!((*p >= '0' && *p <= '9') || *p == 'x'))
			return -1;
	return 0;
}

static int parse_int(const char *v, long long *out)
{
	char *end;
	errno = 0;
	long long x = strtoll(v, &end, 10);
	if (errno || end == v || *end)
		return -1;
	*out = x;
	return 0;
}

static int set_param(wp_config *c, const char *name, long long v, char *err, size_t errlen)
{
	for (int i = 0; i < c->n_params; i++)
		if (strcmp(c->param_names[i], name) == 0) {
			c->param_values[i] = v;
			return 0;
		}
	if (c->n_params == WP_MAX_PARAMS) {
		snprintf(err, errlen, "too many parameter values (at most %d)", WP_MAX_PARAMS);
		return -1;
	}
	snprintf(c->param_names[c->n_params], sizeof c->param_names[0], "%s", name);
	c->param_values[c->n_params++] = v;
	return 0;
}

int wp_config_parse(wp_config *c, const char *text, int bare_params, char *err, size_t errlen)
{
	char *copy = strdup(text ? text : "");
	int rc = 0;
	for (char *save = NULL, *item = strtok_r(copy, ";", &save); item && !rc;
	     item = strtok_r(NULL, ";", &save)) {
		while (*item == ' ')
			item++;
		if (!*item)
			continue;
		char *eq = strchr(item, '=');
		const char *key = item, *val = eq ? eq + 1 : NULL;
		if (eq)
			*eq = 0;
		long long x = 0;
		if (!strcmp(key, "print-isl-version") && !val) {
			c->print_isl_version = 1;
		} else if (!strcmp(key, "no-estimate") && !val) {
			c->no_estimate = 1;
		} else if (!val) {
			snprintf(err, errlen, "parameter '%s' needs a value (key=value)", key);
			rc = -1;
		} else if (!strcmp(key, "gpu")) {
			snprintf(c->gpu, sizeof c->gpu, "%s", val);
		} else if (!strcmp(key, "block")) {
			if (parse_dims(val, c->block)) {
				snprintf(err, errlen, "bad block '%s' (expected e.g. 32x4x2)", val);
				rc = -1;
			}
			c->has_block = 1;
		} else if (!strcmp(key, "grid")) {
			if (parse_dims(val, c->grid)) {
				snprintf(err, errlen, "bad grid '%s' (expected e.g. 20x128x1)", val);
				rc = -1;
			}
			c->has_grid = 1;
		} else if (!strcmp(key, "param")) {
			char *colon = strchr(val, ':');
			if (!colon || colon == val || parse_int(colon + 1, &x)) {
				snprintf(err, errlen, "bad param '%s' (expected name:value, e.g. nx:640)", val);
				rc = -1;
			} else {
				*colon = 0;
				rc = set_param(c, val, x, err, errlen);
			}
		} else if (!strcmp(key, "registers")) {
			if (parse_int(val, &x) || x <= 0 || x > 255) {
				snprintf(err, errlen, "bad registers '%s' (expected 1..255)", val);
				rc = -1;
			}
			c->registers = (int)x;
		} else if (!strcmp(key, "trip-count")) {
			if (parse_int(val, &x) || x <= 0 || x > 1000000000) {
				snprintf(err, errlen, "bad trip-count '%s'", val);
				rc = -1;
			}
			c->trip_count = (int)x;
		} else if (!strcmp(key, "dump-model")) {
			snprintf(c->dump_dir, sizeof c->dump_dir, "%s", val);
		} else if (!strcmp(key, "tables")) {
			snprintf(c->tables, sizeof c->tables, "%s", val);
		} else if (!strcmp(key, "kernel")) {
			snprintf(c->kernel, sizeof c->kernel, "%s", val);
		} else if (bare_params && !parse_int(val, &x)) {
			rc = set_param(c, key, x, err, errlen);
		} else {
			snprintf(err, errlen,
				"unknown parameter '%s' (known: gpu, block, grid, param, registers, trip-count, "
				"dump-model, tables, kernel, print-isl-version, no-estimate)",
				key);
			rc = -1;
		}
	}
	free(copy);
	return rc;
}

WP_EXPORT int warpest_check_params(const char *params, char *err, size_t errlen)
{
	wp_config c;
	wp_config_init(&c);
	return wp_config_parse(&c, params, 0, err, errlen);
}

/* ---------- the core, through dlopen ---------- */
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

static core_api core;
static int core_tried;

static int try_open(const char *path)
{
	dlerror();
	void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL | CORE_DLOPEN_DEEPBIND);
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

static core_api *core_open(void)
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
		if (dladdr((void *)&core_open, &info) && info.dli_fname) {
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

/* ---------- remarks ---------- */
static void remark(LLVMValueRef fn, LLVMValueRef inst, const char *name, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static void remark(LLVMValueRef fn, LLVMValueRef inst, const char *name, const char *fmt, ...)
{
	char buf[4096];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	warpest_emit_remark(fn, inst, name, buf);
}

static void diag(LLVMModuleRef m, int warning, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void diag(LLVMModuleRef m, int warning, const char *fmt, ...)
{
	char buf[2048];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	warpest_emit_diag(m, warning, buf);
}

/* "key=value" pairs of the numbers and strings of a JSON object. */
static void pairs(json_object *o, char *buf, size_t len, const char *const *skip)
{
	size_t n = strlen(buf);
	json_object_object_foreach(o, key, val)
	{
		int s = 0;
		for (int i = 0; skip && skip[i]; i++)
			s |= strcmp(skip[i], key) == 0;
		if (s || n + 2 >= len)
			continue;
		json_type t = json_object_get_type(val);
		if (t == json_type_double)
			n += (size_t)snprintf(buf + n, len - n, "%s%s=%.3g", n ? ", " : "", key, json_object_get_double(val));
		else if (t == json_type_int || t == json_type_boolean || t == json_type_string)
			n += (size_t)snprintf(buf + n, len - n, "%s%s=%s", n ? ", " : "", key, json_object_get_string(val));
		else if (t == json_type_array || t == json_type_object)
			n += (size_t)snprintf(buf + n, len - n, "%s%s=%s", n ? ", " : "", key,
				json_object_to_json_string_ext(val, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE));
		if (n >= len)
			n = len - 1;
	}
}

static double jdouble(json_object *o, const char *key, double dflt)
{
	json_object *v;
	return json_object_object_get_ex(o, key, &v) ? json_object_get_double(v) : dflt;
}

static const char *jstring(json_object *o, const char *key, const char *dflt)
{
	json_object *v;
	return json_object_object_get_ex(o, key, &v) && json_object_is_type(v, json_type_string)
	           ? json_object_get_string(v)
	           : dflt;
}

static void set_fn_md(LLVMValueRef fn, const char *kind, LLVMMetadataRef md)
{
	LLVMContextRef ctx = LLVMGetModuleContext(LLVMGetGlobalParent(fn));
	unsigned id = LLVMGetMDKindIDInContext(ctx, kind, (unsigned)strlen(kind));
	LLVMGlobalSetMetadata(fn, id, LLVMMDNodeInContext2(ctx, &md, 1));
}

static void report_remarks(LLVMValueRef fn, const char *kname, const char *arch, const wp_kernel_info *info,
	json_object *rep, int estimated, const char *missing_note)
{
	const char *bottleneck = jstring(rep, "bottleneck", "?");
	double t = jdouble(rep, "predicted_seconds", 0);
	json_object *cfg, *v;
	char cfgtext[512] = "";
	if (json_object_object_get_ex(rep, "config", &cfg)) {
		static const char *const skip[] = {"params", NULL};
		pairs(cfg, cfgtext, sizeof cfgtext, skip);
	}
	LLVMContextRef ctx = LLVMGetModuleContext(LLVMGetGlobalParent(fn));
	if (estimated) {
		remark(fn, NULL, "Prediction", "%s (%s, %s): predicted %.3g us, bottleneck %s [%s]", kname, arch,
			jstring(rep, "gpu", "?"), t * 1e6, bottleneck, cfgtext);
		if (json_object_object_get_ex(rep, "limiters", &v) && json_object_is_type(v, json_type_array)) {
			char buf[2048] = "";
			size_t n = 0;
			for (size_t i = 0; i < json_object_array_length(v) && n < sizeof buf; i++) {
				json_object *l = json_object_array_get_idx(v, i);
				n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%s %.3g us (%.0f%%)", i ? ", " : "",
					jstring(l, "name", "?"), jdouble(l, "seconds", 0) * 1e6,
					100 * jdouble(l, "utilisation", 0));
			}
			remark(fn, NULL, "Limiters", "%s limiters: %s", kname, buf);
		}
		if (json_object_object_get_ex(rep, "layer_conditions", &v) && json_object_is_type(v, json_type_array))
			for (size_t i = 0; i < json_object_array_length(v); i++) {
				char buf[1024] = "";
				pairs(json_object_array_get_idx(v, i), buf, sizeof buf, NULL);
				remark(fn, NULL, "LayerCondition", "%s layer condition: %s", kname, buf);
			}
		if (json_object_object_get_ex(rep, "neighbours", &v) && json_object_is_type(v, json_type_array))
			for (size_t i = 0; i < json_object_array_length(v) && i < 3; i++) {
				char buf[1024] = "";
				pairs(json_object_array_get_idx(v, i), buf, sizeof buf, NULL);
				remark(fn, NULL, "Neighbour", "%s better configuration: %s", kname, buf);
			}
		LLVMMetadataRef b = LLVMMDStringInContext2(ctx, bottleneck, strlen(bottleneck));
		set_fn_md(fn, "warpest.bottleneck", b);
		LLVMValueRef tv = LLVMConstReal(LLVMDoubleTypeInContext(ctx), t);
		set_fn_md(fn, "warpest.predicted_seconds", LLVMValueAsMetadata(tv));
		LLVMMetadataRef c = LLVMMDStringInContext2(ctx, cfgtext, strlen(cfgtext));
		set_fn_md(fn, "warpest.config", c);
	} else if (missing_note) {
		remark(fn, NULL, "NeedsValues", "%s (%s): %s", kname, arch, missing_note);
	}
	/* per access: the report's entries, in model order */
	json_object *accs = NULL;
	int have = json_object_object_get_ex(rep, "accesses", &accs) && json_object_is_type(accs, json_type_array);
	for (int i = 0; i < info->n_accesses; i++) {
		char buf[2048] = "";
		if (have && (size_t)i < json_object_array_length(accs)) {
			static const char *const skip[] = {"field", "kind", "loc", "index", "offset", "space", "analysable", "reason", NULL};
			pairs(json_object_array_get_idx(accs, (size_t)i), buf, sizeof buf, skip);
		}
		const char *desc = info->access_text[i];
		int bad = strstr(desc, " not analysed: ") != NULL;
		remark(fn, info->access_inst[i], bad ? "Unanalysable" : "Access", "%s%s%s", desc, buf[0] ? ": " : "", buf);
	}
}

static void estimate_kernel(LLVMModuleRef m, LLVMValueRef fn, const char *kname, const char *arch,
	const wp_config *cfg, wp_kernel_info *info, const char *model_text)
{
	(void)m;
	core_api *api = core_open();
	if (!api) {
		remark(fn, NULL, "NoCore", "%s (%s): no estimate, the warpest core could not be opened (%s); set WARPEST_CORE_LIB",
			kname, arch, core.error[0] ? core.error : "not found");
		json_object *empty = json_object_new_object();
		report_remarks(fn, kname, arch, info, empty, 0, NULL);
		json_object_put(empty);
		return;
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
		if (patched && json_object_object_get_ex(patched, "params", &ps))
			for (size_t i = 0; i < json_object_array_length(ps); i++) {
				json_object *p = json_object_array_get_idx(ps, i), *v;
				if (!json_object_object_get_ex(p, "value", &v))
					json_object_object_add(p, "value", json_object_new_int(1024));
			}
		text = patched ? json_object_to_json_string_ext(patched, JSON_C_TO_STRING_PLAIN) : model_text;
		snprintf(note, sizeof note,
			"no prediction: the estimate needs values for %s (param=NAME:VALUE, WARPEST_CONFIG or "
			"WARPEST_LAUNCH); per-access figures below use 1024 for them",
			info->missing);
	}
	warpest_kernel *k = api->kernel_read_string(ctx, text, kname);
	warpest_hw *hw = k ? api->hw_find(ctx, cfg->tables[0] ? cfg->tables : NULL, cfg->gpu) : NULL;
	if (!k || !hw) {
		remark(fn, NULL, "CoreError", "%s (%s): the core rejected the %s: %s", kname, arch,
			!k ? "extracted model" : "gpu", api->ctx_last_error(ctx));
	} else {
		warpest_config wc;
		api->config_init(&wc);
		/* The compiler must stay responsive: kernels whose blocks cannot be
		 * grouped (non-affine guards or block remaps) are evaluated block by
		 * block; stop such an estimate and say so instead of stalling. */
		wc.work_limit = WARPEST_PASS_WORK_LIMIT;
		/* with placeholder parameter values neither the prediction nor the
		 * neighbours are reported: spend no compile time on them */
		wc.skip_neighbours = info->missing[0] != 0;
		if (cfg->registers)
			wc.registers = cfg->registers;
		if (cfg->has_grid)
			memcpy(wc.grid, cfg->grid, sizeof wc.grid);
		int ok = 1;
		if (cfg->has_block) {
			memcpy(wc.block, cfg->block, sizeof wc.block);
		} else if (info->missing[0]) {
			/* A ranking on placeholder values ranks nothing real, and a sweep
			 * of block shapes at those sizes costs seconds of compile time:
			 * the per-access figures come from the default block. */
			remark(fn, NULL, "Ranking", "%s (%s): no launch configuration and no values for %s: "
				"no ranking; per-access figures for block %dx%dx%d (give block=, or param= values "
				"for a ranking)", kname, arch, info->missing, wc.block[0], wc.block[1], wc.block[2]);
		} else {
			warpest_rank_options ro;
			api->rank_options_init(&ro);
			warpest_ranking *r = api->rank(ctx, k, hw, &wc, &ro);
			if (r && api->ranking_size(r) > 0) {
				const warpest_config *best = api->ranking_config(r, 0);
				memcpy(wc.block, best->block, sizeof wc.block);
				remark(fn, NULL, "Ranking", "%s (%s): no launch configuration given; best of %d block shapes: %dx%dx%d",
					kname, arch, api->ranking_size(r), wc.block[0], wc.block[1], wc.block[2]);
			} else {
				remark(fn, NULL, "CoreError", "%s (%s): ranking failed: %s", kname, arch, api->ctx_last_error(ctx));
				ok = 0;
			}
			if (r)
				api->ranking_free(r);
		}
		warpest_estimate *e = ok ? api->estimate_compute(ctx, k, hw, &wc) : NULL;
		if (e) {
			json = api->estimate_to_json(e);
			api->estimate_free(e);
			estimated = !info->missing[0];
		} else if (ok) {
			remark(fn, NULL, "CoreError", "%s (%s): no estimate: %s", kname, arch, api->ctx_last_error(ctx));
		}
	}
	/* no time built on nothing: when no access was analysed, every volume
	 * would rest on assumptions alone */
	if (estimated && info->n_accesses > 0 && info->n_unanalysable == info->n_accesses) {
		estimated = 0;
		remark(fn, NULL, "NoPrediction", "%s (%s): no prediction: none of its %d memory accesses could be "
			"analysed (see the accesses' reasons)", kname, arch, info->n_accesses);
	}
	json_object *rep = json ? json_tokener_parse(json) : NULL;
	if (!rep)
		rep = json_object_new_object();
	report_remarks(fn, kname, arch, info, rep, estimated, note[0] ? note : NULL);
	json_object_put(rep);
	free(json);
	if (patched)
		json_object_put(patched);
	if (hw)
		api->hw_free(hw);
	if (k)
		api->kernel_free(k);
	api->ctx_free(ctx);
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

static void config_text(const wp_config *c, char *buf, size_t len)
{
	size_t n = (size_t)snprintf(buf, len, "gpu=%s", c->gpu);
	if (c->has_block && n < len)
		n += (size_t)snprintf(buf + n, len - n, ";block=%dx%dx%d", c->block[0], c->block[1], c->block[2]);
	if (c->has_grid && n < len)
		n += (size_t)snprintf(buf + n, len - n, ";grid=%dx%dx%d", c->grid[0], c->grid[1], c->grid[2]);
	for (int i = 0; i < c->n_params && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, ";param=%s:%lld", c->param_names[i], c->param_values[i]);
}

WP_EXPORT void warpest_run_module(LLVMModuleRef m, const char *params)
{
	wp_config base;
	char err[1024];
	wp_config_init(&base);
	const char *env = getenv("WARPEST_CONFIG");
	if (env && wp_config_parse(&base, env, 0, err, sizeof err)) {
		diag(m, 1, "warpest: ignoring WARPEST_CONFIG: %s", err);
		wp_config_init(&base);
	}
	wp_config pass_cfg;
	wp_config_init(&pass_cfg);
	if (wp_config_parse(&pass_cfg, params, 0, err, sizeof err)) {
		diag(m, 1, "warpest: bad pass parameters: %s", err);
		return;
	}
	if (pass_cfg.print_isl_version) {
		core_api *api = core_open();
		const char *v = core.isl_version ? core.isl_version() : NULL;
		fprintf(stderr, "warpest: core %s, isl version %s\n", core.path[0] ? core.path : "(not found)",
			v ? v : api ? "(unknown)" : core.error);
	}
	if (!is_nvptx(m))
		return; /* host side of a CUDA compile */
	for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn)) {
		if (!wp_is_kernel(m, fn))
			continue;
		size_t len;
		const char *kname = LLVMGetValueName2(fn, &len);
		/* configuration: annotation < WARPEST_CONFIG < pass parameters */
		wp_config cfg;
		wp_config_init(&cfg);
		char *ann = annotation(m, fn);
		if (ann && wp_config_parse(&cfg, ann, 1, err, sizeof err))
			remark(fn, NULL, "BadAnnotation", "%s: ignoring part of WARPEST_LAUNCH: %s", kname, err);
		free(ann);
		if (env)
			wp_config_parse(&cfg, env, 0, err, sizeof err);
		wp_config_parse(&cfg, params, 0, err, sizeof err);
		if (cfg.kernel[0] && strcmp(cfg.kernel, kname) != 0)
			continue;
		char arch[64] = "nvptx";
		LLVMAttributeRef cpu = LLVMGetStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex, "target-cpu", 10);
		if (cpu) {
			unsigned l;
			const char *v = LLVMGetStringAttributeValue(cpu, &l);
			snprintf(arch, sizeof arch, "%.*s", (int)l, v);
		}
		wp_kernel_info info;
		if (wp_extract(m, fn, &cfg, &info, err, sizeof err)) {
			remark(fn, NULL, "Error", "%s (%s): extraction failed: %s", kname, arch, err);
			continue;
		}
		if (info.optnone)
			diag(m, 1,
				"warpest: kernel '%s' (%s) is not optimised (-O0): its IR keeps values in stack slots and "
				"the estimate is not meaningful; compile with -O2",
				kname, arch);
		char *text = wp_model_to_text(info.model);
		char cfgtext[512];
		config_text(&cfg, cfgtext, sizeof cfgtext);
		remark(fn, NULL, "Model", "%s (%s): %d accesses (%d not analysable), configuration %s", kname, arch,
			info.n_accesses, info.n_unanalysable, cfgtext);
		if (cfg.dump_dir[0]) {
			mkdir(cfg.dump_dir, 0777);
			char path[1400];
			snprintf(path, sizeof path, "%s/%s.json", cfg.dump_dir, kname);
			FILE *f = fopen(path, "w");
			if (!f || fputs(text, f) < 0)
				diag(m, 1, "warpest: cannot write %s: %s", path, strerror(errno));
			if (f)
				fclose(f);
		}
		if (cfg.no_estimate) {
			json_object *empty = json_object_new_object();
			report_remarks(fn, kname, arch, &info, empty, 0, NULL);
			json_object_put(empty);
		} else {
			estimate_kernel(m, fn, kname, arch, &cfg, &info, text);
		}
		free(text);
		wp_kernel_info_clear(&info);
	}
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
	LLVMDisposeModule(m);
	LLVMContextDispose(ctx);
	return rc;
}
