/* Speed benchmark: median time of one estimate (in process) over many
 * launch configurations of a model, the figure the target is about.
 *
 *   bench_estimate MODEL.json GPU [N]
 *
 * N configurations are taken from the default rank sweep (every power-of-two
 * block shape with 64..1024 threads, every variant), cycled if N is larger.
 * BENCH_SHAPES=",16x16x4:none,8x1x16:fold2y,..." keeps the listed ones only
 * (to profile one part of the sweep); BENCH_ALL prints each one's time;
 * BENCH_SLOWEST the eight slowest. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_util.h"
#include "warpest/warpest.h"

/* warpest_estimate_compute also searches neighbours; rank's path does not. */
warpest_estimate *estimate_compute_plain(warpest_ctx *ctx, const warpest_kernel *kernel,
	const warpest_hw *hw, const warpest_config *config);

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: %s MODEL.json GPU [N]\n", argv[0]);
		return 2;
	}
	int n = argc > 3 ? atoi(argv[3]) : 200;
	warpest_ctx *ctx = warpest_ctx_alloc();
	warpest_kernel *k = warpest_kernel_read_file(ctx, argv[1]);
	warpest_hw *hw = k ? warpest_hw_find(ctx, NULL, argv[2]) : NULL;
	if (!hw) {
		fprintf(stderr, "bench_estimate: %s\n", warpest_ctx_last_error(ctx));
		return 2;
	}
	warpest_config shapes[256];
	int n_shapes = 0, n_var = warpest_kernel_n_variants(k) > 0 ? warpest_kernel_n_variants(k) : 1;
	for (int v = 0; v < n_var; v++)
		for (int x = 1; x <= 1024; x *= 2)
			for (int y = 1; y <= 1024; y *= 2)
				for (int z = 1; z <= 64; z *= 2)
					if (x * y * z >= 64 && x * y * z <= 1024 && n_shapes < 256) {
						warpest_config *c = &shapes[n_shapes++];
						warpest_config_init(c);
						c->block[0] = x, c->block[1] = y, c->block[2] = z;
						c->variant = warpest_kernel_variant_name(k, v);
					}
	if (getenv("BENCH_SHAPES")) {
		const char *only = getenv("BENCH_SHAPES");
		int m = 0;
		for (int i = 0; i < n_shapes; i++) {
			char key[64];
			snprintf(key, sizeof key, ",%dx%dx%d:%s,", shapes[i].block[0], shapes[i].block[1],
				shapes[i].block[2], shapes[i].variant ? shapes[i].variant : "none");
			if (strstr(only, key))
				shapes[m++] = shapes[i];
		}
		n_shapes = m;
		if (!m) {
			fprintf(stderr, "bench_estimate: BENCH_SHAPES lists no shape of the sweep "
				"(\",XxYxZ:VARIANT,...,\")\n");
			return 2;
		}
	}
	double *t = malloc(sizeof(double) * (size_t)n);
	int *which = malloc(sizeof(int) * (size_t)n);
	double *unsorted = malloc(sizeof(double) * (size_t)n);
	int ok = 0;
	double total = bench_now();
	for (int i = 0; i < n; i++) {
		double t0 = bench_now();
		warpest_estimate *e = estimate_compute_plain(ctx, k, hw, &shapes[i % n_shapes]);
		t[i] = bench_now() - t0;
		unsorted[i] = t[i];
		which[i] = i % n_shapes;
		ok += e != NULL;
		warpest_estimate_free(e);
	}
	total = bench_now() - total;
	qsort(t, (size_t)n, sizeof(double), bench_cmp_double);
	printf("model %s, gpu %s: %d configurations (%d distinct, %d evaluated)\n", argv[1], argv[2], n,
		n_shapes, ok);
	printf("per configuration: median %.3f ms, 90th percentile %.3f ms, max %.3f ms; total %.3f s\n",
		1e3 * t[n / 2], 1e3 * t[(int)(0.9 * n)], 1e3 * t[n - 1], total);
	if (getenv("BENCH_ALL"))
		for (int i = 0; i < n; i++) {
			const warpest_config *c = &shapes[which[i]];
			printf("  cfg %dx%dx%d %s %.3f\n", c->block[0], c->block[1], c->block[2],
				c->variant ? c->variant : "", 1e3 * unsorted[i]);
		}
	if (getenv("BENCH_SLOWEST")) {
		/* the slowest configurations, to see where time goes */
		for (int r = 0; r < 8; r++) {
			int worst = 0;
			for (int i = 1; i < n; i++)
				if (unsorted[i] > unsorted[worst])
					worst = i;
			const warpest_config *c = &shapes[which[worst]];
			printf("  slow: %dx%dx%d %s %.2f ms\n", c->block[0], c->block[1], c->block[2],
				c->variant ? c->variant : "", 1e3 * unsorted[worst]);
			unsorted[worst] = -1;
		}
	}
	free(unsorted);
	free(which);
	free(t);
	warpest_hw_free(hw);
	warpest_kernel_free(k);
	warpest_ctx_free(ctx);
	return ok == n ? 0 : 1;
}
