/* The `warpest` command: estimate, rank, gpus, profile-atomics.
 * Bad input: one message on stderr naming the file, field or column, exit
 * code 2, nothing on stdout. */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli_verbs.h"
#include "hardware/hw_list.h"
#include "warpest/warpest.h"

#define EXIT_USAGE 2

static const char *const main_usage =
	"usage: warpest <verb> [options]\n"
	"\n"
	"Static GPU performance estimates from a kernel model (JSON) or NVPTX IR.\n"
	"\n"
	"verbs:\n"
	"  estimate         one launch configuration: volumes, limiters, bottleneck\n"
	"  rank             sweep block shapes (and variants), best first\n"
	"  gpus             list the hardware tables\n"
	"  profile-atomics  shared-memory atomic utilisation from an Nsight Compute CSV\n"
	"\n"
	"`warpest <verb> --help` describes each verb.\n";

static const char *const estimate_usage =
	"usage: warpest estimate MODEL.json|KERNEL.ll|KERNEL.bc --gpu ID [options]\n"
	"\n"
	"  --gpu ID               hardware table id (see `warpest gpus`)\n"
	"  --block X Y Z | XxYxZ  threads per block (default 256 1 1)\n"
	"  --grid X Y Z | XxYxZ   blocks per grid (default: from the model)\n"
	"  --variant NAME         a variant declared by the model (e.g. fold2y)\n"
	"  --param NAME=VALUE     a parameter value (repeatable)\n"
	"  --registers N          registers per thread (default: the model's, else 32)\n"
	"  --shared-dynamic N     dynamic shared memory per block in bytes\n"
	"  --kernel NAME          kernel to extract from IR input\n"
	"  --tables DIR           directory of hardware tables\n"
	"  --work-limit N         lane evaluations an estimate may spend (default 2^28; 0: none)\n"
	"  --json                 the report as JSON (docs/report-format.md)\n";

static const char *const rank_usage =
	"usage: warpest rank MODEL.json|KERNEL.ll|KERNEL.bc --gpu ID [options]\n"
	"\n"
	"Evaluates every power-of-two block shape with min..max threads, for every\n"
	"variant of the model, and prints them ranked by predicted time. Block\n"
	"dimensions the model never reads (no tid or ntid of y or z) stay 1.\n"
	"\n"
	"  --gpu ID               hardware table id\n"
	"  --top K                print the K best (default 10; 0: all)\n"
	"  -j N                   worker threads (default: the number of online CPUs)\n"
	"  --min-threads N        smallest block (default 32)\n"
	"  --max-threads N        largest block (default 1024)\n"
	"  --variant NAME         rank this variant only\n"
	"  --all-shapes           also widen dimensions the model never reads\n"
	"  --param NAME=VALUE     a parameter value (repeatable)\n"
	"  --registers N, --shared-dynamic N, --kernel NAME, --tables DIR, --json,\n"
	"  --work-limit N (per configuration; those past it are left out)\n";

static const char *const gpus_usage =
	"usage: warpest gpus [--tables DIR] [--json]\n"
	"\n"
	"Lists the hardware tables found in DIR (default: $WARPEST_TABLES, then the\n"
	"tables installed with warpest).\n";

typedef struct options {
	const char *input, *gpu, *kernel, *tables;
	warpest_config config;
	int json, top, jobs, min_threads, max_threads;
	int variant_given;
	int all_shapes;
	char param_names[WARPEST_MAX_PARAM_OVERRIDES][64];
} options;

static int usage_error(const char *verb, const char *fmt, const char *arg)
{
	fprintf(stderr, "warpest %s: ", verb);
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\n(see `warpest %s --help`)\n", verb);
	return EXIT_USAGE;
}

static int parse_int(const char *s, long min, long max, int *out)
{
	char *end;
	errno = 0;
	long v = strtol(s, &end, 10);
	if (errno || end == s || *end || v < min || v > max)
		return -1;
	*out = (int)v;
	return 0;
}

