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
	quasi_atoms_block(&atoms, c, residue, offset);
	CHECK(residue[0] == 0 && offset[0] == 1, "block z 0: max(0, 1) = 1 (offset %lld)",
		(long long)offset[0]);
	c[2] = 3;
	quasi_atoms_block(&atoms, c, residue, offset);
	CHECK(residue[0] == 0 && offset[0] == 12, "block z 3: max(12, 1) = 12 (offset %lld)",
		(long long)offset[0]);
	memset(&atoms, 0, sizeof(atoms));
	e = expr_parse(a, &t, "max(tid.x - 1, 0)", 0, err, sizeof(err));
	CHECK(e && !quasi_linearize(e, &t, env, &atoms, &q), "max(x - 1, 0) is not quasi-affine");
	free(d);
	expr_arena_free(a);
}

/* The heat step: every block of a z chunk runs min(k0 + chunk, nz - 1) -
 * max(k0, 1) planes; classes group the blocks, and every figure equals the
 * reference path's. */
static void heat_step(void)
{
	warpest_ctx *ctx = warpest_ctx_alloc();
	warpest_kernel *k;
	warpest_hw *hw;
	int loaded = load_model_h100(ctx, "test/data/models/heat3d_zmarch.json", &k, &hw) == 0;
	CHECK(loaded, "model and table: %s", warpest_ctx_last_error(ctx));
	if (!loaded) {
		warpest_ctx_free(ctx);
		return;
	}
	static const char *const names[4] = {"nx", "ny", "nz", "chunk"};
	int64_t values[4] = {64, 48, 30, 8};
	warpest_config c;
	warpest_config_init(&c);
	c.param_names = names;
	c.param_values = values;
	c.n_params = 4;
	c.block[0] = 32, c.block[1] = 4, c.block[2] = 1;
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
	warpest_hw_free(hw);
	warpest_kernel_free(k);
	warpest_ctx_free(ctx);
}

int main(void)
{
	guards();
	heat_step();
	return check_summary();
}
