/* Clamps with min and max: in guards they become disjunctions of linear
 * constraints (kernel/minmax_form.c, guard_dnf.c); in addresses a clamp of
 * the block's position becomes a block-uniform quasi-affine atom. Both keep
 * a z-marching heat step (test/lit/corpus/stencil.cu) on the block-class
 * path, checked against lane-by-lane evaluation (the reference path). */
#include "reference_path.h"

#include "check.h"
#include "kernel/guard_dnf.h"
#include "kernel/quasi_affine.h"

static void guards(void)
{
	symbol_table t;
	symbol_table_init(&t);
	int chunk = symbol_table_add(&t, "chunk", sym_class_param);
	int nz = symbol_table_add(&t, "nz", sym_class_param);
	int nx = symbol_table_add(&t, "nx", sym_class_param);
	expr_arena *a = expr_arena_alloc();
	int64_t env[EXPR_MAX_SYMBOLS] = {0};
	env[chunk] = 4, env[nz] = 30, env[nx] = 64;
	char err[256];
	linear_dnf *d = malloc(sizeof(*d));
	/* max(a, b) < min(c, d) holds where all four a < c, a < d, b < c, b < d
	 * hold: one term of 4 constraints */
	const expr *e = expr_parse(a, &t, "max(ctaid.z*chunk, 1) < min(ctaid.z*chunk + chunk, nz - 1)", 1,
		err, sizeof(err));
	CHECK(e && guard_dnf_linearize(e, &t, env, d) && d->n == 1 && d->term[0].n == 4,
		"z-march guard: 1 term of 4 constraints (%d terms)", e ? d->n : -1);
	int64_t v[EXPR_N_VARYING] = {0};
	int ok = 1;
	/* with chunk 4, nz 30: max(4z, 1) < min(4z + 4, 29) for z = 0..7 (z = 7:
	 * 28 < 29), not for z = 8 (32 < 29 fails) */
	for (v[5] = 0; v[5] < 12; v[5]++)
		ok &= dnf_holds(d, v) == (v[5] <= 7);
	CHECK(ok, "z-march guard holds for ctaid.z = 0..7 only");
	/* x < max(ctaid.x, 2) holds where x < ctaid.x or x < 2: 2 terms */
	e = expr_parse(a, &t, "tid.x < max(ctaid.x, 2)", 1, err, sizeof(err));
	CHECK(e && guard_dnf_linearize(e, &t, env, d) && d->n == 2, "x < max(bx, 2): 2 terms");
	ok = 1;
	for (v[3] = 0; v[3] < 5; v[3]++)
		for (v[0] = 0; v[0] < 8; v[0]++)
			ok &= dnf_holds(d, v) == (v[0] < (v[3] > 2 ? v[3] : 2));
	CHECK(ok, "x < max(bx, 2) agrees with its definition");
	/* a clamp inside a sum, negated: !(min(x + 1, nx - 1) + 2 > 10) is
	 * min(x + 3, 65) <= 10, i.e. x + 3 <= 10 or 65 <= 10: x <= 7 */
	e = expr_parse(a, &t, "!(min(tid.x + 1, nx - 1) + 2 > 10)", 1, err, sizeof(err));
	CHECK(e && guard_dnf_linearize(e, &t, env, d), "negated clamp in a sum binds");
	ok = 1;
	v[3] = 0;
	for (v[0] = 0; v[0] < 70; v[0]++)
		ok &= dnf_holds(d, v) == (v[0] <= 7);
	CHECK(ok, "!(min(x + 1, 63) + 2 > 10) holds for x <= 7 only");
	/* == with a clamp is not a disjunction of this kind: refused */
	e = expr_parse(a, &t, "max(tid.x, 2) == 3", 1, err, sizeof(err));
	CHECK(e && !guard_dnf_linearize(e, &t, env, d), "max(x, 2) == 3 is refused");
	/* an address: the block's clamp is an atom of residue 0 whose value
	 * moves with the block; a thread's clamp is not quasi-affine */
	quasi_atoms atoms;
	memset(&atoms, 0, sizeof(atoms));
	quasi_form q;
	e = expr_parse(a, &t, "max(ctaid.z*chunk, 1) + tid.x", 0, err, sizeof(err));
	CHECK(e && quasi_linearize(e, &t, env, &atoms, &q) && atoms.n == 1 && q.atom[0] == 1 &&
		q.lin.coeff[0] == 1, "max(4 bz, 1) + x: one atom");
	int64_t c[3] = {0, 0, 0}, residue[QUASI_MAX_ATOMS], offset[QUASI_MAX_ATOMS];
	quasi_atoms_block(&atoms, c, NULL, residue, offset);
	CHECK(residue[0] == 0 && offset[0] == 1, "block z 0: max(0, 1) = 1 (offset %lld)",
		(long long)offset[0]);
	c[2] = 3;
	quasi_atoms_block(&atoms, c, NULL, residue, offset);
	CHECK(residue[0] == 0 && offset[0] == 12, "block z 3: max(12, 1) = 12 (offset %lld)",
		(long long)offset[0]);
	/* a clamp of the thread's position is an atom too, flagged: its block
	 * key holds which operand wins (quasi_atoms_block_threads). Block 1 of
	 * 32 threads: x = 32..63, x - 1 > 0 everywhere, so x - 1 wins: key (0,
	 * 0), offset 31 (the block part of x - 1); block 0: cut at x = 1, key (2,
	 * -1: x - 1 - 0 at its first thread), offset -1 */
	memset(&atoms, 0, sizeof(atoms));
	e = expr_parse(a, &t, "max(tid.x + 32*ctaid.x - 1, 0)", 0, err, sizeof(err));
	CHECK(e && quasi_linearize(e, &t, env, &atoms, &q) && atoms.n == 1 && atoms.a[0].thread_dependent,
		"max(x - 1, 0): one thread-dependent atom");
	int64_t tid[32][3] = {{0}}, values[32], clamp_key[2];
	for (int i = 0; i < 32; i++)
		tid[i][0] = i;
	c[0] = 1, c[1] = c[2] = 0;
	quasi_atoms_block_threads(&atoms, c, NULL, (const int64_t (*)[3])tid, 32, values, residue,
		offset, clamp_key);
	CHECK(clamp_key[0] == 0 && clamp_key[1] == 0 && offset[0] == 31 && values[5] == 36,
		"block 1: x - 1 wins (key %lld %lld, offset %lld, thread 5: %lld)", (long long)clamp_key[0],
		(long long)clamp_key[1], (long long)offset[0], (long long)values[5]);
	c[0] = 0;
	quasi_atoms_block_threads(&atoms, c, NULL, (const int64_t (*)[3])tid, 32, values, residue,
		offset, clamp_key);
	CHECK(clamp_key[0] == 2 && clamp_key[1] == -1 && offset[0] == -1 && values[0] == 0 &&
		values[5] == 4, "block 0: cut at x = 1 (key %lld %lld, offset %lld)", (long long)clamp_key[0],
		(long long)clamp_key[1], (long long)offset[0]);
	free(d);
	expr_arena_free(a);
}

