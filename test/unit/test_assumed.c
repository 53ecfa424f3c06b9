/* Unanalysed accesses counted under a stated assumption (cache/assumed.c):
 * random, uniform, and lanes (a warp's own pattern at an unknown base that
 * the warp shares), with their launch volumes worked out by hand, and the
 * reader's errors for "lane_offsets". */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "warpest/warpest.h"

/* One load of `bytes` per thread, 32768 threads (1024 full warps), not
 * analysed, under `assume` (with its extra keys). */
static warpest_kernel *model(warpest_ctx *ctx, int bytes, const char *assume)
{
	char text[2048];
	snprintf(text, sizeof text,
		"{\"format\": \"warpest-kernel-model\", \"version\": 1, \"kernel\": \"k\",\n"
		" \"params\": [{\"name\": \"n\", \"value\": 32768}], \"threads\": {\"x\": \"n\"},\n"
		" \"fields\": [{\"name\": \"val\", \"elem_bytes\": %d}],\n"
		" \"accesses\": [{\"field\": \"val\", \"kind\": \"load\", \"bytes\": %d, \"analysable\": false,\n"
		"   \"reason\": \"address depends on data\", %s}]}", bytes, bytes, assume);
	return warpest_kernel_read_string(ctx, text, "assumed.json");
}

/* "lane_offsets": [0, step, 2*step, ...] */
static void offsets(char *out, size_t size, int step)
{
	size_t n = (size_t)snprintf(out, size, "\"assume\": \"lanes\", \"lane_offsets\": [");
	for (int lane = 0; lane < 32 && n < size; lane++)
		n += (size_t)snprintf(out + n, size - n, "%s%d", lane ? ", " : "", lane * step);
	if (n < size)
		snprintf(out + n, size - n, "]");
}

static void expect_volumes(warpest_ctx *ctx, const warpest_hw *hw, int bytes, const char *assume,
	double l2, double dram, const char *what)
{
	warpest_kernel *k = model(ctx, bytes, assume);
	warpest_config c;
	warpest_config_init(&c);
	c.block[0] = 256;
	warpest_estimate *e = k ? warpest_estimate_compute(ctx, k, hw, &c) : NULL;
	CHECK(e != NULL, "%s: estimate: %s", what, warpest_ctx_last_error(ctx));
	if (e) {
		const warpest_summary *s = warpest_estimate_summary(e);
		CHECK(fabs(s->l2_load_bytes - l2) < 1e-6, "%s: L2 -> L1 %.6g B (expected %.6g)", what,
			s->l2_load_bytes, l2);
		CHECK(fabs(s->dram_load_bytes - dram) < 1e-6, "%s: DRAM load %.6g B (expected %.6g)", what,
			s->dram_load_bytes, dram);
	}
	warpest_estimate_free(e);
	warpest_kernel_free(k);
}

static void expect_read_error(warpest_ctx *ctx, const char *assume, const char *fragment)
{
	warpest_kernel *k = model(ctx, 8, assume);
	const char *msg = warpest_ctx_last_error(ctx);
	CHECK(!k && strstr(msg, fragment), "'%s': '%s'", fragment, k ? "(read)" : msg);
	warpest_kernel_free(k);
}

int main(void)
{
	warpest_ctx *ctx = warpest_ctx_alloc();
	warpest_hw *hw = warpest_hw_find(ctx, NULL, "a100-40gb"); /* 32 B sectors, 64 B DRAM fetch */
	CHECK(hw != NULL, "table: %s", warpest_ctx_last_error(ctx));
	if (!hw)
		return check_summary();
	char lanes[1024];

	/* random, 8 B: each lane on its own line, one sector each: 1024 warps
	 * x 32 sectors x 32 B = 1048576 B from L2; from DRAM a 64 B fetch unit
	 * per sector: 2097152 B */
	expect_volumes(ctx, hw, 8, "\"assume\": \"random\"", 1048576, 2097152, "random 8 B");
	/* random, 1 B: the lanes on distinct lines and distinct banks, so one
	 * data wavefront a warp-instruction: 1024 in the launch */
	{
		warpest_kernel *k = model(ctx, 1, "\"assume\": \"random\"");
		warpest_config c;
		warpest_config_init(&c);
		c.block[0] = 256;
		warpest_estimate *e = k ? warpest_estimate_compute(ctx, k, hw, &c) : NULL;
		CHECK(e && fabs(warpest_estimate_summary(e)->l1_data_wavefronts - 1024) < 1e-9,
			"random 1 B: %.6g L1 data wavefronts (expected 1024)",
			e ? warpest_estimate_summary(e)->l1_data_wavefronts : -1);
		warpest_estimate_free(e);
		warpest_kernel_free(k);
	}
	/* uniform: one sector a warp: 1024 x 32 = 32768 B; DRAM 1024 x 64 */
	expect_volumes(ctx, hw, 8, "\"assume\": \"uniform\"", 32768, 65536, "uniform 8 B");

	/* lanes, 8 B apart (a CSR row read by a warp): 256 B from a base at
	 * one of the 16 element-aligned places in a line; at 4 of them (the
	 * sector-aligned ones) 8 sectors, else 9: (4*8 + 12*9) / 16 = 8.75
	 * sectors a warp. 1024 x 8.75 x 32 B = 286720 B from L2, and the same
	 * from DRAM: the sectors are contiguous, so neighbouring rows share
	 * the fetch units */
	offsets(lanes, sizeof lanes, 8);
	expect_volumes(ctx, hw, 8, lanes, 286720, 286720, "lanes 8 B contiguous");
	/* 4 B apart: 128 B at one of 32 places, 4 sectors at 4 of them (every
	 * 8th), else 5: (4*4 + 28*5) / 32 = 4.875 sectors; 1024 x 4.875 x 32 =
	 * 159744 B, from L2 and from DRAM */
	offsets(lanes, sizeof lanes, 4);
	expect_volumes(ctx, hw, 4, lanes, 159744, 159744, "lanes 4 B contiguous");
	/* 128 B apart (a column of a row-major tile): a sector per lane at any
	 * base, 32 a warp, 1048576 B from L2; not contiguous, so a 64 B fetch
	 * unit each from DRAM: 2097152 B */
	offsets(lanes, sizeof lanes, 128);
	expect_volumes(ctx, hw, 4, lanes, 1048576, 2097152, "lanes 4 B strided");

	/* the reader */
	expect_read_error(ctx, "\"assume\": \"lanes\"", "needs 'lane_offsets'");
	expect_read_error(ctx, "\"assume\": \"lanes\", \"lane_offsets\": [0, 8]",
		"lane_offsets: must be an array of 32 integers");
	offsets(lanes, sizeof lanes, 8);
	lanes[strlen("\"assume\": \"lanes\", \"lane_offsets\": [")] = '5'; /* lane 0 at 5 */
	expect_read_error(ctx, lanes, "entry 0 must be 0");
	expect_read_error(ctx, "\"assume\": \"random\", \"lane_offsets\": []",
		"'lane_offsets' goes with \"assume\": \"lanes\" only");
	expect_read_error(ctx, "\"assume\": \"sideways\"", "assume must be 'random', 'uniform' or 'lanes'");
	warpest_hw_free(hw);
	warpest_ctx_free(ctx);
	return check_summary();
}
