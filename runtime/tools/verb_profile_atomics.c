/* `warpest profile-atomics`: shared-atomic utilisation from ncu counters
 * (SPEC §5.5 profile mode, paper 001 §3.3). The work is in the core
 * (ncu_csv.c, atomic_profile.c); this file parses arguments and prints. */
#include "cli.h"

#include "profile/atomic_profile.h"
#include "hardware/hw_table.h"
#include "profile/ncu_csv.h"
#include "warpest/warpest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage_format[] =
	"usage: warpest profile-atomics --gpu ID FILE.csv|- [--class rmw|unused] [--json] [-o FILE]\n"
	"\n"
	"Shared-memory atomic unit utilisation per kernel launch from an Nsight Compute\n"
	"CSV export, with the single-server model of paper 001 (docs/atomics.md):\n"
	"N atomic warp-instructions per SM, n active warps, e = wavefronts / instruction,\n"
	"c queued CAS; busy time B = N * T(n,e,c)/n from the GPU's table, U = B / kernel cycles.\n"
	"\n"
	"  -g, --gpu ID       hardware table id (e.g. h100-sxm, a100-80gb)\n"
	"  --class C          grid for the fetch-and-op jobs: rmw (default) or unused\n"
	"                     (ATOMS.POPC.INC: increments that discard the result, sm_80+)\n"
	"  --tables DIR       directory of hardware tables\n"
	"  --json             JSON instead of a table\n"
	"  -o, --output FILE  write to FILE instead of standard output\n"
	"  -h, --help         this text\n"
	"\n"
	"Collect the counters with:\n"
	"  ncu --csv --metrics %s ./app > FILE.csv\n"
	"or export a report: ncu --csv --page details --import REPORT.ncu-rep > FILE.csv\n";

int cli_profile_atomics_main(int argc, char **argv)
{
	char usage[sizeof(usage_format) + 1024];
	snprintf(usage, sizeof(usage), usage_format, atomic_profile_ncu_metrics);
	cli_options o;
	int rc = cli_parse("profile-atomics", argc, argv, opt_gpu | opt_class | opt_tables | opt_json |
		opt_output, usage, &o);
	if (rc)
		return rc == 1 ? 0 : rc;
	satomic_class fao_class = satomic_rmw;
	if (o.class_name && strcmp(o.class_name, "unused") == 0)
		fao_class = satomic_unused;
	else if (o.class_name && strcmp(o.class_name, "rmw") != 0)
		return cli_usage_error(o.verb, "--class '%s': expected rmw or unused", o.class_name);
	if (!o.gpu)
		return cli_usage_error(o.verb, "--gpu ID is required");
	if (!o.input)
		return cli_usage_error(o.verb, "no CSV file given");
	const char *file = strcmp(o.input, "-") == 0 ? "/dev/stdin" : o.input;
	int as_json = o.json;

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
	if (!(hw = warpest_hw_find(ctx, o.tables, o.gpu)))
		goto done;
	if (!(profile = atomic_profile_compute(ctx, csv, hw, fao_class)))
		goto done;
	text = as_json ? atomic_profile_to_json(profile) : atomic_profile_to_text(profile);
	if (!text) {
		fprintf(stderr, "warpest profile-atomics: %s: out of memory\n", file);
		goto cleanup;
	}
	FILE *out = cli_output_open();
	if (out) {
		fputs(text, out);
		if (text[0] && text[strlen(text) - 1] != '\n')
			fputc('\n', out);
	}
	status = cli_output_finish(out, &o, 0);
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