/* Reads "X Y Z" (three arguments) or "XxYxZ" (one). Returns arguments used or -1. */
static int parse_xyz(int argc, char **argv, int i, int *v)
{
	if (i >= argc)
		return -1;
	if (strchr(argv[i], 'x')) {
		char buf[64];
		snprintf(buf, sizeof(buf), "%s", argv[i]);
		char *save = NULL, *tok = strtok_r(buf, "x", &save);
		int d = 0;
		v[1] = v[2] = 1;
		while (tok && d < 3) {
			if (parse_int(tok, 1, INT_MAX, &v[d++]))
				return -1;
			tok = strtok_r(NULL, "x", &save);
		}
		return tok ? -1 : 1;
	}
	int d = 0;
	for (; d < 3 && i + d < argc; d++)
		if (parse_int(argv[i + d], 1, INT_MAX, &v[d]))
			break;
	if (d == 0)
		return -1;
	for (int j = d; j < 3; j++)
		v[j] = 1;
	return d;
}

static int parse_options(const char *verb, int argc, char **argv, options *o, const char *usage)
{
	memset(o, 0, sizeof(*o));
	warpest_config_init(&o->config);
	o->top = 10;
	o->jobs = (int)sysconf(_SC_NPROCESSORS_ONLN);
	if (o->jobs < 1)
		o->jobs = 1;
	o->min_threads = 32;
	o->max_threads = 1024;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
			fputs(usage, stdout);
			return 1;
		} else if (strcmp(a, "--json") == 0)
			o->json = 1;
		else if (strcmp(a, "--all-shapes") == 0)
			o->all_shapes = 1;
		else if (strcmp(a, "--gpu") == 0 && i + 1 < argc)
			o->gpu = argv[++i];
		else if (strcmp(a, "--kernel") == 0 && i + 1 < argc)
			o->kernel = argv[++i];
		else if (strcmp(a, "--tables") == 0 && i + 1 < argc)
			o->tables = argv[++i];
		else if (strcmp(a, "--variant") == 0 && i + 1 < argc) {
			o->config.variant = argv[++i];
			o->variant_given = 1;
		} else if (strcmp(a, "--block") == 0 || strcmp(a, "--grid") == 0) {
			int *v = a[2] == 'b' ? o->config.block : o->config.grid;
			int used = parse_xyz(argc, argv, i + 1, v);
			if (used < 0)
				return usage_error(verb, "%s needs X Y Z or XxYxZ with positive integers", a);
			i += used;
		} else if (strcmp(a, "--work-limit") == 0 && i + 1 < argc) {
			char *end;
			errno = 0;
			o->config.work_limit = strtoll(argv[++i], &end, 10);
			if (errno || *end || end == argv[i] || o->config.work_limit < 0)
				return usage_error(verb, "%s", "--work-limit needs a non-negative integer");
		} else if (strcmp(a, "--param") == 0 && i + 1 < argc) {
			const char *p = argv[++i], *eq = strchr(p, '=');
			int n = o->config.n_params;
			char *end;
			if (!eq || eq == p || (size_t)(eq - p) >= sizeof(o->param_names[0]))
				return usage_error(verb, "--param needs NAME=VALUE, got '%s'", p);
			if (n >= WARPEST_MAX_PARAM_OVERRIDES)
				return usage_error(verb, "%s", "too many --param options");
			errno = 0;
			long long v = strtoll(eq + 1, &end, 10);
			if (errno || *end || end == eq + 1)
				return usage_error(verb, "--param value must be an integer, got '%s'", p);
			memcpy(o->param_names[n], p, (size_t)(eq - p));
			o->param_names[n][eq - p] = '\0';
			o->config.param_names[n] = o->param_names[n];
			o->config.param_values[n] = v;
			o->config.n_params++;
		} else if ((strcmp(a, "--registers") == 0 || strcmp(a, "--shared-dynamic") == 0 ||
			    strcmp(a, "--top") == 0 || strcmp(a, "-j") == 0 ||
			    strcmp(a, "--min-threads") == 0 || strcmp(a, "--max-threads") == 0) &&
			   i + 1 < argc) {
			int v;
			if (parse_int(argv[++i], 0, INT_MAX, &v))
				return usage_error(verb, "%s needs a non-negative integer", a);
			if (strcmp(a, "--registers") == 0) {
				if (v > 255)
					return usage_error(verb, "%s", "--registers must be at most 255");
				o->config.registers = v;
			} else if (strcmp(a, "--shared-dynamic") == 0)
				o->config.shared_dynamic = v;
			else if (strcmp(a, "--top") == 0)
				o->top = v;
			else if (strcmp(a, "-j") == 0)
				o->jobs = v < 1 ? 1 : v;
			else if (strcmp(a, "--min-threads") == 0)
				o->min_threads = v;
			else
				o->max_threads = v;
		} else if (a[0] == '-')
			return usage_error(verb, "unknown or incomplete option '%s'", a);
		else if (!o->input)
			o->input = a;
		else
			return usage_error(verb, "unexpected argument '%s'", a);
	}
	return 0;
}

