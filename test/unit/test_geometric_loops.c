/* Geometric loops (docs/kernel-model.md "Loops", docs/model.md "Geometric
 * loops"): `for (s = ntid.x / 2; s > 0; s >>= 1) if (t < s) sm[t] += sm[t + s];`
 * and `for (s = 1; s < ntid.x; s *= 2)` are unrolled once the launch fixes
 * ntid.x, and the report folds the copies back into the model's accesses. */
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "warpest/warpest.h"

/* A tree reduction over 4-byte floats: the load of the loop (with the add
 * that runs with it) and the store before it, which every thread runs;
 * LOOPS and ACCESS_LOOPS may wrap the halving loop in an arithmetic one. */
#define TREE_MODEL(LOOPS, SLOOP, ACCESS_LOOPS) \
	ANY_MODEL(LOOPS, "tid.x + " SLOOP, "tid.x < " SLOOP, ACCESS_LOOPS)
#define ANY_MODEL(LOOPS, INDEX, GUARD, ACCESS_LOOPS) \
	"{\"format\": \"warpest-kernel-model\", \"version\": 1, \"kernel\": \"tree\"," \
	" \"params\": [{\"name\": \"n\", \"value\": 1048576}], \"threads\": {\"x\": \"n\"}," \
	" \"loops\": [" LOOPS "]," \
	" \"fields\": [{\"name\": \"sm\", \"space\": \"shared\", \"elem_bytes\": 4, \"dims\": [\"1024\"]}]," \
	" \"accesses\": [{\"field\": \"sm\", \"kind\": \"load\", \"bytes\": 4, \"index\": [\"" INDEX "\"]," \
	"   \"loops\": " ACCESS_LOOPS ", \"guard\": \"" GUARD "\"}," \
	"  {\"field\": \"sm\", \"kind\": \"store\", \"bytes\": 4, \"index\": [\"tid.x\"]}]," \
	" \"ops\": [{\"loops\": " ACCESS_LOOPS ", \"runs_with\": 0, \"fp32_add\": 1}]}"

#define HALVING(ABOVE, EXTRA) \
	"{\"var\": \"s\", \"lower\": \"ntid.x / 2\", \"shift\": 1, \"above\": \"" ABOVE "\"" EXTRA "}"

typedef struct figures {
	int ok;
	double warp_instructions, lanes_per_instruction, wavefronts_per_instruction, flops;
} figures;

static figures run(warpest_ctx *ctx, const warpest_hw *hw, const char *json, int block)
{
	figures f = {0, 0, 0, 0, 0};
	warpest_kernel *k = warpest_kernel_read_string(ctx, json, "tree");
	CHECK(k != NULL, "model read (%s)", k ? "ok" : warpest_ctx_last_error(ctx));
	warpest_config config;
	warpest_config_init(&config);
	/* a negative block: 256 threads and that many blocks */
	config.block[0] = block > 0 ? block : 256;
	if (block < 0) {
		config.grid[0] = -block;
		config.grid[1] = config.grid[2] = 1;
	}
	config.registers = 32;
	config.skip_neighbours = 1;
	warpest_estimate *e = k ? warpest_estimate_compute(ctx, k, hw, &config) : NULL;
	CHECK(e != NULL, "estimate at block %d (%s)", config.block[0], e ? "ok" : warpest_ctx_last_error(ctx));
	char *text = e ? warpest_estimate_to_json(e) : NULL;
	json_object *root = text ? json_tokener_parse(text) : NULL, *accs = NULL;
	if (root && json_object_object_get_ex(root, "accesses", &accs) && json_object_array_length(accs) == 2) {
		json_object *a = json_object_array_get_idx(accs, 0), *v;
		f.ok = 1;
		if (json_object_object_get_ex(a, "warp_instructions", &v))
			f.warp_instructions = json_object_get_double(v);
		if (json_object_object_get_ex(a, "active_lanes_per_instruction", &v))
			f.lanes_per_instruction = json_object_get_double(v);
		if (json_object_object_get_ex(a, "data_wavefronts_per_instruction", &v))
			f.wavefronts_per_instruction = json_object_get_double(v);
		f.flops = warpest_estimate_summary(e)->flops;
	}
	CHECK(f.ok, "the report has a row for each access of the model");
	json_object_put(root);
	free(text);
	warpest_estimate_free(e);
	warpest_kernel_free(k);
	return f;
}

