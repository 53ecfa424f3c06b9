/* L1 data and tag wavefronts of single warp-instructions (SPEC §5.1), with
 * the expected values derived by hand from the bank and sector rules. */
#include <string.h>

#include "cache/block_eval.h"
#include "check.h"
#include "base/ctx.h"

static warp_cost cost_of(const warpest_hw *hw, warp_unit unit, int bytes, long stride_elems,
	long offset_bytes)
{
	int64_t addr[32];
	unsigned char active[32];
	for (int l = 0; l < 32; l++) {
		addr[l] = ((int64_t)1 << 40) + offset_bytes + (int64_t)l * stride_elems * bytes;
		active[l] = 1;
	}
	warp_cost c;
	warp_access_cost(hw, unit, bytes, addr, active, &c);
	return c;
}

int main(void)
{
	warpest_ctx *ctx = warpest_ctx_alloc();
	warpest_hw *hw = warpest_hw_find(ctx, WARPEST_SOURCE_DIR "/runtime/tables", "h100-sxm");
	CHECK(hw != NULL, "load h100-sxm: %s", warpest_ctx_last_error(ctx));
	if (!hw)
		return check_summary();
	warp_cost c;

	/* unit-stride float: 32 lanes x 4 B = 128 B = 32 distinct banks -> 1 data
	 * wavefront; one 128 B line -> tag 1; 4 sectors */
	c = cost_of(hw, warp_unit_global, 4, 1, 0);
	CHECK(c.data_wavefronts == 1 && c.lines == 1 && c.sectors == 4,
		"float stride 1: data %d lines %d sectors %d (expected 1, 1, 4)", c.data_wavefronts,
		c.lines, c.sectors);
	CHECK_NEAR(c.tag_wavefronts, 1.0, 1e-9, "float stride 1 tag wavefronts");
	CHECK_NEAR(c.cycles, 1.0, 1e-9, "float stride 1 cycles = max(1 data, 1 tag, 32*4/128 issue)");

	/* unit-stride double: served per half-warp, 16 lanes x 8 B = 128 B each,
	 * no conflicts -> 2 wavefronts; 256 B = 2 lines -> tag 1.24; 8 sectors */
	c = cost_of(hw, warp_unit_global, 8, 1, 0);
	CHECK(c.data_wavefronts == 2 && c.lines == 2 && c.sectors == 8,
		"double stride 1: data %d lines %d sectors %d (expected 2, 2, 8)", c.data_wavefronts,
		c.lines, c.sectors);
	CHECK_NEAR(c.tag_wavefronts, 1.24, 1e-9, "double stride 1 tag wavefronts (2 lines)");

	/* stride-2 double: a half-warp touches words 0,1,4,5,...,60,61; banks
	 * repeat every 32 words, so each used bank holds 2 distinct words -> 2
	 * per half-warp -> 4 wavefronts; 512 B = 4 lines -> tag 1.89 */
	c = cost_of(hw, warp_unit_global, 8, 2, 0);
	CHECK(c.data_wavefronts == 4 && c.lines == 4, "double stride 2: data %d lines %d (expected 4, 4)",
		c.data_wavefronts, c.lines);
	CHECK_NEAR(c.tag_wavefronts, 1.89, 1e-9, "double stride 2 tag wavefronts (4 lines)");

	/* warp-uniform address: identical words broadcast -> 1 wavefront for a
	 * float, and the half-warp floor of 2 for a double */
	c = cost_of(hw, warp_unit_global, 4, 0, 0);
	CHECK(c.data_wavefronts == 1 && c.lines == 1 && c.sectors == 1 && c.same_address_ways == 32,
		"uniform float: data %d lines %d sectors %d ways %d (expected 1, 1, 1, 32)",
		c.data_wavefronts, c.lines, c.sectors, c.same_address_ways);
	c = cost_of(hw, warp_unit_global, 8, 0, 0);
	CHECK(c.data_wavefronts == 2, "uniform double: data %d (expected 2)", c.data_wavefronts);

	/* 32-way bank conflict in shared memory: floats 32 words apart all sit in
	 * bank 0 with 32 distinct words -> 32 wavefronts */
	c = cost_of(hw, warp_unit_shared, 4, 32, 0);
	CHECK(c.data_wavefronts == 32, "shared float stride 32: data %d (expected 32)", c.data_wavefronts);
	CHECK_NEAR(c.cycles, 32.0, 1e-9, "shared float stride 32 cycles");
	CHECK_NEAR(c.tag_wavefronts, 0.0, 1e-9, "shared accesses have no tag stage");

	/* odd stride 3 floats: words 0,3,...,93 hit 32 distinct banks -> 1
	 * wavefront; 384 B span = 3 lines -> tag 1.62 */
	c = cost_of(hw, warp_unit_global, 4, 3, 0);
	CHECK(c.data_wavefronts == 1 && c.lines == 3, "float stride 3: data %d lines %d (expected 1, 3)",
		c.data_wavefronts, c.lines);
	CHECK_NEAR(c.cycles, 1.62, 1e-9, "float stride 3 cycles = tag 1.62");

	/* 16-byte accesses, unit stride: quarter-warps of 8 lanes x 16 B = 128 B,
	 * conflict-free -> 4 wavefronts; 512 B = 4 lines, 16 sectors */
	c = cost_of(hw, warp_unit_global, 16, 1, 0);
	CHECK(c.data_wavefronts == 4 && c.lines == 4 && c.sectors == 16,
		"float4 stride 1: data %d lines %d sectors %d (expected 4, 4, 16)", c.data_wavefronts,
		c.lines, c.sectors);

	/* misaligned unit-stride float (offset 4 B): 128 B over 2 lines, 5
	 * sectors, banks still distinct -> 1 data wavefront, tag 1.24 */
	c = cost_of(hw, warp_unit_global, 4, 1, 4);
	CHECK(c.data_wavefronts == 1 && c.lines == 2 && c.sectors == 5,
		"float stride 1 offset 4 B: data %d lines %d sectors %d (expected 1, 2, 5)",
		c.data_wavefronts, c.lines, c.sectors);

	/* the constant cache: one pass per distinct 4-byte word. A uniform float
	 * is one pass (broadcast), where the L1 would also need 1; 32 distinct
	 * consecutive floats are 32 passes, where the L1 data stage needs 1; a
	 * uniform float4 is its 4 words, 4 passes */
	c = cost_of(hw, warp_unit_constant, 4, 0, 0);
	CHECK(c.data_wavefronts == 1 && c.tag_wavefronts == 0, "constant uniform float: %d passes (expected 1)",
		c.data_wavefronts);
	CHECK_NEAR(c.cycles, 1.0, 1e-9, "constant uniform float cycles = passes");
	c = cost_of(hw, warp_unit_constant, 4, 1, 0);
	CHECK(c.data_wavefronts == 32, "constant stride-1 float: %d passes (expected 32)", c.data_wavefronts);
	c = cost_of(hw, warp_unit_constant, 16, 0, 0);
	CHECK(c.data_wavefronts == 4, "constant uniform float4: %d passes (expected 4)", c.data_wavefronts);

	/* a 64 B/cycle L1 (RTX 2080 Super): a coalesced float warp still needs 2
	 * cycles, the issue limit 32*4/64 */
	warpest_hw *tu = warpest_hw_find(ctx, WARPEST_SOURCE_DIR "/runtime/tables", "rtx2080super");
	CHECK(tu != NULL, "load rtx2080super");
	if (tu) {
		c = cost_of(tu, warp_unit_global, 4, 1, 0);
		CHECK_NEAR(c.cycles, 2.0, 1e-9, "rtx2080super float stride 1 cycles");
		warpest_hw_free(tu);
	}
	warpest_hw_free(hw);
	warpest_ctx_free(ctx);
	return check_summary();
}