static int ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* Opens the pass plugin, which holds the IR front end (the core has no LLVM). */
static warpest_extract_model_from_ir_fn find_ir_frontend(char *why, size_t why_size)
{
	char candidates[4][PATH_MAX];
	int n = 0;
	const char *env = getenv("WARPEST_PLUGIN");
	if (env)
		snprintf(candidates[n++], PATH_MAX, "%s", env);
	char exe[PATH_MAX];
	ssize_t len = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (len > 0) {
		exe[len] = '\0';
		char *slash = strrchr(exe, '/');
		if (slash) {
			*slash = '\0';
			snprintf(candidates[n++], PATH_MAX, "%.3900s/pass/libwarpest.so", exe);
			snprintf(candidates[n++], PATH_MAX, "%.3900s/../lib/libwarpest.so", exe);
		}
	}
	for (int i = 0; i < n; i++) {
		if (access(candidates[i], R_OK) != 0)
			continue;
		void *h = dlopen(candidates[i], RTLD_NOW | RTLD_LOCAL);
		if (!h) {
			snprintf(why, why_size, "cannot load %s: %s", candidates[i], dlerror());
			return NULL;
		}
		void *f = dlsym(h, "warpest_extract_model_from_ir");
		if (!f) {
			snprintf(why, why_size, "%s has no IR front end", candidates[i]);
			return NULL;
		}
		warpest_extract_model_from_ir_fn fn;
		memcpy(&fn, &f, sizeof(fn));
		return fn;
	}
	snprintf(why, why_size, "the pass plugin libwarpest.so was not found (set WARPEST_PLUGIN)");
	return NULL;
}

static warpest_kernel *load_kernel(warpest_ctx *ctx, const options *o, const char *verb)
{
	if (!o->input) {
		usage_error(verb, "%s", "no kernel model or IR file given");
		return NULL;
	}
	if (ends_with(o->input, ".ll") || ends_with(o->input, ".bc")) {
		char why[PATH_MAX + 128];
		warpest_extract_model_from_ir_fn extract = find_ir_frontend(why, sizeof(why));
		if (!extract) {
			fprintf(stderr, "warpest %s: %s: %s\n", verb, o->input, why);
			return NULL;
		}
		char *json = NULL, *err = NULL;
		if (extract(o->input, o->kernel, &json, &err) != 0) {
			fprintf(stderr, "warpest %s: %s\n", verb, err ? err : "IR extraction failed");
			free(err);
			free(json);
			return NULL;
		}
		char origin[PATH_MAX + 64];
		snprintf(origin, sizeof(origin), "%s (kernel %s)", o->input, o->kernel ? o->kernel : "");
		warpest_kernel *k = warpest_kernel_read_string(ctx, json, origin);
		free(json);
		if (!k)
			fprintf(stderr, "warpest %s: %s\n", verb, warpest_ctx_last_error(ctx));
		return k;
	}
	warpest_kernel *k = warpest_kernel_read_file(ctx, o->input);
	if (!k)
		fprintf(stderr, "warpest %s: %s\n", verb, warpest_ctx_last_error(ctx));
	return k;
}

static warpest_hw *load_hw(warpest_ctx *ctx, const options *o, const char *verb)
{
	if (!o->gpu) {
		usage_error(verb, "%s", "--gpu ID is required (see `warpest gpus`)");
		return NULL;
	}
	warpest_hw *hw = warpest_hw_find(ctx, o->tables, o->gpu);
	if (!hw)
		fprintf(stderr, "warpest %s: %s\n", verb, warpest_ctx_last_error(ctx));
	return hw;
}