/* The heat step: every block of a z chunk runs min(k0 + chunk, nz - 1) -
 * max(k0, 1) planes; classes group the blocks, and every figure equals the
 * reference path's. */
static void heat_step(void)
{
	warpest_kernel *k;
	warpest_hw *hw;
	warpest_ctx *ctx = open_model_h100("test/data/models/heat3d_zmarch.json", &k, &hw);
	if (!ctx)
		return;
	static const char *const names[4] = {"nx", "ny", "nz", "chunk"};
	int64_t values[4] = {64, 48, 30, 8};
	warpest_config c;
	config_params(&c, names, values, 4, 32, 4, 1);
	warpest_estimate *q, *r;
	estimate_both(ctx, k, hw, &c, &q, &r);
	CHECK(q && r, "estimates: %s", warpest_ctx_last_error(ctx));
	if (q && r) {
		/* grid 2 x 12 x 4 (nz/chunk rounded up). Interior points: 62 x 46 per
		 * plane, planes 1..28: 28 * 2852 = 79856 updates, each 7 loads and 1
		 * store; the centre load's lanes are the updates */
		CHECK(q->access[0].lanes * q->scale == 79856, "centre load lanes %.0f (expected 79856)",
			q->access[0].lanes * q->scale);
		/* blocks of one z chunk translate into one another: far fewer
		 * classes than the 96 blocks the reference path evaluates */
		CHECK(q->mem.n_classes < 24 && r->mem.n_classes == 96,
			"classes: %d (expected < 24), reference %d (expected 96)", q->mem.n_classes,
			r->mem.n_classes);
		CHECK(same_figures(q, r), "heat step: the reference figures (L2 load %.0f/%.0f B, DRAM "
			"load %.0f/%.0f B)", q->summary.l2_load_bytes, r->summary.l2_load_bytes,
			q->summary.dram_load_bytes, r->summary.dram_load_bytes);
	}
	warpest_estimate_free(q);
	warpest_estimate_free(r);
	close_model(ctx, k, hw);
}

