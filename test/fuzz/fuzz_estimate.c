/* libFuzzer: a kernel model read and estimated on the H100 table with a
 * small work limit; the first byte picks the block shape. Every result
 * must be finite. */
#include <math.h>

#include "fuzz_common.h"
#include "warpest/warpest.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static warpest_hw *hw;
	static warpest_ctx *ctx;
	if (!ctx) {
		ctx = warpest_ctx_alloc();
		hw = warpest_hw_find(ctx, WARPEST_FUZZ_TABLES, "h100-sxm");
		if (!hw)
			abort();
	}
	if (size < 1)
		return 0;
	static const int shapes[8][3] = {{256, 1, 1}, {32, 8, 1}, {64, 2, 2}, {32, 4, 8},
		{1, 1, 1}, {1024, 1, 1}, {33, 3, 1}, {7, 5, 3}};
	char *text = fuzz_text(data + 1, size - 1);
	warpest_kernel *k = text ? warpest_kernel_read_string(ctx, text, "fuzz.json") : NULL;
	if (k) {
		warpest_config c;
		warpest_config_init(&c);
		for (int d = 0; d < 3; d++)
			c.block[d] = shapes[data[0] & 7][d];
		c.work_limit = 1 << 20;
		c.skip_neighbours = (data[0] & 8) == 0;
		warpest_estimate *e = warpest_estimate_compute(ctx, k, hw, &c);
		if (e) {
			const warpest_summary *s = warpest_estimate_summary(e);
			if (!isfinite(s->predicted_seconds) || !isfinite(s->l2_load_bytes) ||
			    !isfinite(s->dram_load_bytes) || s->l1_data_wavefronts < 0)
				abort();
			free(warpest_estimate_to_json(e));
		}
		warpest_estimate_free(e);
	}
	warpest_kernel_free(k);
	free(text);
	return 0;
}
