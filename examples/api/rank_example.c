/* An autotuner's use of the warpest C API: load a kernel model and a GPU
 * table, rank every block shape, and print the five best with the reason.
 *
 *   rank_example examples/models/stencil3d25.json h100-sxm
 */
#include <stdio.h>

#include "warpest/warpest.h"

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: %s MODEL.json GPU\n", argv[0]);
		return 2;
	}
	warpest_ctx *ctx = warpest_ctx_alloc();
	warpest_kernel *kernel = warpest_kernel_read_file(ctx, argv[1]);
	warpest_hw *hw = kernel ? warpest_hw_find(ctx, NULL, argv[2]) : NULL;
	warpest_ranking *ranking = NULL;
	if (hw) {
		warpest_config base;
		warpest_config_init(&base);
		warpest_rank_options options;
		warpest_rank_options_init(&options);
		options.min_threads = 64;
		options.threads = 2;
		ranking = warpest_rank(ctx, kernel, hw, &base, &options);
	}
	if (!ranking) {
		fprintf(stderr, "rank_example: %s\n", warpest_ctx_last_error(ctx));
		warpest_hw_free(hw);
		warpest_kernel_free(kernel);
		warpest_ctx_free(ctx);
		return 2;
	}
	for (int i = 0; i < 5 && i < warpest_ranking_size(ranking); i++) {
		const warpest_config *c = warpest_ranking_config(ranking, i);
		const warpest_summary *s = warpest_ranking_summary(ranking, i);
		printf("%d. block %dx%dx%d %s: %.3f ms, limited by %s\n", i + 1, c->block[0], c->block[1],
			c->block[2], c->variant ? c->variant : "", s->predicted_seconds * 1e3,
			warpest_limiter_name(s->bottleneck));
	}
	warpest_ranking_free(ranking);
	warpest_hw_free(hw);
	warpest_kernel_free(kernel);
	warpest_ctx_free(ctx);
	return 0;
}
