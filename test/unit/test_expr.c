/* The expression language of the kernel model: parsing, floor semantics,
 * affinity checks with error columns, linearisation. */
#include <string.h>

#include "check.h"
#include "kernel/expr.h"
#include "kernel/guard_dnf.h"

int main(void)
{
	symbol_table t;
	symbol_table_init(&t);
	int nx = symbol_table_add(&t, "nx", sym_class_param);
	int k = symbol_table_add(&t, "k", sym_class_loop);
	expr_arena *a = expr_arena_alloc();
	char err[256];
	int64_t env[EXPR_MAX_SYMBOLS] = {0};
	env[nx] = 640;
	env[sym_ntid_x] = 256;
	env[sym_ntid_y] = 1;
	env[sym_tid_x] = 3;
	env[sym_ctaid_x] = 2;
	env[sym_tid_y] = 5;
	env[sym_ctaid_y] = 7;
	env[k] = 1;

	const expr *e = expr_parse(a, &t, "tid.x + ctaid.x*ntid.x + 1 + (tid.y + ctaid.y*ntid.y)*nx", 0,
		err, sizeof(err));
	CHECK(e != NULL, "parse the stencil index: %s", e ? "" : err);
	/* 3 + 2*256 + 1 + (5 + 7*1)*640 = 516 + 7680 = 8196 */
	CHECK(e && expr_eval(e, env) == 8196, "evaluates to %lld (expected 8196)",
		e ? (long long)expr_eval(e, env) : 0LL);
	linear_form f;
	CHECK(e && expr_linearize(e, &t, env, &f) && f.coeff[0] == 1 && f.coeff[3] == 256 &&
		f.coeff[1] == 640 && f.coeff[4] == 640 && f.c0 == 1,
		"linear form: c0 1, tid.x 1, ctaid.x 256, tid.y 640, ctaid.y 640");

	/* floor semantics: -1/4 = -1, -1%4 = 3 */
	e = expr_parse(a, &t, "(0 - 1)/4*10 + (0-1)%4", 0, err, sizeof(err));
	CHECK(e && expr_eval(e, env) == -7, "(-1)/4*10 + (-1)%%4 = -10 + 3 = -7");
	/* quasi-affine remap stays non-linear but evaluable: (3 + 2*256) % 32 = 515 % 32 = 3 */
	e = expr_parse(a, &t, "(tid.x + ctaid.x*ntid.x) % 32 + k*max(1, nx/64)", 0, err, sizeof(err));
	CHECK(e != NULL, "parse mod, max and a parameter divisor");
	/* 3 + 1*max(1, 10) = 13 */
	CHECK(e && expr_eval(e, env) == 13, "evaluates to %lld (expected 13)", e ? (long long)expr_eval(e, env) : 0LL);
	CHECK(e && !expr_linearize(e, &t, env, &f), "a modulo of a varying value is not linear");
	/* an exact division of an affine value is affine: (2*tid.x + 4)/2 = tid.x + 2 */
	e = expr_parse(a, &t, "(2*tid.x + 4)/2", 0, err, sizeof(err));
	CHECK(e && expr_linearize(e, &t, env, &f) && f.coeff[0] == 1 && f.c0 == 2, "exact division stays affine");

	/* errors name the column */
	e = expr_parse(a, &t, "tid.x + nq", 0, err, sizeof(err));
	CHECK(!e && strcmp(err, "column 9: unknown symbol 'nq'") == 0, "unknown symbol: '%s'", err);
	e = expr_parse(a, &t, "tid.x*tid.y", 0, err, sizeof(err));
	CHECK(!e && strstr(err, "column 6: non-affine") == err, "non-affine product: '%s'", err);
	e = expr_parse(a, &t, "nx / tid.x", 0, err, sizeof(err));
	CHECK(!e && strstr(err, "column 4: non-affine") == err, "varying divisor: '%s'", err);
	e = expr_parse(a, &t, "(tid.x + 1", 0, err, sizeof(err));
	CHECK(!e && strstr(err, "expected ')'") != NULL, "missing parenthesis: '%s'", err);

	/* conditions: && / || / !, comparisons; linear conjunctions */
	e = expr_parse(a, &t, "tid.x >= 1 && tid.x < nx - 1", 1, err, sizeof(err));
	linear_cond c = {0};
	linear_dnf d;
	CHECK(e && expr_eval_cond(e, env) && guard_dnf_linearize(e, &t, env, &d) &&
		guard_dnf_conjunction(&d, &c) && c.n == 2,
		"guard is true and linearises into 2 constraints");
	e = expr_parse(a, &t, "!(tid.x < 1) || (tid.y + 1) * 2 > 100", 1, err, sizeof(err));
	CHECK(e && expr_eval_cond(e, env) == 1, "negation, disjunction, parenthesised arithmetic");
	e = expr_parse(a, &t, "tid.x", 1, err, sizeof(err));
	CHECK(!e, "a bare expression is not a condition: '%s'", err);
	expr_arena_free(a);
	return check_summary();
}
