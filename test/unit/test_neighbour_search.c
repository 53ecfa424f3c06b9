/* warpest_estimate_search_neighbours: the neighbour search run on an
 * estimate computed without it gives the report warpest_estimate_compute
 * gives with it (the compiler plugin times the estimate alone first, then
 * searches on that estimate instead of computing it a second time). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "warpest/warpest.h"

/* A 2D stencil read column-wise (x the slow index): at block 256x1x1 each
 * warp touches 32 rows, and 128x2x1 shares more of them in L1, so the
 * search finds a better neighbour (a100-40gb: 14 % faster). */
static const char column_model[] =
	"{\"format\": \"warpest-kernel-model\", \"version\": 1, \"kernel\": \"column\","
	" \"params\": [{\"name\": \"n\", \"value\": 4096}],"
	" \"defs\": {\"x\": \"tid.x + ctaid.x*ntid.x\", \"y\": \"tid.y + ctaid.y*ntid.y\"},"
	" \"threads\": {\"x\": \"n\", \"y\": \"n\"},"
	" \"fields\": [{\"name\": \"a\", \"space\": \"global\", \"elem_bytes\": 4, \"dims\": [\"n\", \"n\"]},"
	"  {\"name\": \"b\", \"space\": \"global\", \"elem_bytes\": 4, \"dims\": [\"n\", \"n\"]}],"
	" \"accesses\": [{\"field\": \"a\", \"kind\": \"load\", \"bytes\": 4, \"index\": [\"x\", \"y\"]},"
	"  {\"field\": \"a\", \"kind\": \"load\", \"bytes\": 4, \"index\": [\"x + 1\", \"y\"]},"
	"  {\"field\": \"a\", \"kind\": \"load\", \"bytes\": 4, \"index\": [\"x\", \"y + 1\"]},"
	"  {\"field\": \"b\", \"kind\": \"store\", \"bytes\": 4, \"index\": [\"x\", \"y\"]}]}";

static char *report_of(warpest_ctx *ctx, const warpest_kernel *k, const warpest_hw *hw, int skip,
	int search)
{
	warpest_config config;
	warpest_config_init(&config);
	config.block[0] = 256;
	config.skip_neighbours = skip;
	warpest_estimate *e = warpest_estimate_compute(ctx, k, hw, &config);
	CHECK(e != NULL, "estimate (skip_neighbours %d)", skip);
	if (!e)
		return NULL;
	if (search) {
		config.skip_neighbours = 0;
		CHECK(warpest_estimate_search_neighbours(ctx, e, &config) == warpest_ok,
			"the search runs on an estimate computed without it");
		/* a second search would list the neighbours twice: refused */
		warpest_status again = warpest_estimate_search_neighbours(ctx, e, &config);
		const char *err = warpest_ctx_last_error(ctx);
		CHECK(again != warpest_ok && err && strstr(err, "kernel 'column'") &&
			strstr(err, "searched already"), "a second search is refused, naming the kernel (%s)",
			err ? err : "no error");
	}
	char *json = warpest_estimate_to_json(e);
	warpest_estimate_free(e);
	return json;
}

int main(void)
{
	warpest_ctx *ctx = warpest_ctx_alloc();
	warpest_hw *hw = warpest_hw_find(ctx, NULL, "a100-40gb");
	warpest_kernel *k = warpest_kernel_read_string(ctx, column_model, "column");
	CHECK(hw && k, "model and table read");
	if (hw && k) {
		char *together = report_of(ctx, k, hw, 0, 0);
		char *alone = report_of(ctx, k, hw, 1, 0);
		char *later = report_of(ctx, k, hw, 1, 1);
		/* the search found something, so the comparison below can fail */
		CHECK(together && alone && strcmp(together, alone) != 0 &&
			strstr(together, "\"gain\"") != NULL && strstr(alone, "\"gain\"") == NULL,
			"the search lists a better neighbour (block 128x2x1)");
		CHECK(together && later && strcmp(together, later) == 0,
			"searched later, the report is the one computed with the search");
		free(together);
		free(alone);
		free(later);
	}
	CHECK(warpest_estimate_search_neighbours(ctx, NULL, NULL) != warpest_ok,
		"no estimate: an error, not a crash");
	warpest_kernel_free(k);
	warpest_hw_free(hw);
	warpest_ctx_free(ctx);
	return check_summary();
}
