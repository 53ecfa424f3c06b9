/* A launch whose sampled waves are all idle gets no prediction
 * (docs/model.md §1): the wave classes assume that waves moved by whole
 * layers behave alike, which a guard idling most layers breaks. */
#include <string.h>

#include "check.h"
#include "warpest/warpest.h"

/* 2D grid of 1000 x 1024 blocks of 256 threads; only rows 100 and 101
 * load. a100-40gb: 8 blocks per SM x 108 = 864 blocks a wave, 1024000
 * blocks = 1186 waves; residues 864 k mod 1000 give 125 interior classes
 * (plus head, tail and crossings: 129): a stratified subset, whose waves
 * lie in idle rows (rows 100-101 are blocks 100000-101999, waves 115-118). */
static const char idle_model[] =
	"{\"format\": \"warpest-kernel-model\", \"version\": 1, \"kernel\": \"rows\","
	" \"params\": [{\"name\": \"n\", \"value\": 256000}],"
	" \"defs\": {\"x\": \"tid.x + ctaid.x*ntid.x\"}, \"grid\": {\"x\": \"1000\", \"y\": \"1024\"},"
	" \"fields\": [{\"name\": \"src\", \"space\": \"global\", \"elem_bytes\": 4, \"dims\": [\"1024\", \"n\"]}],"
	" \"accesses\": [{\"field\": \"src\", \"kind\": \"load\", \"bytes\": 4, \"index\": [\"ctaid.y\", \"x\"],"
	"   \"guard\": \"ctaid.y >= 100 && ctaid.y < 102\"}]}";

int main(void)
{
	warpest_ctx *ctx = warpest_ctx_alloc();
	warpest_hw *hw = warpest_hw_find(ctx, NULL, "a100-40gb");
	warpest_kernel *k = warpest_kernel_read_string(ctx, idle_model, "rows");
	CHECK(hw && k, "table and model (%s)", warpest_ctx_last_error(ctx));
	warpest_config config;
	warpest_config_init(&config);
	config.block[0] = 256;
	config.registers = 32;
	config.skip_neighbours = 1;
	warpest_estimate *e = hw && k ? warpest_estimate_compute(ctx, k, hw, &config) : NULL;
	CHECK(e == NULL, "no estimate from idle waves");
	CHECK(strstr(warpest_ctx_last_error(ctx), "make no memory access") != NULL,
		"the error says why: %s", warpest_ctx_last_error(ctx));
	warpest_estimate_free(e);
	warpest_kernel_free(k);
	warpest_hw_free(hw);
	warpest_ctx_free(ctx);
	return check_summary();
}