/* Clamps of the thread's position: a 2D stencil clamped at its edges
 * (max(x - 1, 0), min(x + 1, nx - 1)) and the same written with
 * comparisons (x - (x > 0), which the pass turns into min/max). Blocks
 * where one operand wins for every thread translate into one another; so
 * do blocks cut at the same thread. Every figure equals the reference
 * path's. */
static void clamped(const char *model, int64_t nx, int64_t ny, int bx, int by, int classes)
{
	warpest_kernel *k;
	warpest_hw *hw;
	warpest_ctx *ctx = open_model_h100(model, &k, &hw);
	if (!ctx)
		return;
	warpest_config c;
	int64_t nx_ny[2];
	config_nx_ny(&c, nx_ny, nx, ny);
	c.block[0] = bx, c.block[1] = by, c.block[2] = 1;
	warpest_estimate *q, *r;
	estimate_both(ctx, k, hw, &c, &q, &r);
	CHECK(q && r, "%s: estimates: %s", model, warpest_ctx_last_error(ctx));
	if (q && r) {
		CHECK(q->mem.n_classes == classes, "%s %lldx%lld, block %dx%d: %d classes (expected %d; "
			"reference %d)", model, (long long)nx, (long long)ny, bx, by, q->mem.n_classes, classes,
			r->mem.n_classes);
		CHECK(same_figures(q, r), "%s %lldx%lld, block %dx%d: the reference figures (L1 %.6f/%.6f "
			"cycles per thread, L2 load %.0f/%.0f B, DRAM load %.0f/%.0f B)", model, (long long)nx,
			(long long)ny, bx, by, q->summary.l1_cycles_per_thread, r->summary.l1_cycles_per_thread,
			q->summary.l2_load_bytes, r->summary.l2_load_bytes, q->summary.dram_load_bytes,
			r->summary.dram_load_bytes);
	}
	warpest_estimate_free(q);
	warpest_estimate_free(r);
	close_model(ctx, k, hw);
}

int main(void)
{
	guards();
	heat_step();
	/* 200 x 60 floats, blocks 32x8: a grid of 7 x 8. Along x: block 0 (the
	 * left clamp cut at x = 0), blocks 1..5 (no clamp bites), block 6 (x
	 * 192..223: the right clamp cut at x = 199, the guard at 200); along y
	 * the same three kinds (y = 0; 56..63 cut at 59). A block row is 32 * 4
	 * = 128 B and a block column 8 * 800 = 6400 = 50 * 128 B, so every
	 * block has the same alignment: 3 * 3 = 9 classes, where the
	 * reference path evaluates all 56 blocks. */
	clamped("test/data/models/stencil2d_clamp.json", 200, 60, 32, 8, 9);
	clamped("test/data/models/jacobi2d_ternary.json", 200, 60, 32, 8, 9);
	/* 1000 x 600 in 32 x 75 blocks over three waves: again 3 * 3 kinds
	 * (x = 999 falls in block 31, y = 599 in block 74; 8 * 8000 B = 500 *
	 * 128 B): 9 classes for 2400 blocks */
	clamped("test/data/models/jacobi2d_ternary.json", 1000, 600, 32, 8, 9);
	return check_summary();
}
