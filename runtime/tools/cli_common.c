/* Option parsing, input loading and output for the verbs of `warpest`
 * (cli.h). */
#define _GNU_SOURCE /* open_memstream, getopt_long */
#include <dlfcn.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/text_file.h"
#include "cli.h"

/* The library directory relative to the command's, as installed. */
#ifndef WARPEST_BIN_TO_LIB
#define WARPEST_BIN_TO_LIB "../lib"
#endif

typedef struct option_info {
	struct option long_option;
	unsigned bit;
} option_info;

/* Every option of every verb; val is the short letter or a code above 255. */
static const option_info all_options[] = {
	{{"gpu", required_argument, NULL, 'g'}, opt_gpu},
	{{"block", required_argument, NULL, 'b'}, opt_block},
	{{"grid", required_argument, NULL, 256}, opt_grid},
	{{"variant", required_argument, NULL, 257}, opt_variant},
	{{"param", required_argument, NULL, 'p'}, opt_param},
	{{"registers", required_argument, NULL, 258}, opt_registers},
	{{"shared-dynamic", required_argument, NULL, 259}, opt_shared_dynamic},
	{{"kernel", required_argument, NULL, 'k'}, opt_kernel},
	{{"tables", required_argument, NULL, 260}, opt_tables},
	{{"json", no_argument, NULL, 261}, opt_json},
	{{"top", required_argument, NULL, 262}, opt_top},
	{{"jobs", required_argument, NULL, 'j'}, opt_jobs},
	{{"min-threads", required_argument, NULL, 263}, opt_min_threads},
	{{"max-threads", required_argument, NULL, 264}, opt_max_threads},
	{{"all-shapes", no_argument, NULL, 265}, opt_all_shapes},
	{{"output", required_argument, NULL, 'o'}, opt_output},
	{{"configs", required_argument, NULL, 'c'}, opt_configs},
	{{"format", required_argument, NULL, 'f'}, opt_format},
	{{"class", required_argument, NULL, 266}, opt_class},
	{{"work-limit", required_argument, NULL, 267}, opt_work_limit},
	{{"time-limit", required_argument, NULL, 268}, opt_time_limit},
	{{"spill-stores", required_argument, NULL, 269}, opt_spill_stores},
	{{"spill-loads", required_argument, NULL, 270}, opt_spill_loads},
	{{"stack-frame", required_argument, NULL, 271}, opt_stack_frame},
	{{"thread-instructions", required_argument, NULL, 272}, opt_thread_instructions},
	{{"help", no_argument, NULL, 'h'}, 0},
};
#define N_OPTIONS (sizeof(all_options) / sizeof(all_options[0]))

