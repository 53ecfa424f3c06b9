/* Operation counts follow the lanes that run them (docs/model.md,
 * "Compute"): an ops entry runs as often as the most-executed access in the
 * same loops, so a guard that idles half the threads halves its flops. */
#include <stdio.h>

#include "check.h"
#include "warpest/warpest.h"

/* n = 2^20 threads; in the loop j = 0..7 only threads x < h = n/2 load and
 * add; every thread stores once. */
static const char half_model[] =
	"{\"format\": \"warpest-kernel-model\", \"version\": 1, \"kernel\": \"half\","
	" \"params\": [{\"name\": \"n\", \"value\": 1048576}, {\"name\": \"h\", \"value\": 524288}],"
	" \"defs\": {\"x\": \"tid.x + ctaid.x*ntid.x\"}, \"threads\": {\"x\": \"n\"},"
	" \"loops\": [{\"var\": \"j\", \"lower\": \"0\", \"upper\": \"8\", \"step\": 1}],"
	" \"fields\": [{\"name\": \"src\", \"space\": \"global\", \"elem_bytes\": 4, \"dims\": [\"8\", \"n\"]},"
	"  {\"name\": \"dst\", \"space\": \"global\", \"elem_bytes\": 4, \"dims\": [\"n\"]}],"
	" \"accesses\": [{\"field\": \"src\", \"kind\": \"load\", \"bytes\": 4, \"index\": [\"j\", \"x\"],"
	"   \"loops\": [\"j\"], \"guard\": \"x < h\"},"
	"  {\"field\": \"dst\", \"kind\": \"store\", \"bytes\": 4, \"index\": [\"x\"]}],"
	" \"ops\": [{\"loops\": [\"j\"], \"fp32_add\": 1}, {\"fp32_mul\": 3}]}";

int main(void)
{
	warpest_ctx *ctx = warpest_ctx_alloc();
	warpest_hw *hw = warpest_hw_find(ctx, NULL, "a100-40gb");
	warpest_kernel *k = warpest_kernel_read_string(ctx, half_model, "half");
	CHECK(hw != NULL && k != NULL, "table and model read");
	if (!hw || !k) {
		warpest_kernel_free(k);
		warpest_hw_free(hw);
		warpest_ctx_free(ctx);
		return check_summary();
	}
	warpest_config config;
	warpest_config_init(&config);
	config.skip_neighbours = 1;
	warpest_estimate *e = warpest_estimate_compute(ctx, k, hw, &config);
	CHECK(e != NULL, "estimate");
	if (e) {
		const warpest_summary *s = warpest_estimate_summary(e);
		/* the add runs with the load: h threads x 8 iterations
		 * = 524288 * 8 = 4194304; the multiplies with the store (no loops):
		 * n threads x 3 = 3145728. flops = 4194304 + 3145728 = 7340032
		 * (every thread running the loop would give 8388608 + 3145728) */
		CHECK_NEAR(s->flops, 7340032.0, 1e-6, "flops follow the guarded lanes");
		warpest_estimate_free(e);
	}
	warpest_kernel_free(k);
	warpest_hw_free(hw);
	warpest_ctx_free(ctx);
	return check_summary();
}
