/* Register reuse across folded points (paper 000 §5.4, docs/model.md "L1
 * cycles"): the range-4 25-point stencil of examples/models/stencil3d25.json
 * folded twice in y, with its fold loop marked "unrolled". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "read_text.h"
#include "warpest/warpest.h"

/* LSU data wavefronts per active thread of `variant`. */
static double wavefronts_per_thread(warpest_ctx *ctx, const warpest_hw *hw, const char *json,
	const char *variant)
{
	warpest_kernel *k = warpest_kernel_read_string(ctx, json, "stencil3d25");
	CHECK(k != NULL, "model reads (%s)", k ? "" : warpest_ctx_last_error(ctx));
	if (!k)
		return -1;
	warpest_config config;
	warpest_config_init(&config);
	config.block[0] = 32, config.block[1] = 4, config.block[2] = 2;
	config.variant = variant;
	config.skip_neighbours = 1;
	/* interior 64 x 64 x 16: whole blocks, every lane active in both variants */
	const char *names[] = { "nx", "ny", "nz" };
	int64_t values[] = { 72, 72, 24 };
	config.n_params = 3, config.param_names = names, config.param_values = values;
	warpest_estimate *e = warpest_estimate_compute(ctx, k, hw, &config);
	CHECK(e != NULL, "estimate %s", variant);
	double w = -1;
	if (e) {
		const warpest_summary *s = warpest_estimate_summary(e);
		w = s->l1_data_wavefronts / (double)s->active_threads;
		warpest_estimate_free(e);
	}
	warpest_kernel_free(k);
	return w;
}

int main(void)
{
	char path[1024];
	snprintf(path, sizeof(path), "%s/examples/models/stencil3d25.json", WARPEST_SOURCE_DIR);
	char *plain = read_text(path);
	CHECK(plain != NULL, "read %s", path);
	if (!plain)
		return check_summary();
	/* the same model with the fold loops marked unrolled */
	const char *from = "\"var\": \"fy_i\",";
	char *at = strstr(plain, from);
	CHECK(at != NULL, "model has the fy_i loop");
	if (!at)
		return check_summary();
	const char *mark = "\"unrolled\": true, ";
	char *unrolled = malloc(strlen(plain) + strlen(mark) + 1);
	size_t head = (size_t)(at - plain);
	memcpy(unrolled, plain, head);
	strcpy(unrolled + head, mark);
	strcat(unrolled, at);

	warpest_ctx *ctx = warpest_ctx_alloc();
	warpest_hw *hw = warpest_hw_find(ctx, NULL, "a100-40gb");
	CHECK(hw != NULL, "a100-40gb table");
	/* Every load warp-instruction: 32 lanes x 8 B, served per half-warp, each
	 * half-warp 128 contiguous bytes: 2 data wavefronts; the store the same.
	 * One point: 25 loads + 1 store = 26 x 2 = 52 per warp = 1.625 per thread. */
	double none = wavefronts_per_thread(ctx, hw, plain, "none");
	CHECK_NEAR(none, 52.0 / 32.0, 1e-9, "no folding: wavefronts per thread");
	/* fold2y, loop not unrolled: 2 points, nothing reused: 104 / 32 = 3.25 */
	double fold_loop = wavefronts_per_thread(ctx, hw, plain, "fold2y");
	CHECK_NEAR(fold_loop, 104.0 / 32.0, 1e-9, "fold2y as a loop: wavefronts per thread");
	/* fold2y unrolled: the second point (y+1) reads src[z][y+1+k][x] for
	 * k = -4..4; the first point read rows y-4..y+4 of that column, so
	 * k = -4..3 (8 loads) come from registers. 50 - 8 = 42 loads + 2 stores
	 * = 44 x 2 = 88 per warp = 2.75 per thread (1.375 per point, against
	 * 1.625 without folding: -15 %). */
	double fold_unrolled = wavefronts_per_thread(ctx, hw, unrolled, "fold2y");
	CHECK_NEAR(fold_unrolled, 88.0 / 32.0, 1e-9, "fold2y unrolled: wavefronts per thread");
	CHECK(fold_unrolled / 2 < none, "folded L1 cost per point below the unfolded one");
	/* the unrolled marker changes nothing without folding (one iteration) */
	double none_unrolled = wavefronts_per_thread(ctx, hw, unrolled, "none");
	CHECK_NEAR(none_unrolled, none, 1e-12, "no folding, loop marked unrolled");
	free(unrolled);
	free(plain);
	warpest_hw_free(hw);
	warpest_ctx_free(ctx);
	return check_summary();
}
