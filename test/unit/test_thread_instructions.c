/* A thread's instruction count from the compiler's binary (config
 * thread_instructions, docs/model.md §6): the issue limit counts the larger
 * of it and the model's operations and memory instructions, only for a
 * model without loops, and refuses a bad value. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "warpest/warpest.h"

/* 2^20 threads, each 8 FMAs and one load and one store: the model's count
 * is 8 + 2 = 10 instructions a thread. */
static const char flat_model[] =
	"{\"format\": \"warpest-kernel-model\", \"version\": 1, \"kernel\": \"flat\","
	" \"params\": [{\"name\": \"n\", \"value\": 1048576}],"
	" \"defs\": {\"x\": \"tid.x + ctaid.x*ntid.x\"}, \"threads\": {\"x\": \"n\"},"
	" \"fields\": [{\"name\": \"a\", \"space\": \"global\", \"elem_bytes\": 4, \"dims\": [\"n\"]}],"
	" \"accesses\": [{\"field\": \"a\", \"kind\": \"load\", \"bytes\": 4, \"index\": [\"x\"]},"
	"  {\"field\": \"a\", \"kind\": \"store\", \"bytes\": 4, \"index\": [\"x\"]}],"
	" \"ops\": {\"fp32_fma\": 8}}";

static const char loop_model[] =
	"{\"format\": \"warpest-kernel-model\", \"version\": 1, \"kernel\": \"looped\","
	" \"params\": [{\"name\": \"n\", \"value\": 1048576}],"
	" \"defs\": {\"x\": \"tid.x + ctaid.x*ntid.x\"}, \"threads\": {\"x\": \"n\"},"
	" \"loops\": [{\"var\": \"j\", \"lower\": \"0\", \"upper\": \"4\", \"step\": 1}],"
	" \"fields\": [{\"name\": \"a\", \"space\": \"global\", \"elem_bytes\": 4, \"dims\": [\"n\"]}],"
	" \"accesses\": [{\"field\": \"a\", \"kind\": \"load\", \"bytes\": 4, \"index\": [\"x\"], \"loops\": [\"j\"]}]}";

/* The estimate with thread_instructions n (NULL: none, checked). */
static warpest_estimate *estimate_with(warpest_ctx *ctx, const warpest_kernel *k, const warpest_hw *hw, double n)
{
	warpest_config c;
	warpest_config_init(&c);
	c.registers = 32;
	c.skip_neighbours = 1;
	c.thread_instructions = n;
	warpest_estimate *e = warpest_estimate_compute(ctx, k, hw, &c);
	CHECK(e != NULL, "estimate with thread_instructions %g (%s)", n, e ? "" : warpest_ctx_last_error(ctx));
	return e;
}

static double issue_seconds(warpest_ctx *ctx, const warpest_kernel *k, const warpest_hw *hw, double n)
{
	warpest_estimate *e = estimate_with(ctx, k, hw, n);
	double s = e ? warpest_estimate_summary(e)->limiter_seconds[warpest_limiter_compute] : -1;
	warpest_estimate_free(e);
	return s;
}

/* The report's compute.warp_instructions (docs/report-format.md). */
static double warp_instructions(warpest_ctx *ctx, const warpest_kernel *k, const warpest_hw *hw, double n)
{
	warpest_estimate *e = estimate_with(ctx, k, hw, n);
	char *json = e ? warpest_estimate_to_json(e) : NULL;
	const char *at = json ? strstr(json, "\"warp_instructions\":") : NULL;
	double v = at ? strtod(at + strlen("\"warp_instructions\":"), NULL) : -1;
	free(json);
	warpest_estimate_free(e);
	return v;
}

int main(void)
{
	warpest_ctx *ctx = warpest_ctx_alloc();
	warpest_hw *hw = warpest_hw_find(ctx, NULL, "a100-40gb");
	warpest_kernel *flat = warpest_kernel_read_string(ctx, flat_model, "flat");
	warpest_kernel *looped = warpest_kernel_read_string(ctx, loop_model, "looped");
	CHECK(hw && flat && looped, "table and models");
	if (hw && flat && looped) {
		/* the model's own: fp32 pipe 8 FMAs x 2^20 / (64 lanes x 108 SMs x
		 * 1410 MHz) = 8388608 / 9.74592e12 = 0.8607 us; issue 10 x 2^20 / 32
		 * / (4 x 108 x 1.41e9) = 327680 / 6.0912e11 = 0.538 us: fp32 binds */
		double model = issue_seconds(ctx, flat, hw, 0);
		CHECK_NEAR(model, 8388608.0 / 9.74592e12, 1e-6, "the model's count: the fp32 pipe");
		/* the binary's 40 instructions a thread: 40 x 2^20 / 32 = 1310720
		 * warp-instructions / 6.0912e11 = 2.1518 us, past the fp32 pipe */
		double binary = issue_seconds(ctx, flat, hw, 40);
		CHECK_NEAR(binary, 1310720.0 / 6.0912e11, 1e-6, "the binary's count: the issue limit");
		/* 5 instructions a thread, below the model's 10: the model's count
		 * stays, 10 x 2^20 / 32 = 327680 warp-instructions */
		CHECK_NEAR(warp_instructions(ctx, flat, hw, 5), 327680.0, 1e-9,
			"a smaller binary count leaves the model's");
		CHECK_NEAR(warp_instructions(ctx, flat, hw, 40), 1310720.0, 1e-9,
			"a larger one replaces it");
		warpest_config c;
		warpest_config_init(&c);
		c.skip_neighbours = 1;
		c.thread_instructions = 40;
		warpest_estimate *e = warpest_estimate_compute(ctx, looped, hw, &c);
		const char *err = warpest_ctx_last_error(ctx);
		CHECK(e == NULL && err && strstr(err, "kernel 'looped'") && strstr(err, "no loops"),
			"a model with loops refused: %s", err ? err : "(none)");
		warpest_estimate_free(e);
		c.thread_instructions = -1;
		e = warpest_estimate_compute(ctx, flat, hw, &c);
		err = warpest_ctx_last_error(ctx);
		CHECK(e == NULL && err && strstr(err, "thread_instructions is -1"), "a negative count refused: %s",
			err ? err : "(none)");
		warpest_estimate_free(e);
	}
	warpest_kernel_free(flat);
	warpest_kernel_free(looped);
	warpest_hw_free(hw);
	warpest_ctx_free(ctx);
	return check_summary();
}