static int cmd_estimate(int argc, char **argv)
{
	options o;
	int rc = parse_options("estimate", argc, argv, &o, estimate_usage);
	if (rc)
		return rc == 1 ? 0 : rc;
	warpest_ctx *ctx = warpest_ctx_alloc();
	warpest_kernel *k = load_kernel(ctx, &o, "estimate");
	warpest_hw *hw = k ? load_hw(ctx, &o, "estimate") : NULL;
	warpest_estimate *e = hw ? warpest_estimate_compute(ctx, k, hw, &o.config) : NULL;
	if (hw && !e)
		fprintf(stderr, "warpest estimate: %s\n", warpest_ctx_last_error(ctx));
	if (e) {
		char *text = o.json ? warpest_estimate_to_json(e) : warpest_estimate_to_text(e);
		if (text)
			fputs(text, stdout);
		if (o.json)
			fputc('\n', stdout);
		free(text);
	}
	rc = e ? 0 : EXIT_USAGE;
	warpest_estimate_free(e);
	warpest_hw_free(hw);
	warpest_kernel_free(k);
	warpest_ctx_free(ctx);
	return rc;
}

static void show_progress(void *user, int done, int total)
{
	(void)user;
	if (total >= 200 && (done % 25 == 0 || done == total))
		fprintf(stderr, "\rranking: %d/%d configurations%s", done, total, done == total ? "\n" : "");
}

static int cmd_rank(int argc, char **argv)
{
	options o;
	int rc = parse_options("rank", argc, argv, &o, rank_usage);
	if (rc)
		return rc == 1 ? 0 : rc;
	if (o.min_threads > o.max_threads)
		return usage_error("rank", "%s", "--min-threads is larger than --max-threads");
	warpest_ctx *ctx = warpest_ctx_alloc();
	warpest_kernel *k = load_kernel(ctx, &o, "rank");
	warpest_hw *hw = k ? load_hw(ctx, &o, "rank") : NULL;
	warpest_ranking *r = NULL;
	if (hw) {
		warpest_rank_options ro;
		warpest_rank_options_init(&ro);
		ro.min_threads = o.min_threads;
		ro.max_threads = o.max_threads;
		ro.threads = o.jobs;
		ro.all_variants = !o.variant_given;
		ro.all_shapes = o.all_shapes;
		ro.progress = isatty(2) ? show_progress : NULL;
		r = warpest_rank(ctx, k, hw, &o.config, &ro);
		if (!r)
			fprintf(stderr, "warpest rank: %s\n", warpest_ctx_last_error(ctx));
		else if (warpest_ranking_n_over_limit(r))
			fprintf(stderr, "warpest rank: %d configurations passed the work limit and are left "
				"out (--work-limit)\n", warpest_ranking_n_over_limit(r));
	}
	if (r) {
		int n = warpest_ranking_size(r);
		int show = o.top > 0 && o.top < n ? o.top : n;
		if (o.json)
			printf("{\"format\": \"warpest-ranking\", \"version\": 1, \"kernel\": \"%s\", "
				"\"gpu\": \"%s\", \"evaluated\": %d, \"ranking\": [\n", warpest_kernel_name(k),
				warpest_hw_id(hw), n);
		else
			printf("kernel %s on %s: %d configurations evaluated, best first\n\n"
				"rank  block          variant   time [ms]  bottleneck     L1 cyc/thr  "
				"L2 B/thr  DRAM B/thr  blocks/SM\n", warpest_kernel_name(k), warpest_hw_id(hw), n);
		double best = warpest_ranking_summary(r, 0)->predicted_seconds;
		for (int i = 0; i < show; i++) {
			const warpest_config *c = warpest_ranking_config(r, i);
			const warpest_summary *s = warpest_ranking_summary(r, i);
			double th = s->active_threads > 0 ? (double)s->active_threads : 1;
			char block[32];
			snprintf(block, sizeof(block), "%dx%dx%d", c->block[0], c->block[1], c->block[2]);
			if (o.json)
				printf("  {\"rank\": %d, \"block\": [%d, %d, %d], \"variant\": \"%s\", "
					"\"predicted_seconds\": %.6e, \"bottleneck\": \"%s\", "
					"\"l1_cycles_per_thread\": %.4f, \"l2_bytes_per_thread\": %.4f, "
					"\"dram_bytes_per_thread\": %.4f, \"blocks_per_sm\": %d}%s\n", i + 1,
					c->block[0], c->block[1], c->block[2], c->variant ? c->variant : "",
					s->predicted_seconds, warpest_limiter_name(s->bottleneck),
					s->l1_cycles_per_thread, (s->l2_load_bytes + s->l2_store_bytes) / th,
					(s->dram_load_bytes + s->dram_store_bytes) / th, s->blocks_per_sm,
					i + 1 < show ? "," : "");
			else
				printf("%4d  %-13s  %-8s  %9.4f  %-13s  %10.3f  %8.2f  %10.2f  %9d%s\n", i + 1,
					block, c->variant ? c->variant : "-", s->predicted_seconds * 1e3,
					warpest_limiter_name(s->bottleneck), s->l1_cycles_per_thread,
					(s->l2_load_bytes + s->l2_store_bytes) / th,
					(s->dram_load_bytes + s->dram_store_bytes) / th, s->blocks_per_sm,
					i == 0 ? "" : "");
		}
		if (o.json)
			printf("]}\n");
		else if (show > 1)
			printf("\nthe best is %.1f %% faster than rank %d\n",
				100 * (warpest_ranking_summary(r, show - 1)->predicted_seconds / best - 1), show);
	}
	rc = r ? 0 : EXIT_USAGE;
	warpest_ranking_free(r);
	warpest_hw_free(hw);
	warpest_kernel_free(k);
	warpest_ctx_free(ctx);
	return rc;
}