/* Whether the estimate at block 256 lists an assumption containing `text`. */
static int has_assumption(warpest_ctx *ctx, const warpest_hw *hw, const char *json, const char *text)
{
	warpest_kernel *k = warpest_kernel_read_string(ctx, json, "tree");
	warpest_config config;
	warpest_config_init(&config);
	config.registers = 32;
	config.skip_neighbours = 1;
	warpest_estimate *e = k ? warpest_estimate_compute(ctx, k, hw, &config) : NULL;
	char *report = e ? warpest_estimate_to_json(e) : NULL;
	json_object *root = report ? json_tokener_parse(report) : NULL, *list = NULL;
	int found = 0;
	if (root && json_object_object_get_ex(root, "assumptions", &list))
		for (size_t i = 0; i < json_object_array_length(list); i++)
			found |= strstr(json_object_get_string(json_object_array_get_idx(list, i)), text) != NULL;
	json_object_put(root);
	free(report);
	warpest_estimate_free(e);
	warpest_kernel_free(k);
	return found;
}

static void check_refused(warpest_ctx *ctx, const warpest_hw *hw, const char *json, int block, const char *says)
{
	warpest_kernel *k = warpest_kernel_read_string(ctx, json, "tree");
	warpest_estimate *e = NULL;
	if (k) {
		warpest_config config;
		warpest_config_init(&config);
		config.block[0] = block;
		config.skip_neighbours = 1;
		e = warpest_estimate_compute(ctx, k, hw, &config);
	}
	const char *err = warpest_ctx_last_error(ctx);
	int ok = (!k || !e) && err && strstr(err, says);
	CHECK(ok, "refused, naming it: %s", says);
	if (!ok)
		fprintf(stderr, "  got: %s\n", err ? err : "(no error)");
	warpest_estimate_free(e);
	warpest_kernel_free(k);
}

