/* A program outside the tree that uses an installed warpest: reads a kernel
 * model, finds a bundled table with no directory given (so through the path
 * relative to the installed core) and prints one estimate.
 *
 *   consumer MODEL.json GPU
 */
#include <stdio.h>

#include <warpest/warpest.h>

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: %s MODEL.json GPU\n", argv[0]);
		return 2;
	}
	warpest_ctx *ctx = warpest_ctx_alloc();
	warpest_kernel *kernel = warpest_kernel_read_file(ctx, argv[1]);
	warpest_hw *hw = kernel ? warpest_hw_find(ctx, NULL, argv[2]) : NULL;
	warpest_config config;
	warpest_config_init(&config);
	config.block[0] = 128;
	config.block[1] = 2;
	warpest_estimate *e = hw ? warpest_estimate_compute(ctx, kernel, hw, &config) : NULL;
	int rc = 0;
	if (e)
		printf("consumer: %s on %s: %.6e s, tables in %s\n", warpest_kernel_name(kernel),
			warpest_hw_id(hw), warpest_estimate_summary(e)->predicted_seconds,
			warpest_hw_default_dir());
	else {
		fprintf(stderr, "consumer: %s\n", warpest_ctx_last_error(ctx));
		rc = 1;
	}
	warpest_estimate_free(e);
	warpest_hw_free(hw);
	warpest_kernel_free(kernel);
	warpest_ctx_free(ctx);
	return rc;
}
