/* Quasi-affine addresses: atoms of floor and mod by constants, their values
 * per thread, the residues that make blocks alike, and the block classes of
 * the column-based 9x9 stencil (papers/004) against lane-by-lane evaluation
 * of its expressions. */
#include "reference_path.h"

#include "check.h"
#include "kernel/quasi_affine.h"

static const expr *parse(expr_arena *a, symbol_table *t, const char *text)
{
	char err[256];
	const expr *e = expr_parse(a, t, text, 0, err, sizeof(err));
	CHECK(e != NULL, "parse %s%s%s", text, e ? "" : ": ", e ? "" : err);
	return e;
}

static void atoms_and_values(void)
{
	symbol_table t;
	symbol_table_init(&t);
	int h = symbol_table_add(&t, "h", sym_class_param);
	expr_arena *a = expr_arena_alloc();
	int64_t env[EXPR_MAX_SYMBOLS] = {0};
	env[h] = 96;
	env[sym_ntid_x] = 256;
	quasi_atoms atoms = {0};
	quasi_form x, y;
	/* the column remap with col_size = 32*h = 3072: x = col_t % 32 + 32*col_id,
	 * y = col_t / 32, col_t = t % 3072, col_id = t / 3072 */
	const expr *ex = parse(a, &t, "(tid.x + ctaid.x*ntid.x) % (32*h) % 32 + "
		"32*((tid.x + ctaid.x*ntid.x) / (32*h))");
	const expr *ey = parse(a, &t, "(tid.x + ctaid.x*ntid.x) % (32*h) / 32");
	CHECK(ex && quasi_linearize(ex, &t, env, &atoms, &x), "x is quasi-affine");
	CHECK(ey && quasi_linearize(ey, &t, env, &atoms, &y), "y is quasi-affine");
	/* atoms: a0 = t mod 3072, a1 = a0 mod 32, a2 = floor(t / 3072), and y
	 * adds a3 = floor(a0 / 32); t mod 3072 is shared, not a new atom */
	CHECK(atoms.n == 4, "4 atoms (t%%3072, a0%%32, t/3072, a0/32), got %d", atoms.n);
	CHECK(atoms.n == 4 && atoms.a[0].is_mod && atoms.a[0].divisor == 3072 &&
		atoms.a[0].num.lin.coeff[0] == 1 && atoms.a[0].num.lin.coeff[3] == 256,
		"a0 = (tid.x + 256*ctaid.x) mod 3072");
	CHECK(atoms.n == 4 && atoms.a[1].is_mod && atoms.a[1].divisor == 32 &&
		atoms.a[1].num.atom[0] == 1, "a1 = a0 mod 32");
	CHECK(x.atom[1] == 1 && x.atom[2] == 32 && x.atom[0] == 0, "x = a1 + 32*a2");
	CHECK(y.atom[3] == 1, "y = a3");
	/* tid.x = 5, ctaid.x = 13: t = 5 + 3328 = 3333, a0 = 3333 - 3072 = 261,
	 * a1 = 261 mod 32 = 5, a2 = 1, a3 = 261 / 32 = 8: x = 5 + 32 = 37, y = 8 */
	int64_t v[EXPR_N_VARYING] = {0}, val[QUASI_MAX_ATOMS];
	v[0] = 5, v[3] = 13;
	quasi_atoms_eval(&atoms, v, val);
	CHECK(val[0] == 261 && val[1] == 5 && val[2] == 1 && val[3] == 8,
		"atoms at t = 3333: %lld %lld %lld %lld (expected 261 5 1 8)", (long long)val[0],
		(long long)val[1], (long long)val[2], (long long)val[3]);
	CHECK(quasi_form_eval(&x, atoms.n, v, val) == 37, "x = 37");
	CHECK(quasi_form_eval(&y, atoms.n, v, val) == 8, "y = 8");
	/* block 13: block part of t is 3328 = 1*3072 + 256: residue 256 for a0
	 * and a2, quotient 1 added to a2; a1 and a3 have no block part of their
	 * own (a0's block part is all in its residue): residue 0, offset 0.
	 * Block 1: 256 = 0*3072 + 256: the same residues, quotient 0. So blocks 1
	 * and 13 are alike, and x differs by 32 * (1 - 0) = 32 between them. */
	int64_t ctaid13[3] = {13, 0, 0}, ctaid1[3] = {1, 0, 0};
	int64_t r13[QUASI_MAX_ATOMS], o13[QUASI_MAX_ATOMS], r1[QUASI_MAX_ATOMS], o1[QUASI_MAX_ATOMS];
	quasi_atoms_block(&atoms, ctaid13, NULL, r13, o13);
	quasi_atoms_block(&atoms, ctaid1, NULL, r1, o1);
	CHECK(r13[0] == 256 && r13[1] == 0 && r13[2] == 256 && r13[3] == 0, "residues of block 13");
	CHECK(o13[0] == 0 && o13[1] == 0 && o13[2] == 1 && o13[3] == 0, "offsets of block 13");
	CHECK(memcmp(r1, r13, sizeof(int64_t) * 4) == 0 && o1[2] == 0, "block 1: same residues, offset 0");
	v[3] = 1;
	quasi_atoms_eval(&atoms, v, val);
	CHECK(quasi_form_eval(&x, atoms.n, v, val) == 37 - 32, "x in block 1 = 37 - 32 = 5");

	/* exact divisions stay affine: (4*tid.x + 8)/4 = tid.x + 2; (32*tid.x) % 32 = 0 */
	quasi_form f;
	int n_before = atoms.n;
	const expr *e = parse(a, &t, "(4*tid.x + 8)/4");
	CHECK(e && quasi_linearize(e, &t, env, &atoms, &f) && f.lin.coeff[0] == 1 && f.lin.c0 == 2 &&
		atoms.n == n_before, "(4*tid.x + 8)/4 = tid.x + 2, no atom");
	e = parse(a, &t, "(32*tid.x) % 32");
	CHECK(e && quasi_linearize(e, &t, env, &atoms, &f) && f.lin.coeff[0] == 0 && f.lin.c0 == 0,
		"(32*tid.x) %% 32 = 0");
	/* not quasi-affine: a divisor that binds to 0 (h - 96) (products of
	 * thread indices never get here: the parser rejects them); a clamp of
	 * the thread's position is an atom of its own (test_minmax.c) */
	e = parse(a, &t, "tid.x % (h - 96)");
	CHECK(e && !quasi_linearize(e, &t, env, &atoms, &f), "tid.x %% 0 is not quasi-affine");
	n_before = atoms.n;
	e = parse(a, &t, "min(tid.x, 3)");
	CHECK(e && quasi_linearize(e, &t, env, &atoms, &f) && atoms.n == n_before + 1 &&
		atoms.a[n_before].thread_dependent, "min(tid.x, 3) is a thread-dependent clamp atom");
	expr_arena_free(a);
}

