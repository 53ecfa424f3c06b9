/* The shortcuts (wave footprints from boxes and translated unions, L1 costs
 * by residue) must give exactly what lane enumeration gives: same L1
 * wavefronts and cycles per access, same L2 sectors, same DRAM volumes and
 * reuse distances, same prediction. */
#include "reference_path.h"

#include "check.h"
#include "base/ctx.h"
#include "cache/wave_boxes.h"

typedef struct param { const char *name; int64_t value; } param;

/* The model at `model` (relative to the source tree); NULL, a failed check
 * saying why, when it does not load. */
static warpest_kernel *read_model(warpest_ctx *ctx, const char *model)
{
	char path[512];
	snprintf(path, sizeof(path), "%s/%s", WARPEST_SOURCE_DIR, model);
	warpest_kernel *k = warpest_kernel_read_file(ctx, path);
	if (!k)
		CHECK(0, "load %s: %s", model, warpest_ctx_last_error(ctx));
	return k;
}

static void compare(warpest_ctx *ctx, const warpest_hw *hw, const char *model, int bx, int by,
	int bz, const char *variant, const param *params, int n_params, int expect_boxes)
{
	warpest_kernel *k = read_model(ctx, model);
	if (!k)
		return;
	warpest_config c;
	warpest_config_init(&c);
	c.block[0] = bx, c.block[1] = by, c.block[2] = bz;
	c.variant = variant;
	const char *names[8];
	int64_t values[8];
	for (int i = 0; i < n_params && i < 8; i++) {
		names[i] = params[i].name;
		values[i] = params[i].value;
	}
	c.n_params = n_params < 8 ? n_params : 8;
	c.param_names = names;
	c.param_values = values;
	warpest_estimate *boxed, *lanes;
	estimate_both(ctx, k, hw, &c, &boxed, &lanes);
	if (!boxed || !lanes) {
		CHECK(0, "estimate %s: %s", model, warpest_ctx_last_error(ctx));
	} else {
		int applicable = wave_boxes_applicable(&boxed->launch);
		CHECK(applicable == expect_boxes, "%s %dx%dx%d %s: box path %s", model, bx, by, bz,
			variant ? variant : "", applicable ? "applies" : "does not apply");
		const memory_result *a = &boxed->mem, *b = &lanes->mem;
		int same = a->wave_load_units_bytes == b->wave_load_units_bytes &&
			a->wave_store_bytes == b->wave_store_bytes && a->wave_fill_bytes == b->wave_fill_bytes &&
			a->wave_dram_load_bytes == b->wave_dram_load_bytes && a->n_reuse == b->n_reuse &&
			boxed->summary.predicted_seconds == lanes->summary.predicted_seconds;
		for (int i = 0; same && i < a->n_reuse; i++)
			same = a->reuse[i].waves_back == b->reuse[i].waves_back &&
				a->reuse[i].reused_bytes == b->reuse[i].reused_bytes &&
				a->reuse[i].volume_bytes == b->reuse[i].volume_bytes;
		const warpest_summary *sa = &boxed->summary, *sb = &lanes->summary;
		/* sums of the same terms in another order (classes times their
		 * blocks against block by block): equal to the last few bits */
		int same_l1 = same_value(sa->l1_cycles_per_thread, sb->l1_cycles_per_thread) &&
			same_value(sa->l1_data_wavefronts, sb->l1_data_wavefronts) &&
			same_value(sa->l1_tag_wavefronts, sb->l1_tag_wavefronts) &&
			a->wave_requested_load_sectors == b->wave_requested_load_sectors;
		for (int i = 0; same_l1 && i < boxed->launch.n_accesses; i++)
			same_l1 = same_stats(&boxed->access[i], &lanes->access[i]);
		CHECK(same_l1, "%s %dx%dx%d %s: L1 cycles/thread %.6f (residue costs) vs %.6f (lanes)",
			model, bx, by, bz, variant ? variant : "", sa->l1_cycles_per_thread,
			sb->l1_cycles_per_thread);
		CHECK(sa->l2_load_bytes == sb->l2_load_bytes && sa->l2_store_bytes == sb->l2_store_bytes &&
			a->wave_unique_load_sectors == b->wave_unique_load_sectors &&
			a->l1_oversubscription == b->l1_oversubscription,
			"%s %dx%dx%d %s: L2 load %.0f B, %.0f unique sectors (boxes) vs %.0f B, %.0f (lanes)",
			model, bx, by, bz, variant ? variant : "", sa->l2_load_bytes,
			a->wave_unique_load_sectors, sb->l2_load_bytes, b->wave_unique_load_sectors);
		CHECK(same, "%s %dx%dx%d %s: boxes %.0f B compulsory, %.0f B after reuse, %d distances; "
			"lanes %.0f B, %.0f B, %d distances", model, bx, by, bz, variant ? variant : "",
			a->wave_load_units_bytes, a->wave_dram_load_bytes, a->n_reuse,
			b->wave_load_units_bytes, b->wave_dram_load_bytes, b->n_reuse);
	}
	warpest_estimate_free(boxed);
	warpest_estimate_free(lanes);
	warpest_kernel_free(k);
}