int cli_usage_error(const char *verb, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fprintf(stderr, "warpest %s: ", verb);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
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

/* "XxYxZ", "XxY" or "X" with positive integers; missing dimensions are 1. */
static int parse_xyz(const char *s, int *v)
{
	char buf[64];
	if (snprintf(buf, sizeof(buf), "%s", s) >= (int)sizeof(buf))
		return -1;
	char *save = NULL, *tok = strtok_r(buf, "x", &save);
	int d = 0;
	v[1] = v[2] = 1;
	while (tok && d < 3) {
		if (parse_int(tok, 1, INT_MAX, &v[d++]))
			return -1;
		tok = strtok_r(NULL, "x", &save);
	}
	return tok || d == 0 || s[strlen(s) - 1] == 'x' ? -1 : 0;
}

static int is_positive_int(const char *s)
{
	int v;
	return parse_int(s, 1, INT_MAX, &v) == 0;
}

/* `--block X Y Z` (and --grid) as one argument `--block=XxYxZ`, so that
 * getopt_long sees one option argument; the three-word form is the older
 * spelling and README's. Returns a malloc'd argv (strings also malloc'd or
 * argv's own) or NULL when out of memory. */
static char **join_xyz_words(int argc, char **argv, int *argc_out, char ***owned, int *n_owned)
{
	char **out = calloc((size_t)argc + 1, sizeof(*out));
	*owned = calloc((size_t)argc + 1, sizeof(**owned));
	if (!out || !*owned) {
		free(out);
		free(*owned);
		return NULL;
	}
	int n = 0;
	*n_owned = 0;
	for (int i = 0; i < argc; i++) {
		out[n++] = argv[i];
		int is_xyz = strcmp(argv[i], "--block") == 0 || strcmp(argv[i], "--grid") == 0;
		if (!is_xyz || i + 2 >= argc || !is_positive_int(argv[i + 1]) || !is_positive_int(argv[i + 2]))
			continue;
		int words = i + 3 < argc && is_positive_int(argv[i + 3]) ? 3 : 2;
		char *joined = malloc(strlen(argv[i]) + 3 * 12 + 4);
		if (!joined)
			continue; /* the three words then fail as operands, with a message */
		sprintf(joined, "%s=%s", argv[i], argv[i + 1]);
		for (int w = 2; w <= words; w++)
			sprintf(joined + strlen(joined), "x%s", argv[i + w]);
		out[n - 1] = joined;
		(*owned)[(*n_owned)++] = joined;
		i += words;
	}
	*argc_out = n;
	return out;
}

static int add_param(cli_options *o, const char *p)
{
	const char *eq = strchr(p, '=');
	int n = o->config.n_params;
	char *end;
	if (!eq || eq == p || (size_t)(eq - p) >= sizeof(o->param_names[0]))
		return cli_usage_error(o->verb, "--param needs NAME=VALUE, got '%s'", p);
	if (n >= CLI_MAX_PARAMS)
		return cli_usage_error(o->verb, "more than %d --param options", CLI_MAX_PARAMS);
	errno = 0;
	long long v = strtoll(eq + 1, &end, 10);
	if (errno || *end || end == eq + 1)
		return cli_usage_error(o->verb, "--param value must be an integer, got '%s'", p);
	memcpy(o->param_names[n], p, (size_t)(eq - p));
	o->param_names[n][eq - p] = '\0';
	o->param_name_ptrs[n] = o->param_names[n];
	o->param_values[n] = v;
	o->config.param_names = o->param_name_ptrs;
	o->config.param_values = o->param_values;
	o->config.n_params++;
	return 0;
}

/* One option with its argument; returns 0 or EXIT_USAGE. */
static int apply_option(cli_options *o, const option_info *info, const char *arg)
{
	const char *name = info->long_option.name;
	int v;
	switch (info->bit) {
	case opt_gpu: o->gpu = arg; return 0;
	case opt_kernel: o->kernel = arg; return 0;
	case opt_tables: o->tables = arg; return 0;
	case opt_output: o->output = arg; return 0;
	case opt_configs: o->configs = arg; return 0;
	case opt_format: o->format = arg; return 0;
	case opt_class: o->class_name = arg; return 0;
	case opt_json: o->json = 1; return 0;
	case opt_all_shapes: o->all_shapes = 1; return 0;
	case opt_variant: o->config.variant = arg; o->variant_given = 1; return 0;
	case opt_param: return add_param(o, arg);
	case opt_work_limit: {
		char *end;
		errno = 0;
		long long w = strtoll(arg, &end, 10);
		if (errno || end == arg || *end || w < 0)
			return cli_usage_error(o->verb, "--work-limit needs a non-negative integer, got '%s'", arg);
		o->config.work_limit = w;
		return 0;
	}
	case opt_time_limit: {
		char *end;
		errno = 0;
		double ms = strtod(arg, &end);
		if (errno || end == arg || *end || !(ms >= 0 && ms <= 1e9))
			return cli_usage_error(o->verb, "--time-limit needs milliseconds from 0 (none) to "
				"1e9, got '%s'", arg);
		o->config.time_limit_ms = ms;
		return 0;
	}
	case opt_block:
	case opt_grid:
		if (parse_xyz(arg, info->bit == opt_block ? o->config.block : o->config.grid))
			return cli_usage_error(o->verb, "--%s needs X Y Z or XxYxZ with positive integers, "
				"got '%s'", name, arg);
		return 0;
	default:
		break;
	}
	if (parse_int(arg, 0, INT_MAX, &v))
		return cli_usage_error(o->verb, "--%s needs a non-negative integer, got '%s'", name, arg);
	switch (info->bit) {
	case opt_registers:
		if (v > 255)
			return cli_usage_error(o->verb, "--registers must be at most 255");
		o->config.registers = v;
		break;
	case opt_shared_dynamic: o->config.shared_dynamic = v; break;
	case opt_spill_stores: o->config.spill_store_bytes = v; break;
	case opt_spill_loads: o->config.spill_load_bytes = v; break;
	case opt_stack_frame:
		if (v > CLI_MAX_STACK_FRAME)
			return cli_usage_error(o->verb, "--stack-frame must be at most %d bytes (CUDA's "
				"local memory per thread)", CLI_MAX_STACK_FRAME);
		o->config.stack_frame_bytes = v;
		break;
	case opt_thread_instructions:
		if (v > 1000000000)
			return cli_usage_error(o->verb, "--thread-instructions must be at most 1e9");
		o->config.thread_instructions = v;
		break;
	case opt_top: o->top = v; break;
	case opt_jobs: o->jobs = v < 1 ? 1 : v; break;
	case opt_min_threads: o->min_threads = v; break;
	default: o->max_threads = v; break;
	}
	return 0;
}

static int parse_joined(const char *verb, int argc, char **argv, unsigned allowed, const char *usage,
	cli_options *o)
{
	struct option longs[N_OPTIONS + 1];
	for (size_t i = 0; i < N_OPTIONS; i++)
		longs[i] = all_options[i].long_option;
	memset(&longs[N_OPTIONS], 0, sizeof(longs[0]));
	/* leading ':' so a missing argument is told apart from an unknown option */
	static const char shorts[] = ":g:b:p:k:j:o:c:f:h";
	optind = 0; /* GNU: full reinitialisation */
	opterr = 0;
	for (;;) {
		int index = -1;
		int c = getopt_long(argc, argv, shorts, longs, &index);
		if (c == -1)
			break;
		if (c == 'h') {
			fputs(usage, stdout);
			return 1;
		}
		const char *given = argv[optind - 1];
		if (c == '?' && optopt > 0 && optopt < 256)
			return cli_usage_error(verb, "unknown option '-%c'", optopt);
		if (c == '?')
			return cli_usage_error(verb, "unknown option '%s'", given);
		if (c == ':')
			return cli_usage_error(verb, "option '%s' needs a value", given);
		const option_info *info = NULL;
		for (size_t i = 0; i < N_OPTIONS && !info; i++)
			if (all_options[i].long_option.val == c)
				info = &all_options[i];
		if (!(info->bit & allowed))
			return cli_usage_error(verb, "--%s does not apply to `warpest %s`",
				info->long_option.name, verb);
		int rc = apply_option(o, info, optarg ? optarg : "");
		if (rc)
			return rc;
	}
	for (int i = optind; i < argc; i++) {
		if (o->input)
			return cli_usage_error(verb, "unexpected argument '%s'", argv[i]);
		o->input = argv[i];
	}
	return 0;
}

int cli_parse(const char *verb, int argc, char **argv, unsigned allowed, const char *usage,
	cli_options *o)
{
	memset(o, 0, sizeof(*o));
	o->verb = verb;
	warpest_config_init(&o->config);
	o->top = 10;
	o->jobs = (int)sysconf(_SC_NPROCESSORS_ONLN);
	if (o->jobs < 1)
		o->jobs = 1;
	o->min_threads = 32;
	o->max_threads = 1024;
	char **owned = NULL;
	int n_owned = 0, n_args = 0;
	char **args = join_xyz_words(argc, argv, &n_args, &owned, &n_owned);
	if (!args) {
		fprintf(stderr, "warpest %s: out of memory\n", verb);
		return EXIT_USAGE;
	}
	int rc = parse_joined(verb, n_args, args, allowed, usage, o);
	/* option values point into argv, which outlives o; the joined words do
	 * not, so --block and --grid values were already parsed into o->config */
	for (int i = 0; i < n_owned; i++)
		free(owned[i]);
	free(owned);
	free(args);
	return rc;
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
			snprintf(candidates[n++], PATH_MAX, "%.3900s/%s/libwarpest.so", exe, WARPEST_BIN_TO_LIB);
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

char *cli_read_input(warpest_ctx *ctx, const char *path)
{
	return read_text_file(ctx, strcmp(path, "-") == 0 ? "/dev/stdin" : path);
}

static warpest_kernel *load_ir(warpest_ctx *ctx, const cli_options *o)
{
	char why[PATH_MAX + 128];
	warpest_extract_model_from_ir_fn extract = find_ir_frontend(why, sizeof(why));
	if (!extract) {
		fprintf(stderr, "warpest %s: %s: %s\n", o->verb, o->input, why);
		return NULL;
	}
	char *json = NULL, *err = NULL;
	if (extract(o->input, o->kernel, &json, &err) != 0) {
		fprintf(stderr, "warpest %s: %s\n", o->verb, err ? err : "IR extraction failed");
		free(err);
		free(json);
		return NULL;
	}
	char origin[PATH_MAX + 64];
	snprintf(origin, sizeof(origin), "%s (kernel %s)", o->input, o->kernel ? o->kernel : "");
	warpest_kernel *k = warpest_kernel_read_string(ctx, json, origin);
	free(json);
	if (!k)
		fprintf(stderr, "warpest %s: %s\n", o->verb, warpest_ctx_last_error(ctx));
	return k;
}

warpest_kernel *cli_load_kernel(warpest_ctx *ctx, const cli_options *o)
{
	if (!o->input) {
		cli_usage_error(o->verb, "no kernel model or IR file given");
		return NULL;
	}
	if (ends_with(o->input, ".ll") || ends_with(o->input, ".bc"))
		return load_ir(ctx, o);
	warpest_kernel *k = NULL;
	if (strcmp(o->input, "-") == 0) {
		char *text = cli_read_input(ctx, o->input);
		k = text ? warpest_kernel_read_string(ctx, text, "<stdin>") : NULL;
		free(text);
	} else
		k = warpest_kernel_read_file(ctx, o->input);
	if (!k)
		fprintf(stderr, "warpest %s: %s\n", o->verb, warpest_ctx_last_error(ctx));
	return k;
}

warpest_hw *cli_load_hw(warpest_ctx *ctx, const cli_options *o)
{
	if (!o->gpu) {
		cli_usage_error(o->verb, "--gpu ID is required (see `warpest gpus`)");
		return NULL;
	}
	warpest_hw *hw = warpest_hw_find(ctx, o->tables, o->gpu);
	if (!hw)
		fprintf(stderr, "warpest %s: %s\n", o->verb, warpest_ctx_last_error(ctx));
	return hw;
}

static char *output_text;
static size_t output_size;

FILE *cli_output_open(void)
{
	FILE *out = open_memstream(&output_text, &output_size);
	if (!out)
		fprintf(stderr, "warpest: out of memory\n");
	return out;
}

int cli_output_finish(FILE *out, const cli_options *o, int status)
{
	if (!out)
		return EXIT_USAGE;
	int failed = fclose(out) != 0;
	if (!failed && (status == 0 || status == EXIT_PARTIAL)) {
		FILE *to = o->output && strcmp(o->output, "-") != 0 ? fopen(o->output, "w") : stdout;
		if (!to) {
			fprintf(stderr, "warpest %s: -o %s: %s\n", o->verb, o->output, strerror(errno));
			status = EXIT_USAGE;
		} else {
			failed = fwrite(output_text, 1, output_size, to) != output_size;
			failed |= to == stdout ? fflush(to) != 0 : fclose(to) != 0;
			if (failed)
				fprintf(stderr, "warpest %s: writing %s failed: %s\n", o->verb,
					o->output ? o->output : "the output", strerror(errno));
		}
	}
	free(output_text);
	output_text = NULL;
	return failed ? EXIT_USAGE : status;
}
