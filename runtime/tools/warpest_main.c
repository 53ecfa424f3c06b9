/* The `warpest` command: estimate, rank, score, gpus, profile-atomics.
 * Options follow getopt_long (--gpu ID or --gpu=ID, -j2); each verb takes
 * only its own options. Exit status and output rules: cli.h. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <json-c/json.h>

#include "cli.h"
#include "cli_verbs.h"
#include "hardware/hw_list.h"
#include "warpest/warpest.h"

static const char *const main_usage =
	"usage: warpest <verb> [options]\n"
	"\n"
	"Static GPU performance estimates from a kernel model (JSON) or NVPTX IR.\n"
	"\n"
	"verbs:\n"
	"  estimate         one launch configuration: volumes, limiters, bottleneck\n"
	"  rank             sweep block shapes (and variants), best first\n"
	"  score            rank a list of configurations given in a file\n"
	"  gpus             list the hardware tables\n"
	"  profile-atomics  shared-memory atomic utilisation from an Nsight Compute CSV\n"
	"  diff             compare two sets of predictions kernel by kernel (CI gate)\n"
	"  report           estimate reports as one self-contained HTML page\n"
	"\n"
	"`warpest <verb> --help` describes each verb. Options take their value as\n"
	"--gpu ID or --gpu=ID (-j2, -o FILE for the short ones); an option a verb\n"
	"does not take is an error. A file named - is standard input.\n"
	"\n"
	"exit status: 0 success; 1 `score` could not evaluate some configurations\n"
	"(their lines say why), or `diff` found a slowdown beyond its threshold;\n"
	"2 bad usage or input (a message on stderr, nothing on stdout).\n";

static const char *const estimate_usage =
	"usage: warpest estimate MODEL.json|-|KERNEL.ll|KERNEL.bc --gpu ID [options]\n"
	"\n"
	"  -g, --gpu ID               hardware table id (see `warpest gpus`)\n"
	"  -b, --block X Y Z | XxYxZ  threads per block (default 256 1 1)\n"
	"  --grid X Y Z | XxYxZ       blocks per grid (default: from the model)\n"
	"  --variant NAME             a variant declared by the model (e.g. fold2y)\n"
	"  -p, --param NAME=VALUE     a parameter value (repeatable)\n"
	"  --registers N              registers per thread (default: the model's, else 32)\n"
	"  --shared-dynamic N         dynamic shared memory per block in bytes\n"
	"  --spill-stores N           ptxas's spill-store bytes per thread (default: the model's)\n"
	"  --spill-loads N            ptxas's spill-load bytes per thread (default: the model's)\n"
	"  --stack-frame N            ptxas's stack frame bytes per thread (default: the model's)\n"
	"  --thread-instructions N    a thread's instructions in the compiler's binary (SASS code\n"
	"                             size / 16) for the issue limit; models without loops only\n"
	"  -k, --kernel NAME          kernel to extract from IR input\n"
	"  --tables DIR               directory of hardware tables\n"
	"  --work-limit N             lane evaluations an estimate may spend (default 2^28; 0: none)\n"
	"  --time-limit MS            wall-clock milliseconds it may take (default 0: none); past\n"
	"                             half of it, blocks are sampled (figures then vary by machine)\n"
	"  --json                     the report as JSON (docs/report-format.md)\n"
	"  -o, --output FILE          write to FILE instead of standard output\n";

static const char *const rank_usage =
	"usage: warpest rank MODEL.json|-|KERNEL.ll|KERNEL.bc --gpu ID [options]\n"
	"\n"
	"Evaluates every power-of-two block shape with min..max threads, for every\n"
	"variant of the model, and prints them best first: by predicted time, then\n"
	"DRAM bytes, then L2 bytes (both to 3 significant digits), then sweep order\n"
	"(variant, block x, y, z). Block dimensions the model never reads (no tid or\n"
	"ntid of y or z) stay 1.\n"
	"\n"
	"  -g, --gpu ID               hardware table id\n"
	"  --top K                    print the K best (default 10; 0: all)\n"
	"  -j, --jobs N               worker threads (default: the number of online CPUs)\n"
	"  --min-threads N            smallest block (default 32)\n"
	"  --max-threads N            largest block (default 1024)\n"
	"  --variant NAME             rank this variant only\n"
	"  --all-shapes               also widen dimensions the model never reads\n"
	"  -p, --param NAME=VALUE     a parameter value (repeatable)\n"
	"  --registers N, --shared-dynamic N, -k/--kernel NAME, --tables DIR\n"
	"  --spill-stores N, --spill-loads N, --stack-frame N   as for estimate\n"
	"  --work-limit N             per configuration; those past it are left out\n"
	"  --time-limit MS            per configuration, as for estimate\n"
	"  --json                     the ranking as JSON\n"
	"  -o, --output FILE          write to FILE instead of standard output\n";

static const char *const gpus_usage =
	"usage: warpest gpus [--tables DIR] [--json] [-o FILE]\n"
	"\n"
	"Lists the hardware tables found in DIR (default: $WARPEST_TABLES, then the\n"
	"tables installed with warpest, share/warpest/tables beside its lib/).\n";

#define MODEL_OPTIONS (opt_gpu | opt_param | opt_registers | opt_shared_dynamic | opt_kernel | \
	opt_tables | opt_json | opt_output | opt_work_limit | opt_time_limit | CLI_SPILL_OPTIONS)

static int cmd_estimate(int argc, char **argv)
{
	cli_options o;
	int rc = cli_parse("estimate", argc, argv, MODEL_OPTIONS | opt_block | opt_grid | opt_variant |
		opt_thread_instructions,
		estimate_usage, &o);
	if (rc)
		return rc == 1 ? 0 : rc;
	warpest_ctx *ctx = warpest_ctx_alloc();
	warpest_kernel *k = cli_load_kernel(ctx, &o);
	warpest_hw *hw = k ? cli_load_hw(ctx, &o) : NULL;
	warpest_estimate *e = hw ? warpest_estimate_compute(ctx, k, hw, &o.config) : NULL;
	if (hw && !e)
		fprintf(stderr, "warpest estimate: %s\n", warpest_ctx_last_error(ctx));
	FILE *out = e ? cli_output_open() : NULL;
	if (out) {
		char *text = o.json ? warpest_estimate_to_json(e) : warpest_estimate_to_text(e);
		if (text)
			fputs(text, out);
		if (o.json)
			fputc('\n', out);
		free(text);
	}
	rc = cli_output_finish(out, &o, e ? 0 : EXIT_USAGE);
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

/* A number written with a fixed printf format: the ranking's figures keep the
 * precision they always had, whatever json-c's default would print. */