int main(void)
{
	warpest_ctx *ctx = warpest_ctx_alloc();
	warpest_hw *hw = warpest_hw_find(ctx, NULL, "a100-40gb");
	CHECK(hw != NULL, "table");
	if (!hw) {
		warpest_ctx_free(ctx);
		return check_summary();
	}
	/* block 256: s = 128, 64, 32, 16, 8, 4, 2, 1. Threads t < s load:
	 * warps 4 + 2 + 1 + 1*5 = 12 warp-instructions a block, lanes
	 * 128+64+32+16+8+4+2+1 = 255; 4096 blocks (n / 256): 49152
	 * instructions, 255/12 = 21.25 lanes each; 4-byte lanes on distinct
	 * banks: 1 wavefront each; the add runs with the load: 255 * 4096 =
	 * 1044480 flops. */
	figures f = run(ctx, hw, TREE_MODEL(HALVING("0", ""), "s", "[\"s\"]"), 256);
	CHECK_NEAR(f.warp_instructions, 49152.0, 1e-6, "tree: warp-instructions");
	CHECK_NEAR(f.lanes_per_instruction, 21.25, 1e-9, "tree: active lanes per instruction");
	CHECK_NEAR(f.wavefronts_per_instruction, 1.0, 1e-9, "tree: wavefronts per instruction");
	CHECK_NEAR(f.flops, 1044480.0, 1e-6, "tree: flops run with the load");
	/* above 32 (the warp finishes with shuffles): s = 128, 64 only:
	 * 6 instructions and 192 lanes a block; 24576 instructions and
	 * 786432 flops */
	f = run(ctx, hw, TREE_MODEL(HALVING("32", ""), "s", "[\"s\"]"), 256);
	CHECK_NEAR(f.warp_instructions, 24576.0, 1e-6, "stop above 32: warp-instructions");
	CHECK_NEAR(f.flops, 786432.0, 1e-6, "stop above 32: flops");
	/* block 96: s = 48, 24, 12, 6, 3, 1: 2 + 1*5 = 7 instructions and 94
	 * lanes a block; 10923 blocks (ceil(2^20 / 96)): 76461 instructions,
	 * 94/7 = 13.428571 lanes each, 1026762 flops */
	f = run(ctx, hw, TREE_MODEL(HALVING("0", ""), "s", "[\"s\"]"), 96);
	CHECK_NEAR(f.warp_instructions, 76461.0, 1e-6, "block 96: warp-instructions");
	CHECK_NEAR(f.lanes_per_instruction, 94.0 / 7.0, 1e-9, "block 96: lanes per instruction");
	CHECK_NEAR(f.flops, 1026762.0, 1e-6, "block 96: flops");
	/* block 1: ntid.x / 2 = 0, no iteration: the one copy never runs, and
	 * its operations are not counted */
	f = run(ctx, hw, TREE_MODEL(HALVING("0", ""), "s", "[\"s\"]"), 1);
	CHECK_NEAR(f.warp_instructions, 0.0, 0, "no iteration: no instruction");
	CHECK_NEAR(f.flops, 0.0, 0, "no iteration: no flops");
	/* block 2, above 1: s = 1 is not above 1, but a test at the end of the
	 * body runs the first value anyway: thread 0 loads once a block,
	 * 2^19 blocks */
	f = run(ctx, hw, TREE_MODEL(HALVING("1", ""), "s", "[\"s\"]"), 2);
	CHECK_NEAR(f.warp_instructions, 0.0, 0, "tested first: no instruction");
	f = run(ctx, hw, TREE_MODEL(HALVING("1", ", \"first_always\": true"), "s", "[\"s\"]"), 2);
	CHECK_NEAR(f.warp_instructions, 524288.0, 1e-6, "tested at the end: one instruction a block");
	/* inside an arithmetic loop of 4 iterations: 4 x the tree's figures */
	f = run(ctx, hw, TREE_MODEL("{\"var\": \"j\", \"lower\": \"0\", \"upper\": \"4\", \"step\": 1}, "
		HALVING("0", ""), "s + 0*j", "[\"j\", \"s\"]"), 256);
	CHECK_NEAR(f.warp_instructions, 4 * 49152.0, 1e-6, "nested: warp-instructions");
	CHECK_NEAR(f.flops, 4 * 1044480.0, 1e-6, "nested: flops");

	/* doubling, the interleaved reduction: index = 2*s*t, if (index <
	 * ntid.x) sm[index] += sm[index + s]; s = 1, 2, ..., 128 at block 256.
	 * Loads of words 2st + s by the threads t < 128/s:
	 *   s   lanes warps banks hit              wavefronts a warp
	 *   1   128   4     odd banks, 2 lanes each  2 (x4 warps = 8)
	 *   2    64   2     banks 2 mod 4, 4 each    4 (x2 = 8)
	 *   4    32   1     banks 4 mod 8, 8 each    8
	 *   8    16   1     banks 8 and 24, 8 each   8
	 *   16    8   1     bank 16                  8
	 *   32    4   1     bank 0                   4
	 *   64    2   1     bank 0                   2
	 *   128   1   1                              1
	 * 12 warp-instructions and 47 wavefronts a block; 4096 blocks: 49152
	 * instructions, 47/12 = 3.916667 wavefronts each; 255 lanes a block:
	 * 1044480 flops */
	f = run(ctx, hw, ANY_MODEL("{\"var\": \"s\", \"lower\": \"1\", \"shift\": -1, \"below\": \"ntid.x\"}",
		"2*s*tid.x + s", "2*s*tid.x < ntid.x", "[\"s\"]"), 256);
	CHECK_NEAR(f.warp_instructions, 49152.0, 1e-6, "doubling: warp-instructions");
	CHECK_NEAR(f.wavefronts_per_instruction, 47.0 / 12.0, 1e-9, "doubling: bank conflicts level by level");
	CHECK_NEAR(f.flops, 1044480.0, 1e-6, "doubling: flops");
	/* a division by the variable: t / s < 2, the lanes below 2s, each level
	 * s = 1..128 (block 256) loads sm[t] for 2s lanes (256 at s = 128):
	 * warps 1+1+1+1+1+2+4+8 = 19 a block, lanes 2+4+...+256 = 510: 77824
	 * instructions, 2088960 flops */
	f = run(ctx, hw, ANY_MODEL("{\"var\": \"s\", \"lower\": \"1\", \"shift\": -1, \"below\": \"ntid.x\"}",
		"tid.x", "tid.x / s < 2", "[\"s\"]"), 256);
	CHECK_NEAR(f.warp_instructions, 77824.0, 1e-6, "division by the variable: warp-instructions");
	CHECK_NEAR(f.flops, 2088960.0, 1e-6, "division by the variable: flops");

	/* the iteration count beside the variable: a double buffer's parity,
	 * tid.x + 512*(k % 2), with the tree's lanes (49152 instructions); the
	 * 4-byte lanes stay on distinct banks */
	f = run(ctx, hw, ANY_MODEL("{\"var\": \"s\", \"count\": \"k\", \"lower\": \"ntid.x / 2\", \"shift\": 1, "
		"\"above\": \"0\"}", "tid.x + 512*(k % 2) + 0*s*k", "tid.x < s", "[\"s\"]"), 256);
	CHECK_NEAR(f.warp_instructions, 49152.0, 1e-6, "count: warp-instructions");
	CHECK_NEAR(f.wavefronts_per_instruction, 1.0, 1e-9, "count: wavefronts");

	/* nested, a bitonic sort of 2 * ntid.x keys: the size z doubles from 2
	 * to 512 at block 256 (9 values, 2^m for m = 1..9), the stride s halves
	 * from z / 2 to 1 within each (m values): 1 + 2 + ... + 9 = 45 copies,
	 * each run by all 8 warps (pos = 2t - t % s): 360 warp-instructions a
	 * block, 8 blocks: 2880 of 32 lanes */
	f = run(ctx, hw, ANY_MODEL("{\"var\": \"z\", \"lower\": \"2\", \"shift\": -1, \"below\": \"2*ntid.x + 1\"}, "
		"{\"var\": \"s\", \"lower\": \"z / 2\", \"shift\": 1, \"above\": \"0\"}",
		"2*tid.x - tid.x % s + s", "tid.x < ntid.x", "[\"z\", \"s\"]"), -8);
	CHECK_NEAR(f.warp_instructions, 2880.0, 1e-6, "nested: a stride from the size, warp-instructions");
	CHECK_NEAR(f.lanes_per_instruction, 32.0, 1e-9, "nested: lanes");

	/* a variable that shifts with the loop's ("also"): a Blelloch up-sweep
	 * at block 256, d = 256, 128, ..., 1 (9 values) while the offset o = 1,
	 * 2, ..., 256; threads t < d write word o*(2t + 2) - 1:
	 *   o   lanes  warps  lanes on one bank  wavefronts
	 *   1    256    8      2                 16
	 *   2    128    4      4                 16
	 *   4     64    2      8                 16
	 *   8     32    1     16                 16
	 *   16    16    1     16                 16
	 *   32     8    1      8                  8
	 *   64     4    1      4                  4
	 *   128    2    1      2                  2
	 *   256    1    1      1                  1
	 * 20 warp-instructions and 95 wavefronts a block; 8 blocks: 160, 4.75 each */
	f = run(ctx, hw, ANY_MODEL("{\"var\": \"d\", \"lower\": \"ntid.x\", \"shift\": 1, \"above\": \"0\", "
		"\"also\": [{\"var\": \"o\", \"lower\": \"1\", \"shift\": -1}]}",
		"o*(2*tid.x + 2) - 1", "tid.x < d", "[\"d\"]"), -8);
	CHECK_NEAR(f.warp_instructions, 160.0, 1e-6, "also: warp-instructions");
	CHECK_NEAR(f.wavefronts_per_instruction, 4.75, 1e-9, "also: bank conflicts of the offset's levels");

	/* an inner loop starting from an outer loop's "also" variable: its
	 * values depend on the outer ones, and its note says so rather than
	 * listing values computed without them */
	CHECK(has_assumption(ctx, hw, ANY_MODEL("{\"var\": \"d\", \"lower\": \"ntid.x\", \"shift\": 1, \"above\": \"64\", "
		"\"also\": [{\"var\": \"o\", \"lower\": \"1\", \"shift\": -1}]}, "
		"{\"var\": \"s\", \"lower\": \"o\", \"shift\": 1, \"above\": \"0\"}",
		"tid.x + s", "tid.x < d", "[\"d\", \"s\"]"),
		"halving loop 's' unrolled at this launch within each value of the loops around it"),
		"nested on an 'also' variable: the note says the values depend on the outer loop");

	/* refused, each naming what is wrong */
	check_refused(ctx, hw, ANY_MODEL("{\"var\": \"d\", \"lower\": \"ntid.x\", \"shift\": 1, \"above\": \"0\", "
		"\"also\": [{\"var\": \"o\", \"lower\": \"tid.x\", \"shift\": -1}]}",
		"o + tid.x", "tid.x < d", "[\"d\"]"), 256, "loops[0].also[0]: 'lower' must not depend");
	check_refused(ctx, hw, ANY_MODEL("{\"var\": \"j\", \"lower\": \"0\", \"upper\": \"4\", \"step\": 1, "
		"\"also\": [{\"var\": \"o\", \"lower\": \"1\", \"shift\": -1}]}",
		"tid.x + j", "tid.x < 4", "[\"j\"]"), 256, "this loop has no 'shift'");
	check_refused(ctx, hw, ANY_MODEL("{\"var\": \"s\", \"lower\": \"z / 2\", \"shift\": 1, \"above\": \"0\"}, "
		"{\"var\": \"z\", \"lower\": \"2\", \"shift\": -1, \"below\": \"512\"}",
		"tid.x + s", "tid.x < s", "[\"s\", \"z\"]"), 256, "other than those of geometric loops listed before it");
	check_refused(ctx, hw, ANY_MODEL("{\"var\": \"j\", \"count\": \"k\", \"lower\": \"0\", \"upper\": \"4\", "
		"\"step\": 1}", "tid.x + j", "tid.x < 4", "[\"j\"]"), 256, "this loop has no 'shift'");
	check_refused(ctx, hw, ANY_MODEL("{\"var\": \"s\", \"lower\": \"0\", \"shift\": -1, \"below\": \"ntid.x\"}",
		"tid.x + s", "tid.x < s", "[\"s\"]"), 256, "a doubling loop needs a first value of 1 or more");
	check_refused(ctx, hw, ANY_MODEL("{\"var\": \"s\", \"lower\": \"1\", \"shift\": -1, \"above\": \"0\"}",
		"tid.x + s", "tid.x < s", "[\"s\"]"), 256, "'above' belongs to a loop that halves");
	check_refused(ctx, hw, ANY_MODEL("{\"var\": \"j\", \"lower\": \"0\", \"upper\": \"4\", \"step\": 1}",
		"2*j*tid.x", "tid.x < 4", "[\"j\"]"), 256, "non-affine expression: product");
	check_refused(ctx, hw, TREE_MODEL(HALVING("n - 2000000", ""), "s", "[\"s\"]"), 256,
		"loop 's': 'above' is -951424");
	check_refused(ctx, hw, TREE_MODEL("{\"var\": \"s\", \"lower\": \"tid.x\", \"shift\": 1, \"above\": \"0\"}",
		"s", "[\"s\"]"), 256, "loops[0]: a geometric loop's 'lower' and its bound must not depend");
	check_refused(ctx, hw, TREE_MODEL("{\"var\": \"s\", \"lower\": \"8\", \"shift\": 1, \"above\": \"0\", "
		"\"upper\": \"4\"}", "s", "[\"s\"]"), 256, "has 'above' or 'below', not 'upper'");
	check_refused(ctx, hw, TREE_MODEL("{\"var\": \"s\", \"lower\": \"8\", \"shift\": 0, \"above\": \"0\"}",
		"s", "[\"s\"]"), 256, "'shift' must not be 0");
	check_refused(ctx, hw, TREE_MODEL(HALVING("0", "") ", {\"var\": \"j\", \"lower\": \"0\", \"upper\": \"s\", "
		"\"step\": 1}", "s + 0*j", "[\"s\", \"j\"]"), 256, "bounds use the variable of a geometric loop");
	check_refused(ctx, hw, TREE_MODEL("{\"var\": \"s\", \"lower\": \"8\", \"upper\": \"9\", \"above\": \"0\"}",
		"s", "[\"s\"]"), 256, "'above', 'below' and 'first_always' belong to geometric");
	warpest_hw_free(hw);
	warpest_ctx_free(ctx);
	return check_summary();
}