/* A wave of more rows than wave_boxes.c emits at once: the block classes
 * keep no lane runs of boxed accesses, so its footprint must still come
 * from boxes (every row where there is no work limit, a block sample past
 * the limit), never from the classes' empty runs. */
static void too_many_rows(warpest_ctx *ctx, const warpest_hw *hw)
{
	warpest_kernel *k = read_model(ctx, "test/data/models/strided_rows.json");
	if (!k)
		return;
	/* n = 2^22: n/8 = 524,288 threads, each loading in[2x + (n/4)*i] for
	 * i < 32; a wave (132 SMs x 2048 threads) is 270,336 threads x 32 loads,
	 * 8.65 M rows of 4 B 8 B apart: past the 2^22 rows of one pass. For each
	 * i the threads cover 2 * 524,288 * 4 B = 4 MiB with a load every 8 B,
	 * so every 32 B sector; the 32 spans lie n * 4 / 4 = 4 MiB apart, end
	 * to end: 32 * 4 MiB = 134,217,728 B from DRAM, read once. */
	for (int limited = 0; limited < 2; limited++) {
		warpest_config c;
		warpest_config_init(&c);
		c.block[0] = 1024;
		if (!limited)
			c.work_limit = 0;
		warpest_estimate *e = estimate_compute_plain(ctx, k, hw, &c);
		CHECK(e != NULL, "strided_rows (work limit %s): %s", limited ? "default" : "none",
			e ? "" : warpest_ctx_last_error(ctx));
		if (e)
			CHECK(e->summary.dram_load_bytes == 134217728.0 &&
				e->summary.l2_load_bytes == 134217728.0,
				"strided_rows (work limit %s): DRAM load %.0f B, L2 load %.0f B, expected "
				"134217728 B each", limited ? "default" : "none", e->summary.dram_load_bytes,
				e->summary.l2_load_bytes);
		warpest_estimate_free(e);
	}
	warpest_kernel_free(k);
}

/* gemm_coltile at n = 4096, k = 256, 256 threads: boxes give groups A and C,
 * not B; DRAM volumes by hand. */
static void boxed_groups(warpest_ctx *ctx, const warpest_hw *hw)
{
	warpest_kernel *k = read_model(ctx, "test/data/models/gemm_coltile.json");
	if (!k)
		return;
	warpest_config c;
	warpest_config_init(&c);
	c.block[0] = 256;
	const char *names[] = {"n", "k"};
	int64_t values[] = {4096, 256};
	c.n_params = 2, c.param_names = names, c.param_values = values;
	warpest_estimate *e = estimate_compute_plain(ctx, k, hw, &c);
	CHECK(e != NULL, "gemm_coltile: %s", e ? "" : warpest_ctx_last_error(ctx));
	if (e) {
		unsigned char boxed[8] = {0};
		int n = wave_boxes_groups(&e->launch, boxed);
		int b_group = e->launch.accesses[0].group, a_group = e->launch.accesses[2].group;
		int c_group = e->launch.accesses[10].group;
		CHECK(n == 2 && !boxed[b_group] && boxed[a_group] && boxed[c_group],
			"gemm_coltile: %d groups boxed (A %d, B %d, C %d), expected A and C", n,
			boxed[a_group], boxed[b_group], boxed[c_group]);
		/* A: rows 16*kk + {0, 4, 8, 12}, kk < 16: 64 rows of 4096 floats,
		 * 64 * 16384 B = 1,048,576 B; B: rows 16*kk + tid.x / 16, every row
		 * < 256, columns 16*ctaid.y + tid.x % 16 for ctaid.y < 256, every
		 * column: 256 * 16384 B = 4,194,304 B; each read once from DRAM (both
		 * fit L2: 5 MB). C: rows 16*ctaid.y and 16*ctaid.y + 8, 512 rows:
		 * 8,388,608 B stored. */
		CHECK(e->summary.dram_load_bytes == 5242880.0 && e->summary.dram_store_bytes == 8388608.0,
			"gemm_coltile: DRAM %.0f B read, %.0f B written; expected 5242880 and 8388608",
			e->summary.dram_load_bytes, e->summary.dram_store_bytes);
	}
	warpest_estimate_free(e);
	warpest_kernel_free(k);
}

