/* Affine values with min and max inside, lifted to the top: max(a, min(b,
 * c)) + d becomes max(a + d, min(b + d, c + d)), a tree of min and max
 * nodes over affine leaves. A comparison of such values is then a
 * disjunction of linear constraints, which is what the block classes and
 * the guard DNF need (guard_dnf.c): max(a, b) < r holds where a < r and
 * b < r, min(a, b) < r where a < r or b < r.
 *
 * Why: clamps (`max(k0, 1)`, `min(x + 1, n - 1)`) are everywhere in real
 * kernels' loop bounds and guards; without this they send a kernel to
 * block-by-block evaluation. */
#ifndef WARPEST_MINMAX_FORM_H
#define WARPEST_MINMAX_FORM_H

#include "kernel/expr.h"

#define MINMAX_MAX_NODES 32

typedef enum minmax_kind { minmax_leaf, minmax_min, minmax_max } minmax_kind;

typedef struct minmax_node {
	minmax_kind kind;
	int a, b;      /* children (min, max) */
	linear_form f; /* leaf */
} minmax_node;

/* Nodes are shared between subtrees; `root` indexes the whole value. */
typedef struct minmax_form {
	int n, root;
	minmax_node node[MINMAX_MAX_NODES];
} minmax_form;

/* Binds the non-varying symbols of e to env and lifts its min and max to
 * the top. Returns 1, or 0 when e is not affine apart from min and max
 * (floor, mod, products of varying values), needs more than
 * MINMAX_MAX_NODES nodes, or overflows 64 bits. */
int minmax_lift(const expr *e, const symbol_table *table, const int64_t *env, minmax_form *out);

/* The same for a - b (the two sides of a comparison). */
int minmax_lift_difference(const expr *a, const expr *b, const symbol_table *table,
	const int64_t *env, minmax_form *out);

/* The value of node `i` at the varying variables v. */
int64_t minmax_eval(const minmax_form *f, int i, const int64_t *v);

#endif