static int cmd_gpus(int argc, char **argv)
{
	options o;
	int rc = parse_options("gpus", argc, argv, &o, gpus_usage);
	if (rc)
		return rc == 1 ? 0 : rc;
	if (o.input)
		return usage_error("gpus", "unexpected argument '%s'", o.input);
	warpest_ctx *ctx = warpest_ctx_alloc();
	char **ids = NULL;
	int n = warpest_hw_list(ctx, o.tables, &ids);
	if (n < 0) {
		fprintf(stderr, "warpest gpus: %s\n", warpest_ctx_last_error(ctx));
		warpest_ctx_free(ctx);
		return EXIT_USAGE;
	}
	/* load every table first, so a broken one fails before anything is printed */
	warpest_hw **tables = calloc((size_t)n + 1, sizeof(*tables));
	rc = 0;
	for (int i = 0; i < n && rc == 0; i++) {
		tables[i] = warpest_hw_find(ctx, o.tables, ids[i]);
		if (!tables[i]) {
			fprintf(stderr, "warpest gpus: %s\n", warpest_ctx_last_error(ctx));
			rc = EXIT_USAGE;
		}
	}
	for (int i = 0; i < n && rc == 0; i++) {
		if (o.json)
			printf("%s{\"id\": \"%s\", \"name\": \"%s\"}%s", i ? "" : "[", ids[i],
				warpest_hw_name(tables[i]), i + 1 < n ? ",\n " : "]\n");
		else
			printf("%-16s %s\n", ids[i], warpest_hw_name(tables[i]));
	}
	for (int i = 0; i < n; i++)
		warpest_hw_free(tables[i]);
	free(tables);
	warpest_hw_list_free(ids, n);
	warpest_ctx_free(ctx);
	return rc;
}

int main(int argc, char **argv)
{
	if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
		fputs(main_usage, argc < 2 ? stderr : stdout);
		return argc < 2 ? EXIT_USAGE : 0;
	}
	if (strcmp(argv[1], "--version") == 0) {
		printf("warpest %s (isl %s)\n", WARPEST_VERSION_STRING, warpest_isl_version());
		return 0;
	}
	const char *verb = argv[1];
	if (strcmp(verb, "estimate") == 0)
		return cmd_estimate(argc - 1, argv + 1);
	if (strcmp(verb, "rank") == 0)
		return cmd_rank(argc - 1, argv + 1);
	if (strcmp(verb, "gpus") == 0)
		return cmd_gpus(argc - 1, argv + 1);
	if (strcmp(verb, "profile-atomics") == 0)
		return cli_profile_atomics_main(argc - 1, argv + 1);
	fprintf(stderr, "warpest: unknown verb '%s'\n\n%s", verb, main_usage);
	return EXIT_USAGE;
}