int main(void)
{
	warpest_ctx *ctx = warpest_ctx_alloc();
	warpest_hw *h100 = warpest_hw_find(ctx, WARPEST_SOURCE_DIR "/runtime/tables", "h100-sxm");
	warpest_hw *v100 = warpest_hw_find(ctx, WARPEST_SOURCE_DIR "/runtime/tables", "v100");
	CHECK(h100 && v100, "tables");
	if (!h100 || !v100)
		return check_summary();
	/* narrow and deep shapes put many rows in one block: translated unions
	 * and residue tables see every alignment there */
	const int shapes[][3] = {{256, 1, 2}, {1, 64, 1}, {8, 8, 8}, {2, 16, 4}, {1, 32, 16},
		{4, 4, 16}, {256, 1, 1}};
	param p3d25[] = {{"nx", 72}, {"ny", 40}, {"nz", 24}};
	param p3d7[] = {{"nx", 48}, {"ny", 40}, {"nz", 24}};
	param p2d[] = {{"nx", 520}, {"ny", 300}};
	param pd3q[] = {{"nx", 40}, {"ny", 36}, {"nz", 20}};
	param pn[] = {{"n", 96}};
	/* a 256x256 image over 132 blocks: every block is evaluated on its own */
	param phist[] = {{"npix", 65536}, {"nblocks", 132}};
	for (unsigned s = 0; s < sizeof(shapes) / sizeof(shapes[0]); s++) {
		const int *b = shapes[s];
		const warpest_hw *hw = s % 2 ? v100 : h100;
		compare(ctx, hw, "examples/models/stencil3d25.json", b[0], b[1], b[2], "none", p3d25, 3, 1);
		compare(ctx, hw, "examples/models/stencil3d25.json", b[0], b[1], b[2], "fold2y", p3d25, 3, 1);
		compare(ctx, hw, "examples/models/stencil3d25.json", b[0], b[1], b[2], "fold2z", p3d25, 3, 1);
		compare(ctx, hw, "examples/models/stencil3d7.json", b[0], b[1], b[2], NULL, p3d7, 3, 1);
		compare(ctx, hw, "examples/models/stencil2d5.json", b[0], b[1], b[2], NULL, p2d, 2, 1);
		compare(ctx, hw, "examples/models/d3q15_pull.json", b[0], b[1], b[2], NULL, pd3q, 3, 1);
		compare(ctx, hw, "examples/models/transpose_naive.json", b[0], b[1], b[2], NULL, pn, 1, 1);
		compare(ctx, hw, "examples/models/matmul_naive.json", b[0], b[1], b[2], NULL, pn, 1, 1);
		/* the k loop unrolled by 2: a[row][2i] and a[row][2i + 1] fill each
		 * other's gaps, one row per outer point (wave_boxes.c, emit_group) */
		compare(ctx, hw, "test/data/models/matmul_unrolled2.json", b[0], b[1], b[2], NULL, pn, 1, 1);
		/* a block index flattened over ctaid.x and ctaid.y (Rodinia kmeans)
		 * on a grid one block high: ctaid.y is 0, not a second variable
		 * spanning the wave, and the rows of a loop the address does not
		 * read (k) repeat */
		param pflat[] = {{"n", 3000}, {"f", 4}, {"c", 3}};
		if (b[1] == 1 && b[2] == 1)
			compare(ctx, hw, "test/data/models/flat_block_rows.json", b[0], 1, 1, NULL, pflat, 3, 1);
		/* grid-stride loops have thread-dependent bounds: enumeration only */
		compare(ctx, hw, "examples/models/histogram_smem_1.json", b[0], b[1], b[2], NULL, phist, 2, 0);
	}
	/* shared-memory tile: residue costs of shared accesses, with and without
	 * the 32-way conflict of the column read; its global addresses use
	 * ctaid.y*32 with 8 threads in y (a tile of 4 rows a thread), so tid.y
	 * and ctaid.y are box variables apart */
	param tile0[] = {{"n", 256}, {"pad", 0}}, tile1[] = {{"n", 256}, {"pad", 1}};
	compare(ctx, h100, "test/data/models/transpose_tile.json", 32, 8, 1, NULL, tile0, 2, 1);
	compare(ctx, v100, "test/data/models/transpose_tile.json", 32, 8, 1, NULL, tile1, 2, 1);
	too_many_rows(ctx, h100);
	/* groups apart: A and C are affine (rows from boxes), B's tile is read
	 * by tid.x / 16 and tid.x % 16 (lanes), in one launch */
	param pgemm[] = {{"n", 4096}, {"k", 32}};
	compare(ctx, h100, "test/data/models/gemm_coltile.json", 256, 1, 1, NULL, pgemm, 2, 0);
	compare(ctx, v100, "test/data/models/gemm_coltile.json", 128, 1, 1, NULL, pgemm, 2, 0);
	compare(ctx, h100, "test/data/models/gemm_coltile.json", 512, 1, 1, NULL, pgemm, 2, 0);
	boxed_groups(ctx, h100);
	warpest_hw_free(h100);
	warpest_hw_free(v100);
	warpest_ctx_free(ctx);
	return check_summary();
}
