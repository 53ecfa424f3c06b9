/* The batch API's cost: N configurations of a model scored by one
 * warpest_score call, as an autotuner would; the reference for the Python
 * module's overhead (scripts/bench_python.py runs both).
 *
 *   bench_score MODEL.json GPU [N [THREADS [REPEATS]]]
 *
 * The configurations: every power-of-two block shape with 64..1024 threads
 * (x up to 1024, y up to 1024, z up to 64) for every variant, in that order,
 * cycled to N. Prints the fastest and the median of REPEATS calls. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>

#include "bench_util.h"
#include "warpest/warpest.h"

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: %s MODEL.json GPU [N [THREADS [REPEATS]]]\n", argv[0]);
		return 2;
	}
	int n = argc > 3 ? atoi(argv[3]) : 1000;
	int threads = argc > 4 ? atoi(argv[4]) : 2;
	int repeats = argc > 5 ? atoi(argv[5]) : 3;
	if (n < 1 || repeats < 1 || repeats > 100) {
		fprintf(stderr, "bench_score: N and REPEATS must be positive (REPEATS at most 100)\n");
		return 2;
	}
	warpest_ctx *ctx = warpest_ctx_alloc();
	warpest_kernel *k = warpest_kernel_read_file(ctx, argv[1]);
	warpest_hw *hw = k ? warpest_hw_find(ctx, NULL, argv[2]) : NULL;
	warpest_config *configs = hw ? calloc((size_t)n, sizeof(*configs)) : NULL;
	if (!configs) {
		fprintf(stderr, "bench_score: %s\n", hw ? "out of memory" : warpest_ctx_last_error(ctx));
		return 2;
	}
	int n_var = warpest_kernel_n_variants(k) > 0 ? warpest_kernel_n_variants(k) : 1;
	int made = 0;
	while (made < n)
		for (int v = 0; v < n_var; v++)
			for (int x = 1; x <= 1024; x *= 2)
				for (int y = 1; y <= 1024; y *= 2)
					for (int z = 1; z <= 64; z *= 2)
						if (x * y * z >= 64 && x * y * z <= 1024 && made < n) {
							warpest_config *c = &configs[made++];
							warpest_config_init(c);
							c->block[0] = x, c->block[1] = y, c->block[2] = z;
							c->variant = warpest_kernel_variant_name(k, v);
						}
	warpest_rank_options options;
	warpest_rank_options_init(&options);
	options.threads = threads;
	double t[100];
	int ranked = 0;
	for (int r = 0; r < repeats; r++) {
		double t0 = bench_now();
		warpest_ranking *ranking = warpest_score(ctx, k, hw, configs, n, &options);
		t[r] = bench_now() - t0;
		ranked = ranking ? warpest_ranking_size(ranking) : -1;
		warpest_ranking_free(ranking);
	}
	qsort(t, (size_t)repeats, sizeof(double), bench_cmp_double);
	printf("C API: %d configurations (%d ranked), %d threads: fastest %.4f s, median %.4f s\n", n,
		ranked, threads, t[0], t[repeats / 2]);
	free(configs);
	warpest_hw_free(hw);
	warpest_kernel_free(k);
	warpest_ctx_free(ctx);
	return ranked < 0;
}
