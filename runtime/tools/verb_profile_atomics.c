/* `warpest profile-atomics`: shared-atomic utilisation from ncu counters
 * (SPEC §5.5 profile mode, paper 001 §3.3). The work is in the core
 * (ncu_csv.c, atomic_profile.c); this file parses arguments and prints. */
#include "cli_verbs.h"

#include "profile/atomic_profile.h"
#include "hardware/hw_table.h"
#include "profile/ncu_csv.h"
#include "warpest/warpest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void print_usage(FILE *to)
{
	fprintf(to,
		"usage: warpest profile-atomics --gpu ID FILE.csv [--class rmw|unused] [--json]\n"
		"\n"
		"Shared-memory atomic unit utilisation per kernel launch from an Nsight Compute\n"
		"CSV export, with the single-server model of paper 001 (docs/atomics.md):\n"
		"N atomic warp-instructions per SM, n active warps, e = wavefronts / instruction,\n"
		"c queued CAS; busy time B = N * T(n,e,c)/n from the GPU's table, U = B / kernel cycles.\n"
		"\n"
		"  --gpu ID        hardware table id (e.g. h100-sxm, a100-80gb)\n"
		"  --class C       grid for the fetch-and-op jobs: rmw (default) or unused\n"
		"                  (ATOMS.POPC.INC: increments that discard the result, sm_80+)\n"
		"  --json          JSON instead of a table\n"
		"  --help          this text\n"
		"\n"
		"Collect the counters with:\n"
		"  ncu --csv --metrics %s ./app > FILE.csv\n"
		"or export a report: ncu --csv --page details --import REPORT.ncu-rep > FILE.csv\n",
		atomic_profile_ncu_metrics);
}

static int usage_error(const char *fmt, const char *arg)
{
	fprintf(stderr, "warpest profile-atomics: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\n(see warpest profile-atomics --help)\n");
	return 2;
}

int cli_profile_atomics_main(int argc, char **argv)
{
	const char *gpu = NULL, *file = NULL;
	int as_json = 0;
	satomic_class fao_class = satomic_rmw;
	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i];
		if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
			print_usage(stdout);
			return 0;
		} else if (strcmp(arg, "--json") == 0) {
			as_json = 1;
		} else if (strcmp(arg, "--gpu") == 0 || strcmp(arg, "--class") == 0) {
			if (i + 1 >= argc)
				return usage_error("%s needs a value", arg);
			const char *value = argv[++i];
			if (strcmp(arg, "--gpu") == 0) {
				gpu = value;
			} else if (strcmp(value, "rmw") == 0) {
				fao_class = satomic_rmw;
			} else if (strcmp(value, "unused") == 0) {
				fao_class = satomic_unused;
			} else {
				return usage_error("--class '%s': expected rmw or unused", value);
			}
		} else if (strncmp(arg, "--gpu=", 6) == 0) {
			gpu = arg + 6;
		} else if (arg[0] == '-' && arg[1] != '\0') {
			return usage_error("unknown option '%s'", arg);
		} else if (file) {
			return usage_error("more than one CSV file ('%s')", arg);
		} else {
			file = arg;
		}
	}
	if (!gpu)
		return usage_error("%s", "--gpu ID is required");
	if (!file)
		return usage_error("%s", "no CSV file given");

	warpest_ctx *ctx = warpest_ctx_alloc();
	if (!ctx) {
		fprintf(stderr, "warpest profile-atomics: out of memory\n");
		return 2;
	}
	int status = 2;
	warpest_hw *hw = NULL;
	ncu_csv *csv = NULL;
	atomic_profile *profile = NULL;
	char *text = NULL;
	if (!(csv = ncu_csv_read_file(ctx, file)))
		goto done;
	if (!(hw = warpest_hw_find(ctx, NULL, gpu)))
		goto done;
	if (!(profile = atomic_profile_compute(ctx, csv, hw, fao_class)))
		goto done;
	text = as_json ? atomic_profile_to_json(profile) : atomic_profile_to_text(profile);
	if (!text) {
		fprintf(stderr, "warpest profile-atomics: %s: out of memory\n", file);
		goto cleanup;
	}
	fputs(text, stdout);
	if (text[0] && text[strlen(text) - 1] != '\n')
		fputc('\n', stdout);
	status = fflush(stdout) == 0 ? 0 : 2;
	goto cleanup;
done:
	fprintf(stderr, "warpest profile-atomics: %s\n", warpest_ctx_last_error(ctx));
cleanup:
	free(text);
	atomic_profile_free(profile);
	ncu_csv_free(csv);
	if (hw)
		warpest_hw_free(hw);
	warpest_ctx_free(ctx);
	return status;
}
