/* Disjunctive guards: a boundary condition written in the kernel, its
 * negation, and the block classes they allow, against lane-by-lane
 * evaluation of the guard expressions (the reference path). */
#include "reference_path.h"

#include "check.h"
#include "kernel/guard_dnf.h"

static void forms(void)
{
	symbol_table t;
	symbol_table_init(&t);
	int nx = symbol_table_add(&t, "nx", sym_class_param);
	expr_arena *a = expr_arena_alloc();
	int64_t env[EXPR_MAX_SYMBOLS] = {0};
	env[nx] = 64;
	char err[256];
	linear_dnf *d = malloc(sizeof(*d));
	/* x == 0 || x == nx - 1: two terms of two constraints (x >= 0, -x >= 0;
	 * x - 63 >= 0, 63 - x >= 0) */
	const expr *e = expr_parse(a, &t, "tid.x == 0 || tid.x == nx - 1", 1, err, sizeof(err));
	CHECK(e && guard_dnf_linearize(e, &t, env, d) && d->n == 2 && d->term[0].n == 2 &&
		d->term[1].n == 2, "boundary: 2 terms of 2 constraints");
	int64_t v[EXPR_N_VARYING] = {0};
	int ok = 1;
	for (v[0] = 0; v[0] < 64; v[0]++)
		ok &= dnf_holds(d, v) == (v[0] == 0 || v[0] == 63);
	CHECK(ok, "boundary holds at x = 0 and 63 only");
	/* its negation by De Morgan: one term of two != constraints */
	e = expr_parse(a, &t, "!(tid.x == 0 || tid.x == nx - 1)", 1, err, sizeof(err));
	CHECK(e && guard_dnf_linearize(e, &t, env, d) && d->n == 1 && d->term[0].n == 2 &&
		d->term[0].ne[0] && d->term[0].ne[1], "interior: 1 term, x != 0 && x - 63 != 0");
	ok = 1;
	for (v[0] = 0; v[0] < 64; v[0]++)
		ok &= dnf_holds(d, v) == (v[0] != 0 && v[0] != 63);
	CHECK(ok, "interior holds at x = 1..62 only");
	/* a parameter-only part folds: nx > 100 is false, so only x < 3 is left */
	e = expr_parse(a, &t, "nx > 100 || tid.x < 3", 1, err, sizeof(err));
	CHECK(e && guard_dnf_linearize(e, &t, env, d) && d->n == 1 && d->term[0].n == 1,
		"nx > 100 || x < 3 with nx = 64: one term");
	/* too many terms: four two-way disjunctions in a conjunction are 16 */
	e = expr_parse(a, &t, "(tid.x < 1 || tid.x > 2) && (tid.y < 1 || tid.y > 2) && "
		"(tid.z < 1 || tid.z > 2) && (ctaid.x < 1 || ctaid.x > 2)", 1, err, sizeof(err));
	CHECK(e && !guard_dnf_linearize(e, &t, env, d), "16 terms do not fit in %d", DNF_MAX_TERMS);
	/* each side's coefficient fits in 64 bits (8e18 < 2^63 = 9.22e18), their
	 * difference 1.6e19 does not: refused, not wrapped (found by fuzzing) */
	e = expr_parse(a, &t, "tid.x*4000000000000000000*2 == 0-tid.x*4000000000000000000*2", 1,
		err, sizeof(err));
	CHECK(e && !guard_dnf_linearize(e, &t, env, d), "== of forms 1.6e19 apart: refused");
	e = expr_parse(a, &t, "tid.x*4000000000000000000*2 < 0-tid.x*4000000000000000000*2", 1,
		err, sizeof(err));
	CHECK(e && !guard_dnf_linearize(e, &t, env, d), "< of forms 1.6e19 apart: refused");
	free(d);
	expr_arena_free(a);
}

/* The 2D 5-point stencil with its Dirichlet boundary in the kernel
 * (test/data/models/stencil2d5_dirichlet.json). */
static void dirichlet(void)
{
	warpest_ctx *ctx = warpest_ctx_alloc();
	warpest_kernel *k;
	warpest_hw *hw;
	int loaded = load_model_h100(ctx, "test/data/models/stencil2d5_dirichlet.json", &k, &hw) == 0;
	CHECK(loaded, "model and table: %s", warpest_ctx_last_error(ctx));
	if (!loaded) {
		warpest_ctx_free(ctx);
		return;
	}
	const int cases[][5] = {{64, 64, 32, 8, 1}, {200, 120, 32, 8, 1}, {200, 120, 16, 16, 1},
		{200, 120, 64, 1, 1}, {136, 264, 8, 4, 2}};
	for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const int *cs = cases[i];
		warpest_config c;
		int64_t nx_ny[2];
		config_nx_ny(&c, nx_ny, cs[0], cs[1]);
		c.block[0] = cs[2], c.block[1] = cs[3], c.block[2] = cs[4];
		warpest_estimate *q, *r;
		estimate_both(ctx, k, hw, &c, &q, &r);
		CHECK(q && r, "estimates: %s", warpest_ctx_last_error(ctx));
		if (!q || !r)
			continue;
		if (i == 0) {
			/* 64 x 64, blocks 32x8 (a warp is 32 x-neighbours of one row), 16
			 * blocks, all in the wave. Boundary store: rows 0 and 63 are 2 full
			 * warps each; rows 1..62 have x = 0 in one warp and x = 63 in the
			 * other: 4 + 62*2 = 128 warp-instructions, 4*32 + 124 = 252 lanes
			 * (4*64 - 4 boundary points). Interior loads: rows 1..62, two warps
			 * each: 124 instructions, 62*62 = 3844 lanes. */
			CHECK(q->access[0].instructions == 128 && q->access[0].lanes == 252,
				"boundary store: %.0f instructions, %.0f lanes (expected 128, 252)",
				q->access[0].instructions, q->access[0].lanes);
			CHECK(q->access[1].instructions == 124 && q->access[1].lanes == 3844,
				"interior load: %.0f instructions, %.0f lanes (expected 124, 3844)",
				q->access[1].instructions, q->access[1].lanes);
			/* classes: the 2 x 8 blocks fall into first/last column x first,
			 * middle, last row: 2 * 3 = 6; lane by lane all 16 */
			CHECK(q->mem.n_classes == 6 && r->mem.n_classes == 16,
				"classes: %d with disjunctive guards (expected 6), %d by blocks (expected 16)",
				q->mem.n_classes, r->mem.n_classes);
		}
		CHECK(same_figures(q, r), "%dx%d, block %dx%dx%d: the reference figures (%d classes against %d; "
			"L2 store %.0f/%.0f B)", cs[0], cs[1], cs[2], cs[3], cs[4], q->mem.n_classes,
			r->mem.n_classes, q->summary.l2_store_bytes, r->summary.l2_store_bytes);
		warpest_estimate_free(q);
		warpest_estimate_free(r);
	}
	warpest_hw_free(hw);
	warpest_kernel_free(k);
	warpest_ctx_free(ctx);
}

int main(void)
{
	forms();
	dirichlet();
	return check_summary();
}
