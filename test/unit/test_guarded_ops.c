/* Operation counts follow the lanes that run them (docs/model.md,
 * "Compute"): an ops entry runs as often as the access it names in
 * `runs_with`, else as the most-executed access in the same loops, so a
 * guard that idles half the threads halves its flops. */
#include <stdio.h>
#include <string.h>

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

/* The same loop with an unguarded load every thread runs and the guarded
 * one; the add is the guarded copy's (runs_with 1), the multiply the
 * unguarded one's. */
#define SPLIT_MODEL(RUNS_WITH, LOOPS) \
	"{\"format\": \"warpest-kernel-model\", \"version\": 1, \"kernel\": \"split\"," \
	" \"params\": [{\"name\": \"n\", \"value\": 1048576}, {\"name\": \"h\", \"value\": 524288}]," \
	" \"defs\": {\"x\": \"tid.x + ctaid.x*ntid.x\"}, \"threads\": {\"x\": \"n\"}," \
	" \"loops\": [{\"var\": \"j\", \"lower\": \"0\", \"upper\": \"8\", \"step\": 1}]," \
	" \"fields\": [{\"name\": \"src\", \"space\": \"global\", \"elem_bytes\": 4, \"dims\": [\"8\", \"n\"]}]," \
	" \"accesses\": [{\"field\": \"src\", \"kind\": \"load\", \"bytes\": 4, \"index\": [\"j\", \"x\"]," \
	"   \"loops\": [\"j\"]}," \
	"  {\"field\": \"src\", \"kind\": \"load\", \"bytes\": 4, \"index\": [\"j\", \"x\"]," \
	"   \"loops\": [\"j\"], \"guard\": \"x < h\"}]," \
	" \"ops\": [{\"loops\": [\"j\"], \"fp32_mul\": 1}," \
	"  {\"loops\": " LOOPS ", \"runs_with\": " RUNS_WITH ", \"fp32_add\": 1}]}"

/* The launch's flops with the default configuration; -1 without an
 * estimate (checked). */
static double flops_of(warpest_ctx *ctx, const warpest_kernel *k, const warpest_hw *hw, const char *what)
{
	warpest_config config;
	warpest_config_init(&config);
	config.skip_neighbours = 1;
	warpest_estimate *e = warpest_estimate_compute(ctx, k, hw, &config);
	CHECK(e != NULL, "%s estimate", what);
	double flops = e ? warpest_estimate_summary(e)->flops : -1;
	warpest_estimate_free(e);
	return flops;
}

static void check_runs_with(warpest_ctx *ctx, warpest_hw *hw)
{
	warpest_kernel *k = warpest_kernel_read_string(ctx, SPLIT_MODEL("1", "[\"j\"]"), "split");
	CHECK(k != NULL, "runs_with read");
	if (!k)
		return;
	/* the multiply with the unguarded load: n x 8 = 8388608; the add
	 * with access 1 (x < h): h x 8 = 4194304. flops = 12582912
	 * (both with the nest's most-executed access: 16777216) */
	CHECK_NEAR(flops_of(ctx, k, hw, "runs_with"), 12582912.0, 1e-6, "an entry runs with its access");
	warpest_kernel_free(k);
	static const struct { const char *json, *says; } bad[] = {
		{SPLIT_MODEL("2", "[\"j\"]"), "ops[1].runs_with: is not an index into accesses"},
		{SPLIT_MODEL("-1", "[\"j\"]"), "ops[1].runs_with: is not an index into accesses"},
		{SPLIT_MODEL("\"1\"", "[\"j\"]"), "ops[1].runs_with: must be an integer"},
		{SPLIT_MODEL("1", "[]"), "ops[1].runs_with: names an access in other loops"},
	};
	for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		warpest_kernel *b = warpest_kernel_read_string(ctx, bad[i].json, "split");
		const char *err = warpest_ctx_last_error(ctx);
		CHECK(b == NULL && err && strstr(err, bad[i].says), "a bad runs_with is refused and named");
		if (!(b == NULL && err && strstr(err, bad[i].says)))
			fprintf(stderr, "  case %u: %s\n", i, err ? err : "(no error)");
		warpest_kernel_free(b);
	}
}

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
	/* the add runs with the load: h threads x 8 iterations
	 * = 524288 * 8 = 4194304; the multiplies with the store (no loops):
	 * n threads x 3 = 3145728. flops = 4194304 + 3145728 = 7340032
	 * (every thread running the loop would give 8388608 + 3145728) */
	CHECK_NEAR(flops_of(ctx, k, hw, "half"), 7340032.0, 1e-6, "flops follow the guarded lanes");
	check_runs_with(ctx, hw);
	warpest_kernel_free(k);
	warpest_hw_free(hw);
	warpest_ctx_free(ctx);
	return check_summary();
}
