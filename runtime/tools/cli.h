/* What the verbs of the `warpest` command share: option parsing with
 * getopt_long (each verb names the options it takes; any other is an
 * error), loading the kernel and the table, and output that reaches stdout
 * or -o FILE only when the verb succeeds.
 *
 * Exit status of every verb: 0 success; 1 `score` wrote every configuration
 * but some could not be evaluated (their lines say why), or `diff` found a
 * slowdown (cli_verbs.h); 2 bad usage or
 * input: one message on stderr naming the file, field or column, nothing on
 * stdout. */
#ifndef WARPEST_CLI_H
#define WARPEST_CLI_H

#include <stdint.h>
#include <stdio.h>

#include "warpest/warpest.h"

#define EXIT_PARTIAL 1
#define EXIT_USAGE 2
#define CLI_MAX_PARAMS 64

/* Options, one bit each: a verb's mask says which it accepts. */
enum {
	opt_gpu = 1 << 0, opt_block = 1 << 1, opt_grid = 1 << 2, opt_variant = 1 << 3,
	opt_param = 1 << 4, opt_registers = 1 << 5, opt_shared_dynamic = 1 << 6,
	opt_kernel = 1 << 7, opt_tables = 1 << 8, opt_json = 1 << 9, opt_top = 1 << 10,
	opt_jobs = 1 << 11, opt_min_threads = 1 << 12, opt_max_threads = 1 << 13,
	opt_all_shapes = 1 << 14, opt_output = 1 << 15, opt_configs = 1 << 16,
	opt_format = 1 << 17, opt_class = 1 << 18, opt_work_limit = 1 << 19,
	opt_time_limit = 1 << 20, opt_spill_stores = 1 << 21, opt_spill_loads = 1 << 22,
	opt_stack_frame = 1 << 23, opt_thread_instructions = 1 << 24
};
/* The three spill figures of ptxas, taken by every verb that takes --registers. */
#define CLI_SPILL_OPTIONS (opt_spill_stores | opt_spill_loads | opt_stack_frame)
/* CUDA's limit on local memory per thread (the programming guide's
 * technical specifications: 512 KB), which bounds a stack frame. */
#define CLI_MAX_STACK_FRAME (512 * 1024)

typedef struct cli_options {
	const char *verb;
	const char *input, *gpu, *kernel, *tables, *output, *configs, *format, *class_name;
	warpest_config config;
	int json, top, jobs, min_threads, max_threads;
	int variant_given, all_shapes;
	char param_names[CLI_MAX_PARAMS][64];
	const char *param_name_ptrs[CLI_MAX_PARAMS];
	int64_t param_values[CLI_MAX_PARAMS];
} cli_options;

/* Parses argv (argv[0] is the verb) accepting the options in `allowed` and at
 * most one operand (o->input). Returns 0 to go on, 1 after printing `usage`
 * for --help (exit 0), or EXIT_USAGE after a message on stderr. */
int cli_parse(const char *verb, int argc, char **argv, unsigned allowed, const char *usage,
	cli_options *o);

/* A message "warpest VERB: ..." and the pointer to --help; returns EXIT_USAGE. */
int cli_usage_error(const char *verb, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;

/* The whole of `path` ("-": standard input) as a malloc'd string, or NULL
 * with the reason in ctx. */
char *cli_read_input(warpest_ctx *ctx, const char *path);

/* The kernel from o->input (model JSON, "-" for JSON on stdin, or .ll/.bc
 * through the pass plugin), and the table o->gpu; NULL after a message. */
warpest_kernel *cli_load_kernel(warpest_ctx *ctx, const cli_options *o);
warpest_hw *cli_load_hw(warpest_ctx *ctx, const cli_options *o);

/* The verb's output stream: a memory buffer that cli_output_finish writes
 * to stdout or o->output only when status is 0 or EXIT_PARTIAL, so a failing
 * verb leaves nothing behind. Returns the status to exit with. */
FILE *cli_output_open(void);
int cli_output_finish(FILE *out, const cli_options *o, int status);

/* `warpest score`: verb_score.c. `warpest profile-atomics`: verb_profile_atomics.c. */
int cli_score_main(int argc, char **argv);
int cli_profile_atomics_main(int argc, char **argv);

#endif