static json_object *fixed(const char *format, double value)
{
	char text[64];
	snprintf(text, sizeof(text), format, value);
	return json_object_new_double_s(value, text);
}

static json_object *ranking_json(const warpest_kernel *k, const warpest_hw *hw,
	const warpest_ranking *r, int show)
{
	json_object *root = json_object_new_object(), *list = json_object_new_array();
	json_object_object_add(root, "format", json_object_new_string("warpest-ranking"));
	json_object_object_add(root, "version", json_object_new_int(1));
	json_object_object_add(root, "kernel", json_object_new_string(warpest_kernel_name(k)));
	json_object_object_add(root, "gpu", json_object_new_string(warpest_hw_id(hw)));
	json_object_object_add(root, "evaluated", json_object_new_int(warpest_ranking_size(r)));
	for (int i = 0; i < show; i++) {
		const warpest_config *c = warpest_ranking_config(r, i);
		const warpest_summary *s = warpest_ranking_summary(r, i);
		double th = s->active_threads > 0 ? (double)s->active_threads : 1;
		json_object *e = json_object_new_object(), *block = json_object_new_array();
		for (int d = 0; d < 3; d++)
			json_object_array_add(block, json_object_new_int(c->block[d]));
		json_object_object_add(e, "rank", json_object_new_int(i + 1));
		json_object_object_add(e, "block", block);
		json_object_object_add(e, "variant", json_object_new_string(c->variant ? c->variant : ""));
		json_object_object_add(e, "predicted_seconds", fixed("%.6e", s->predicted_seconds));
		json_object_object_add(e, "bottleneck",
			json_object_new_string(warpest_limiter_name(s->bottleneck)));
		json_object_object_add(e, "l1_cycles_per_thread", fixed("%.4f", s->l1_cycles_per_thread));
		json_object_object_add(e, "l2_bytes_per_thread",
			fixed("%.4f", (s->l2_load_bytes + s->l2_store_bytes) / th));
		json_object_object_add(e, "dram_bytes_per_thread",
			fixed("%.4f", (s->dram_load_bytes + s->dram_store_bytes) / th));
		json_object_object_add(e, "blocks_per_sm", json_object_new_int(s->blocks_per_sm));
		json_object_array_add(list, e);
	}
	json_object_object_add(root, "ranking", list);
	return root;
}