/* The 9x9 column-based stencil with nx = ny = 104 (a 96 x 96 interior,
 * col_size = 32*96 = 3072) and blocks of 256 threads: 9216 / 256 = 36
 * blocks, one wave. Block b starts at t = 256*b, whose residue modulo 3072
 * takes 3072 / 256 = 12 values, all multiples of 256 up to 2816: no
 * block's threads (t .. t + 255) cross a multiple of 3072, so in every
 * block t / 3072 is one quotient and t % 3072 the residue plus the thread
 * part, and the guard t < 9216 cuts no block: 1 class (12 when each
 * residue was a class of its own), where lane-by-lane evaluation needs all
 * 36. Every figure must equal the reference path's. */
static void column_stencil(void)
{
	warpest_ctx *ctx = warpest_ctx_alloc();
	warpest_kernel *k;
	warpest_hw *hw;
	int loaded = load_model_h100(ctx, "examples/models/stencil9x9_colmajor.json", &k, &hw) == 0;
	CHECK(loaded, "model and table: %s", warpest_ctx_last_error(ctx));
	if (!loaded) {
		warpest_ctx_free(ctx);
		return;
	}
	/* the third: a 3D block (one wave: with more, the reference path's
	 * blocks do not group and it looks for reuse 2 waves back only) */
	const int sizes[][2] = {{104, 104}, {232, 136}, {232, 136}};
	const int blocks[][3] = {{256, 1, 1}, {256, 1, 1}, {64, 2, 2}};
	for (int s = 0; s < 3; s++) {
		warpest_config c;
		int64_t nx_ny[2];
		config_nx_ny(&c, nx_ny, sizes[s][0], sizes[s][1]);
		for (int d = 0; d < 3; d++)
			c.block[d] = blocks[s][d];
		warpest_estimate *q, *r;
		estimate_both(ctx, k, hw, &c, &q, &r);
		CHECK(q && r, "estimates: %s", warpest_ctx_last_error(ctx));
		if (!q || !r)
			continue;
		if (s == 0)
			CHECK(q->mem.n_classes == 1 && r->mem.n_classes == 36,
				"classes: %d by residues (expected 1), %d by blocks (expected 36)",
				q->mem.n_classes, r->mem.n_classes);
		CHECK(same_figures(q, r), "%dx%d: residue classes give the reference figures (L1 "
			"%.4f/%.4f cycles per thread, DRAM %.0f/%.0f B)", sizes[s][0], sizes[s][1],
			q->summary.l1_cycles_per_thread, r->summary.l1_cycles_per_thread,
			q->summary.dram_load_bytes, r->summary.dram_load_bytes);
		warpest_estimate_free(q);
		warpest_estimate_free(r);
	}
	warpest_hw_free(hw);
	warpest_kernel_free(k);
	warpest_ctx_free(ctx);
}

int main(void)
{
	atoms_and_values();
	column_stencil();
	return check_summary();
}
