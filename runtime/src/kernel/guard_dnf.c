#include "kernel/guard_dnf.h"

#include <stdlib.h>

#include "kernel/minmax_form.h"
#include <string.h>

void guard_dnf_true(linear_dnf *out)
{
	out->n = 1;
	out->term[0].n = 0;
}

int guard_dnf_conjunction(const linear_dnf *d, linear_cond *out)
{
	if (d->n == 0) {
		memset(&out->ge0[0], 0, sizeof(out->ge0[0]));
		out->ge0[0].c0 = -1;
		out->n = 1;
		return 1;
	}
	if (d->n > 1)
		return 0;
	for (int c = 0; c < d->term[0].n; c++)
		if (d->term[0].ne[c])
			return 0;
	out->n = d->term[0].n;
	memcpy(out->ge0, d->term[0].f, sizeof(linear_form) * (size_t)d->term[0].n);
	return 1;
}

static void dnf_false(linear_dnf *out)
{
	out->n = 0;
}

/* out = one term of one constraint: k*(a - b) + bias >= 0, or a - b != 0
 * (k is 1 or -1). Returns 0 when a coefficient leaves 64 bits: forms are
 * checked one by one (linear_form_add), their difference is not. */
static int dnf_single(linear_dnf *out, const linear_form *a, const linear_form *b, int64_t k,
	int64_t bias, int ne)
{
	dnf_term *t = &out->term[0];
	out->n = 1;
	t->n = 1;
	t->ne[0] = (unsigned char)ne;
	linear_form *f = &t->f[0];
	*f = *a;
	return linear_form_add(f, b, -1) && linear_form_scale(f, k) &&
		!__builtin_add_overflow(f->c0, bias, &f->c0);
}

int guard_dnf_and(const linear_dnf *a, const linear_dnf *b, linear_dnf *out)
{
	if (a->n * b->n > DNF_MAX_TERMS)
		return 0;
	out->n = 0;
	for (int i = 0; i < a->n; i++)
		for (int j = 0; j < b->n; j++) {
			const dnf_term *x = &a->term[i], *y = &b->term[j];
			if (x->n + y->n > COND_MAX_CONSTRAINTS)
				return 0;
			dnf_term *t = &out->term[out->n++];
			*t = *x;
			memcpy(&t->f[t->n], y->f, sizeof(linear_form) * (size_t)y->n);
			memcpy(&t->ne[t->n], y->ne, (size_t)y->n);
			t->n += y->n;
		}
	return 1;
}

/* out = a || b. Returns 0 when it does not fit. */
static int dnf_or(const linear_dnf *a, const linear_dnf *b, linear_dnf *out)
{
	if (a->n + b->n > DNF_MAX_TERMS)
		return 0;
	*out = *a;
	memcpy(&out->term[out->n], b->term, sizeof(dnf_term) * (size_t)b->n);
	out->n += b->n;
	return 1;
}

/* node + bias >= 0 for a lifted min/max value: min(a, b) >= 0 where both
 * are, max(a, b) >= 0 where either is. */
static int minmax_ge0(const minmax_form *f, int node, int64_t bias, linear_dnf *out)
{
	const minmax_node *n = &f->node[node];
	if (n->kind == minmax_leaf) {
		linear_form zero;
		memset(&zero, 0, sizeof(zero));
		return dnf_single(out, &n->f, &zero, 1, bias, 0);
	}
	linear_dnf *x = malloc(sizeof(*x)), *y = malloc(sizeof(*y));
	int ok = x && y && minmax_ge0(f, n->a, bias, x) && minmax_ge0(f, n->b, bias, y);
	if (ok)
		ok = n->kind == minmax_min ? guard_dnf_and(x, y, out) : dnf_or(x, y, out);
	free(x);
	free(y);
	return ok;
}

/* a OP b for OP in < <= > >= where a side has min or max inside. */
static int minmax_compare(const expr *a, const expr *b, expr_kind k, const symbol_table *table,
	const int64_t *env, linear_dnf *out)
{
	if (k == expr_eq || k == expr_ne)
		return 0;
	minmax_form *f = malloc(sizeof(*f));
	/* a < b: b - a - 1 >= 0; a <= b: b - a >= 0; a > b: a - b - 1 >= 0 */
	int less = k == expr_lt || k == expr_le;
	int ok = f && minmax_lift_difference(less ? b : a, less ? a : b, table, env, f) &&
		minmax_ge0(f, f->root, k == expr_lt || k == expr_gt ? -1 : 0, out);
	free(f);
	return ok;
}

/* e, or !e when neg, into out. Terms are large: temporaries live on the
 * heap, not on the stack of a recursion. */
static int to_dnf(const expr *e, const symbol_table *table, const int64_t *env, int neg,
	linear_dnf *out)
{
	if (e->kind != expr_true && !expr_is_varying(e, table)) {
		if (expr_eval_cond(e, env) != neg)
			guard_dnf_true(out);
		else
			dnf_false(out);
		return 1;
	}
	linear_form a, b;
	switch (e->kind) {
	case expr_true:
		if (neg)
			dnf_false(out);
		else
			guard_dnf_true(out);
		return 1;
	case expr_not:
		return to_dnf(e->a, table, env, !neg, out);
	case expr_and:
	case expr_or: {
		int conjunction = (e->kind == expr_and) != neg; /* De Morgan */
		linear_dnf *x = malloc(sizeof(*x)), *y = malloc(sizeof(*y));
		int ok = x && y && to_dnf(e->a, table, env, neg, x) && to_dnf(e->b, table, env, neg, y);
		if (ok)
			ok = conjunction ? guard_dnf_and(x, y, out) : dnf_or(x, y, out);
		free(x);
		free(y);
		return ok;
	}
	case expr_lt: case expr_le: case expr_gt: case expr_ge: case expr_eq: case expr_ne:
		break;
	default:
		return 0;
	}
	/* a OP b, negated when neg: every comparison is one constraint on
	 * a - b, except == (two) */
	expr_kind k = e->kind;
	if (neg)
		k = k == expr_lt ? expr_ge : k == expr_le ? expr_gt : k == expr_gt ? expr_le :
		    k == expr_ge ? expr_lt : k == expr_eq ? expr_ne : expr_eq;
	if (!expr_linearize(e->a, table, env, &a) || !expr_linearize(e->b, table, env, &b))
		return minmax_compare(e->a, e->b, k, table, env, out);
	switch (k) {
	case expr_lt: return dnf_single(out, &a, &b, -1, -1, 0); /* b - a - 1 >= 0 */
	case expr_le: return dnf_single(out, &a, &b, -1, 0, 0);
	case expr_gt: return dnf_single(out, &a, &b, 1, -1, 0);
	case expr_ge: return dnf_single(out, &a, &b, 1, 0, 0);
	case expr_ne: return dnf_single(out, &a, &b, 1, 0, 1);
	default: { /* ==: a - b >= 0 and b - a >= 0 */
		if (!dnf_single(out, &a, &b, 1, 0, 0))
			return 0;
		dnf_term *t = &out->term[0];
		t->f[1] = t->f[0];
		t->ne[1] = 0;
		t->n = 2;
		return linear_form_scale(&t->f[1], -1);
	}
	}
}

int guard_dnf_linearize(const expr *e, const symbol_table *table, const int64_t *env,
	linear_dnf *out)
{
	return to_dnf(e, table, env, 0, out);
}