static void ranking_text(FILE *out, const warpest_kernel *k, const warpest_hw *hw,
	const warpest_ranking *r, int show)
{
	fprintf(out, "kernel %s on %s: %d configurations evaluated, best first\n\n"
		"rank  block          variant   time [ms]  bottleneck     L1 cyc/thr  "
		"L2 B/thr  DRAM B/thr  blocks/SM\n", warpest_kernel_name(k), warpest_hw_id(hw),
		warpest_ranking_size(r));
	for (int i = 0; i < show; i++) {
		const warpest_config *c = warpest_ranking_config(r, i);
		const warpest_summary *s = warpest_ranking_summary(r, i);
		double th = s->active_threads > 0 ? (double)s->active_threads : 1;
		char block[48];
		snprintf(block, sizeof(block), "%dx%dx%d", c->block[0], c->block[1], c->block[2]);
		fprintf(out, "%4d  %-13s  %-8s  %9.4f  %-13s  %10.3f  %8.2f  %10.2f  %9d\n", i + 1,
			block, c->variant ? c->variant : "-", s->predicted_seconds * 1e3,
			warpest_limiter_name(s->bottleneck), s->l1_cycles_per_thread,
			(s->l2_load_bytes + s->l2_store_bytes) / th,
			(s->dram_load_bytes + s->dram_store_bytes) / th, s->blocks_per_sm);
	}
	if (show > 1)
		fprintf(out, "\nthe best is %.1f %% faster than rank %d\n",
			100 * (warpest_ranking_summary(r, show - 1)->predicted_seconds /
				warpest_ranking_summary(r, 0)->predicted_seconds - 1), show);
}

/* Pretty JSON as the report writer prints it, with a final newline. */
static void print_json(FILE *out, json_object *root)
{
	fputs(json_object_to_json_string_ext(root, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
		JSON_C_TO_STRING_NOSLASHESCAPE), out);
	fputc('\n', out);
}

static int cmd_rank(int argc, char **argv)
{
	cli_options o;
	int rc = cli_parse("rank", argc, argv, MODEL_OPTIONS | opt_top | opt_jobs | opt_min_threads |
		opt_max_threads | opt_variant | opt_all_shapes, rank_usage, &o);
	if (rc)
		return rc == 1 ? 0 : rc;
	if (o.min_threads > o.max_threads)
		return cli_usage_error("rank", "--min-threads is larger than --max-threads");
	warpest_ctx *ctx = warpest_ctx_alloc();
	warpest_kernel *k = cli_load_kernel(ctx, &o);
	warpest_hw *hw = k ? cli_load_hw(ctx, &o) : NULL;
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
	FILE *out = r ? cli_output_open() : NULL;
	if (out) {
		int n = warpest_ranking_size(r);
		int show = o.top > 0 && o.top < n ? o.top : n;
		if (o.json) {
			json_object *root = ranking_json(k, hw, r, show);
			print_json(out, root);
			json_object_put(root);
		} else
			ranking_text(out, k, hw, r, show);
	}
	rc = cli_output_finish(out, &o, r ? 0 : EXIT_USAGE);
	warpest_ranking_free(r);
	warpest_hw_free(hw);
	warpest_kernel_free(k);
	warpest_ctx_free(ctx);
	return rc;
}

static int cmd_gpus(int argc, char **argv)
{
	cli_options o;
	int rc = cli_parse("gpus", argc, argv, opt_tables | opt_json | opt_output, gpus_usage, &o);
	if (rc)
		return rc == 1 ? 0 : rc;
	if (o.input)
		return cli_usage_error("gpus", "unexpected argument '%s'", o.input);
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
	rc = tables ? 0 : EXIT_USAGE;
	for (int i = 0; i < n && rc == 0; i++) {
		tables[i] = warpest_hw_find(ctx, o.tables, ids[i]);
		if (!tables[i]) {
			fprintf(stderr, "warpest gpus: %s\n", warpest_ctx_last_error(ctx));
			rc = EXIT_USAGE;
		}
	}
	FILE *out = rc == 0 ? cli_output_open() : NULL;
	if (out && o.json) {
		json_object *list = json_object_new_array();
		for (int i = 0; i < n; i++) {
			json_object *g = json_object_new_object();
			json_object_object_add(g, "id", json_object_new_string(ids[i]));
			json_object_object_add(g, "name", json_object_new_string(warpest_hw_name(tables[i])));
			json_object_array_add(list, g);
		}
		print_json(out, list);
		json_object_put(list);
	} else if (out)
		for (int i = 0; i < n; i++)
			fprintf(out, "%-16s %s\n", ids[i], warpest_hw_name(tables[i]));
	rc = cli_output_finish(out, &o, rc);
	for (int i = 0; tables && i < n; i++)
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
	if (strcmp(verb, "score") == 0)
		return cli_score_main(argc - 1, argv + 1);
	if (strcmp(verb, "gpus") == 0)
		return cmd_gpus(argc - 1, argv + 1);
	if (strcmp(verb, "profile-atomics") == 0)
		return cli_profile_atomics_main(argc - 1, argv + 1);
	int extra = cli_extra_verb(verb, argc - 1, argv + 1);
	if (extra >= 0)
		return extra;
	fprintf(stderr, "warpest: unknown verb '%s'\n\n%s", verb, main_usage);
	return EXIT_USAGE;
}
