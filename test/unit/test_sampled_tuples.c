/* Long constant loop nests over shared memory (a micro-benchmark's 1000 x
 * 256 reads of a warp-dependent index): the lane walk visited every tuple
 * of every warp, 8 M lane evaluations a block here, and real modules hit
 * the work limit or spent seconds. When every tuple has the same active
 * lanes (constant loops, a guard free of loop variables) and the access
 * keeps no lane runs, only the costed tuples (every sample_stride-th, as
 * the full walk costs them) are visited, each standing for the tuples up
 * to the next: instruction and lane counts stay exact. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "warpest/warpest.h"

/* Block 128, loops i < 1000, j < 64: 64000 tuples a warp. Guard tid.x <
 * 100: warps 0..2 whole, warp 3 lanes 96..99. A: tid.x/32 + 4j (one word
 * per warp: 1 wavefront). B: 32 (tid.x/16) + j (lanes 0-15 and 16-31 of a
 * warp hit words 32 apart: one bank, 2 wavefronts; warp 3's four lanes all
 * have tid.x/16 = 6: 1 wavefront). */
static const char model[] =
	"{\"format\": \"warpest-kernel-model\", \"version\": 1, \"kernel\": \"shm_loops\","
	" \"grid\": {\"x\": \"8\"},"
	" \"loops\": [{\"var\": \"i\", \"lower\": \"0\", \"upper\": \"1000\", \"step\": 1},"
	"   {\"var\": \"j\", \"lower\": \"0\", \"upper\": \"64\", \"step\": 1}],"
	" \"fields\": [{\"name\": \"s\", \"space\": \"shared\", \"elem_bytes\": 4, \"dims\": [\"4096\"]}],"
	" \"accesses\": [{\"field\": \"s\", \"kind\": \"load\", \"bytes\": 4,"
	"     \"index\": [\"tid.x / 32 + 4*j\"], \"loops\": [\"i\", \"j\"], \"guard\": \"tid.x < 100\"},"
	"   {\"field\": \"s\", \"kind\": \"load\", \"bytes\": 4,"
	"     \"index\": [\"32*(tid.x / 16) + j\"], \"loops\": [\"i\", \"j\"], \"guard\": \"tid.x < 100\"}]}";

/* The number after `key` in access `index`'s object of the JSON report. */
static double access_number(const char *json, int index, const char *key)
{
	char head[32];
	snprintf(head, sizeof(head), "\"index\": %d,", index);
	const char *a = json ? strstr(strstr(json, "\"accesses\""), head) : NULL;
	const char *p = a ? strstr(a, key) : NULL;
	return p ? strtod(p + strlen(key), NULL) : -1;
}

/* One block of 256 threads reads a[tid.x + j] for j < 1024, a global
 * load costed on every sample_stride-th tuple of each warp, from its first,
 * each standing for the tuples up to the next or to the warp's last. A
 * warp's 32 floats start at element 32 w + j: 4 sectors where j % 8 == 0,
 * else 5. A stride of 1024 / 128 = 8 costs only j % 8 == 0 (4.0 a request,
 * before); the odd stride 9 costs j = 0, 9, ..., 1017 (114 tuples), whose
 * residues mod 8 cycle: 15 of them at j % 8 == 0 (j = 72 m, m = 0..14),
 * and the last, j = 1017 (5 sectors), stands for 1024 - 1017 = 7. A warp:
 * 15 x 4 x 9 + 98 x 5 x 9 + 5 x 7 = 4985 sectors over its 1024 requests;
 * 8 warps, 39,880 over 8192: 4.8681640625 (all 1024 tuples: 4.875). */
static void odd_stride(warpest_ctx *ctx, const warpest_hw *hw)
{
	static const char slide[] =
		"{\"format\": \"warpest-kernel-model\", \"version\": 1, \"kernel\": \"slide\","
		" \"grid\": {\"x\": \"1\"},"
		" \"loops\": [{\"var\": \"j\", \"lower\": \"0\", \"upper\": \"1024\", \"step\": 1}],"
		" \"fields\": [{\"name\": \"a\", \"space\": \"global\", \"elem_bytes\": 4, \"align\": 256}],"
		" \"accesses\": [{\"field\": \"a\", \"kind\": \"load\", \"bytes\": 4,"
		"     \"index\": [\"tid.x + j\"], \"loops\": [\"j\"]}]}";
	warpest_kernel *k = warpest_kernel_read_string(ctx, slide, "slide");
	CHECK(k != NULL, "slide model (%s)", k ? "" : warpest_ctx_last_error(ctx));
	warpest_config c;
	warpest_config_init(&c);
	c.block[0] = 256;
	c.registers = 32;
	c.skip_neighbours = 1;
	warpest_estimate *e = k ? warpest_estimate_compute(ctx, k, hw, &c) : NULL;
	char *json = e ? warpest_estimate_to_json(e) : NULL;
	CHECK_NEAR(access_number(json, 0, "\"sectors_per_request\": "), 39880.0 / 8192.0, 1e-12,
		"sliding window: sectors a request from an odd costing stride");
	free(json);
	warpest_estimate_free(e);
	warpest_kernel_free(k);
}

int main(void)
{
	warpest_ctx *ctx = warpest_ctx_alloc();
	warpest_hw *hw = warpest_hw_find(ctx, NULL, "h100-sxm");
	warpest_kernel *k = warpest_kernel_read_string(ctx, model, "shm_loops");
	CHECK(hw && k, "table and model (%s)", warpest_ctx_last_error(ctx));
	if (!hw || !k)
		return check_summary();
	warpest_config c;
	warpest_config_init(&c);
	c.block[0] = 128;
	c.registers = 32;
	c.skip_neighbours = 1;
	/* the full walk needs 8 blocks x 4 warps x 64000 tuples x 2 accesses x
	 * 32 lanes, 1 class evaluated: 16.4 M; the sampled one 4 x 2 x 128 x 32 */
	c.work_limit = 1000000;
	warpest_estimate *e = warpest_estimate_compute(ctx, k, hw, &c);
	CHECK(e != NULL, "estimated within 10^6 lane evaluations (%s)",
		e ? "" : warpest_ctx_last_error(ctx));
	char *json = e ? warpest_estimate_to_json(e) : NULL;
	/* 8 blocks x 4 warps x 64000 tuples = 2,048,000 warp-instructions each */
	CHECK_NEAR(access_number(json, 0, "\"warp_instructions\": "), 2048000.0, 1e-6, "A instructions");
	CHECK_NEAR(access_number(json, 1, "\"warp_instructions\": "), 2048000.0, 1e-6, "B instructions");
	/* 100 active threads over 4 warps */
	CHECK_NEAR(access_number(json, 0, "\"active_lanes_per_instruction\": "), 25.0, 1e-9, "A lanes");
	/* B: (2 + 2 + 2 + 1) / 4 = 1.75 wavefronts an instruction */
	CHECK_NEAR(access_number(json, 1, "\"data_wavefronts_per_instruction\": "), 1.75, 1e-9,
		"B wavefronts");
	if (e) {
		/* A 2,048,000 x 1 + B 8 x 64000 x 7 = 3,584,000: 5,632,000 */
		CHECK_NEAR(warpest_estimate_summary(e)->l1_data_wavefronts, 5632000.0, 1e-6,
			"L1 data wavefronts per launch");
	}
	free(json);
	warpest_estimate_free(e);
	warpest_kernel_free(k);
	odd_stride(ctx, hw);
	warpest_hw_free(hw);
	warpest_ctx_free(ctx);
	return check_summary();
}
