/* Guards as disjunctions: an OR of terms, each an AND of linear constraints
 * `form >= 0` or `form != 0`, once the parameters are bound. Boundary
 * conditions written in a kernel (`x == 0 || x == nx - 1`, and their
 * negation `x != 0 && x != nx - 1`), switch defaults and the path
 * conditions of joins have this shape; a conjunction (linear_cond) does not
 * hold them. `!=` is a constraint of its own so that the interior of a box
 * is one term, not 2^n.
 *
 * Why: blocks cut by such a guard at the same place still behave alike up
 * to a translation (each constraint does), so the block classes of
 * block_eval.c apply; otherwise every block is evaluated on its own. */
#ifndef WARPEST_GUARD_DNF_H
#define WARPEST_GUARD_DNF_H

#include "kernel/expr.h"

#define DNF_MAX_TERMS 8

typedef struct dnf_term {
	int n;
	linear_form f[COND_MAX_CONSTRAINTS];
	unsigned char ne[COND_MAX_CONSTRAINTS]; /* form != 0; else form >= 0 */
} dnf_term;

typedef struct linear_dnf {
	int n; /* no term: false; a term without constraints: true */
	dnf_term term[DNF_MAX_TERMS];
} linear_dnf;

/* Binds e (comparisons of affine values under &&, ||, ! in any nesting) into
 * out. Returns 1, or 0 when e is not of that shape or needs more than
 * DNF_MAX_TERMS terms or COND_MAX_CONSTRAINTS constraints in a term. A
 * condition on parameters only becomes true or false. */
int guard_dnf_linearize(const expr *e, const symbol_table *table, const int64_t *env,
	linear_dnf *out);

/* out = a && b, distributed. Returns 0 when it does not fit. */
int guard_dnf_and(const linear_dnf *a, const linear_dnf *b, linear_dnf *out);

/* The condition that always holds. */
void guard_dnf_true(linear_dnf *out);

/* The same condition as a conjunction of `form >= 0` (replacing out), when
 * it is one: a single term without `!=`, or false (one constraint no point
 * meets). Returns 1, else 0 (out untouched). */
int guard_dnf_conjunction(const linear_dnf *d, linear_cond *out);

static inline int dnf_constraint_holds(const dnf_term *t, int c, const int64_t *v)
{
	int64_t x = linear_form_eval(&t->f[c], v);
	return t->ne[c] ? x != 0 : x >= 0;
}

/* Whether the disjunction holds at the varying variables v. */
static inline int dnf_holds(const linear_dnf *d, const int64_t *v)
{
	for (int t = 0; t < d->n; t++) {
		int on = 1;
		for (int c = 0; c < d->term[t].n && on; c++)
			on = dnf_constraint_holds(&d->term[t], c, v);
		if (on)
			return 1;
	}
	return 0;
}

#endif
