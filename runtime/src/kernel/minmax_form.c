/* Lifting min and max to the top of an affine value (minmax_form.h). Nodes
 * are appended to one arena and never changed, so subtrees are shared. */
#include "kernel/minmax_form.h"

#include <string.h>

static int new_leaf(minmax_form *out, const linear_form *f)
{
	if (out->n == MINMAX_MAX_NODES)
		return -1;
	minmax_node *n = &out->node[out->n];
	n->kind = minmax_leaf;
	n->a = n->b = -1;
	n->f = *f;
	return out->n++;
}

static int new_node(minmax_form *out, minmax_kind kind, int a, int b)
{
	if (a < 0 || b < 0 || out->n == MINMAX_MAX_NODES)
		return -1;
	minmax_node *n = &out->node[out->n];
	n->kind = kind;
	n->a = a;
	n->b = b;
	return out->n++;
}

/* k * x: a negative factor turns min into max and back */
static int scale(minmax_form *out, int x, int64_t k)
{
	if (x < 0)
		return -1;
	const minmax_node *n = &out->node[x];
	if (n->kind == minmax_leaf) {
		linear_form f = n->f;
		return linear_form_scale(&f, k) ? new_leaf(out, &f) : -1;
	}
	minmax_kind kind = n->kind;
	int a = n->a, b = n->b;
	if (k < 0)
		kind = kind == minmax_min ? minmax_max : minmax_min;
	if (k == 0) {
		linear_form zero;
		memset(&zero, 0, sizeof(zero));
		return new_leaf(out, &zero);
	}
	int sa = scale(out, a, k);
	return new_node(out, kind, sa, scale(out, b, k));
}

/* x + y: a sum distributes over min and max (min(a, b) + y = min(a + y, b + y)) */
static int combine(minmax_form *out, int x, int y)
{
	if (x < 0 || y < 0)
		return -1;
	const minmax_node *nx = &out->node[x], *ny = &out->node[y];
	if (nx->kind == minmax_leaf && ny->kind == minmax_leaf) {
		linear_form f = nx->f;
		return linear_form_add(&f, &ny->f, 1) ? new_leaf(out, &f) : -1;
	}
	if (nx->kind == minmax_leaf) {
		int t = x;
		x = y, y = t;
		nx = &out->node[x];
	}
	minmax_kind kind = nx->kind;
	int a = nx->a, b = nx->b;
	int ca = combine(out, a, y);
	return new_node(out, kind, ca, combine(out, b, y));
}

static int constant_leaf(const minmax_form *out, int x, int64_t *value)
{
	const minmax_node *n = &out->node[x];
	if (n->kind != minmax_leaf)
		return 0;
	for (int i = 0; i < EXPR_N_VARYING; i++)
		if (n->f.coeff[i])
			return 0;
	*value = n->f.c0;
	return 1;
}

/* Node of e in out, or -1. Recursion is bounded by the tree's depth
 * (EXPR_MAX_DEPTH) and by the arena. */
static int lift(const expr *e, const symbol_table *table, const int64_t *env, minmax_form *out)
{
	linear_form f;
	if (expr_linearize(e, table, env, &f))
		return new_leaf(out, &f);
	int a, b;
	int64_t k;
	switch (e->kind) {
	case expr_add:
	case expr_sub:
		a = lift(e->a, table, env, out);
		b = a < 0 ? -1 : lift(e->b, table, env, out);
		if (e->kind == expr_sub)
			b = scale(out, b, -1);
		return combine(out, a, b);
	case expr_neg:
		return scale(out, lift(e->a, table, env, out), -1);
	case expr_mul:
		a = lift(e->a, table, env, out);
		b = a < 0 ? -1 : lift(e->b, table, env, out);
		if (a < 0 || b < 0)
			return -1;
		if (constant_leaf(out, a, &k))
			return scale(out, b, k);
		if (constant_leaf(out, b, &k))
			return scale(out, a, k);
		return -1;
	case expr_min:
	case expr_max:
		a = lift(e->a, table, env, out);
		b = a < 0 ? -1 : lift(e->b, table, env, out);
		return new_node(out, e->kind == expr_min ? minmax_min : minmax_max, a, b);
	default:
		return -1;
	}
}

int minmax_lift(const expr *e, const symbol_table *table, const int64_t *env, minmax_form *out)
{
	out->n = 0;
	out->root = lift(e, table, env, out);
	return out->root >= 0;
}

int minmax_lift_difference(const expr *a, const expr *b, const symbol_table *table,
	const int64_t *env, minmax_form *out)
{
	out->n = 0;
	int x = lift(a, table, env, out);
	int y = x < 0 ? -1 : lift(b, table, env, out);
	out->root = combine(out, x, scale(out, y, -1));
	return out->root >= 0;
}

int64_t minmax_eval(const minmax_form *f, int i, const int64_t *v)
{
	const minmax_node *n = &f->node[i];
	if (n->kind == minmax_leaf)
		return linear_form_eval(&n->f, v);
	int64_t x = minmax_eval(f, n->a, v), y = minmax_eval(f, n->b, v);
	return n->kind == minmax_min ? (x < y ? x : y) : (x > y ? x : y);
}
