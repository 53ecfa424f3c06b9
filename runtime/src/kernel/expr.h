/* Expressions of the kernel model: integer polynomials over symbols with
 * floor division, modulo, min and max, and conditions over them (SPEC §3).
 *
 * Trees are immutable once built and live in an expr_arena owned by the
 * kernel model; nodes may be shared (defs are substituted by reference). */
#ifndef WARPEST_EXPR_H
#define WARPEST_EXPR_H

#include <stdint.h>

#include "warpest/warpest.h"

/* Fixed symbol ids; parameters and loop variables follow. */
enum {
	sym_tid_x = 0, sym_tid_y, sym_tid_z,
	sym_ctaid_x, sym_ctaid_y, sym_ctaid_z,
	sym_ntid_x, sym_ntid_y, sym_ntid_z,
	sym_nctaid_x, sym_nctaid_y, sym_nctaid_z,
	sym_n_builtin
};

#define EXPR_MAX_SYMBOLS 96
/* Varying variables of a bound expression: tid xyz, ctaid xyz, then loops. */
#define EXPR_MAX_LOOPS 8
#define EXPR_N_VARYING (6 + EXPR_MAX_LOOPS)

typedef enum expr_kind {
	expr_const, expr_sym, expr_add, expr_sub, expr_mul, expr_neg,
	expr_div, expr_mod, expr_min, expr_max,
	/* conditions */
	expr_lt, expr_le, expr_gt, expr_ge, expr_eq, expr_ne,
	expr_and, expr_or, expr_not, expr_true
} expr_kind;

typedef struct expr {
	expr_kind kind;
	int64_t value;        /* expr_const */
	int sym;              /* expr_sym */
	const struct expr *a, *b;
	int depth;            /* of the tree, defs expanded: bounds every recursion */
	int size;             /* nodes of the tree, defs expanded (saturates) */
	int varying;          /* depends on a thread, block or loop variable: EXPR_VARYING_* bits */
} expr;

/* A geometric loop's variable is a constant once the launch unrolls its loop
 * (launch/geometric_unroll.c), so products with it and divisions by it stay
 * affine: it varies, but not plainly. */
#define EXPR_VARYING_PLAIN 1
#define EXPR_VARYING_GEOMETRIC 2

/* Limits of one expression or condition (docs/limits.md): parentheses,
 * unary minus and ! nested in the text; the depth and the number of nodes of
 * its tree once defs are expanded (shared nodes counted each time: evaluation
 * walks them each time); the chain of defs referring to defs. */
#define EXPR_MAX_NESTING 256
#define EXPR_MAX_DEPTH 1024
#define EXPR_MAX_NODES 65536
#define EXPR_MAX_DEF_DEPTH 32
/* Values an expression may take anywhere in a launch's domain, intermediate
 * results included (launch.c checks): sums and differences of two of them
 * stay in 64 bits. */
#define EXPR_VALUE_MAX ((int64_t)1 << 62)

typedef struct expr_arena expr_arena;
expr_arena *expr_arena_alloc(void);
void expr_arena_free(expr_arena *arena);
/* A node over a and b (either may be NULL) with its depth, size and varying
 * flag from theirs; NULL when out of memory. The caller checks the limits. */
expr *expr_new(expr_arena *arena, expr_kind kind, const expr *a, const expr *b);

/* Symbol classes, set by the kernel model before parsing. */
/* sym_class_count: a geometric loop's iteration count (0, 1, ...), beside
 * its variable; like it, a constant in every unrolled copy. */
typedef enum sym_class { sym_class_thread, sym_class_block, sym_class_size,
	sym_class_param, sym_class_loop, sym_class_def, sym_class_count } sym_class;

typedef struct symbol_table {
	int n;
	char names[EXPR_MAX_SYMBOLS][64];
	sym_class classes[EXPR_MAX_SYMBOLS];
	const expr *defs[EXPR_MAX_SYMBOLS]; /* sym_class_def: its tree */
	int loop_index[EXPR_MAX_SYMBOLS];   /* sym_class_loop: 0.. */
	int def_depth[EXPR_MAX_SYMBOLS];    /* sym_class_def: 1 + the deepest def it uses */
	unsigned char geometric[EXPR_MAX_SYMBOLS]; /* a geometric loop's variable or count */
} symbol_table;

void symbol_table_init(symbol_table *table);
/* Adds a symbol; returns its id or -1 (duplicate or full). */
int symbol_table_add(symbol_table *table, const char *name, sym_class cls);
int symbol_table_find(const symbol_table *table, const char *name);
/* Whether symbol `sym` is a thread, block or loop variable. */
int expr_sym_varying(const symbol_table *table, int sym);

/* Parses `text` as an expression (want_condition 0) or a condition (1).
 * On error returns NULL and writes "column N: what" to err. Rejects products
 * of two varying terms and divisors that vary (non-affine). */
const expr *expr_parse(expr_arena *arena, const symbol_table *table, const char *text,
	int want_condition, char *err, int err_size);
/* The same, and *def_depth: the def_depth of the deepest def the text uses
 * (0: none). */
const expr *expr_parse_def(expr_arena *arena, const symbol_table *table, const char *text,
	int want_condition, char *err, int err_size, int *def_depth);

/* Writes the tree as text (re-parsable); returns bytes needed. */
int expr_print(const expr *e, const symbol_table *table, char *buf, int size);

/* Whether e depends on a varying symbol (thread, block, loop). */
int expr_is_varying(const expr *e, const symbol_table *table);
/* Whether e mentions symbol `sym`. */
int expr_uses_symbol(const expr *e, int sym);

/* Evaluates with every symbol's value in env (defs are already expanded in
 * the tree). Floor semantics for / and %; division by zero yields 0.
 * Unchecked, for speed: launch.c proves beforehand that no value of the
 * launch's domain leaves EXPR_VALUE_MAX (expr_range). */
/* e with every node of symbol `sym` replaced by the constant `value`,
 * new nodes in `arena` and unchanged subtrees shared; NULL when out of
 * memory (or when e is NULL). Only varying symbols are looked for: a tree
 * that does not vary is returned as it is. */
const expr *expr_subst(expr_arena *arena, const expr *e, int sym, int64_t value);
int64_t expr_eval(const expr *e, const int64_t *env);
int expr_eval_cond(const expr *e, const int64_t *env);

/* An affine form over the varying variables once constants are bound:
 * value = c0 + sum coeff[i] * v[i], v = (tid xyz, ctaid xyz, loop 0..). */
typedef struct linear_form {
	int64_t c0;
	int64_t coeff[EXPR_N_VARYING];
} linear_form;

/* Binds the non-varying symbols to values in env and returns 1 with the
 * linear form if the result is affine (no floor/mod/min/max of varying
 * values), else 0. */
int expr_linearize(const expr *e, const symbol_table *table, const int64_t *env,
	linear_form *out);

/* A condition as a conjunction of linear constraints `form >= 0`, when it
 * has that shape after binding (guard_dnf.c binds conditions). */
#define COND_MAX_CONSTRAINTS 16
typedef struct linear_cond {
	int n;
	linear_form ge0[COND_MAX_CONSTRAINTS];
} linear_cond;

static inline int64_t linear_form_eval(const linear_form *f, const int64_t *v)
{
	int64_t s = f->c0;
	for (int i = 0; i < EXPR_N_VARYING; i++)
		s += f->coeff[i] * v[i];
	return s;
}

/* f *= k, f += sign * g (sign +1 or -1); 0 when a term overflows 64 bits
 * (f is then unusable). */
int linear_form_scale(linear_form *f, int64_t k);
int linear_form_add(linear_form *f, const linear_form *g, int64_t sign);

/* Variable index of a varying symbol in linear_form, or -1. */
int expr_varying_index(const symbol_table *table, int sym);

/* The range [lo, hi] of e when every symbol s lies in [env_lo[s], env_hi[s]],
 * with every intermediate value inside +-EXPR_VALUE_MAX; 0, or -1 when
 * some value may leave it (or is INT64_MIN / -1). Conservative. */
int expr_range(const expr *e, const int64_t *env_lo, const int64_t *env_hi,
	int64_t *lo, int64_t *hi);

/* Floor division and modulo; by 0 they yield 0. Inline: per-lane atoms
 * evaluate them millions of times. */
static inline int64_t floor_div(int64_t a, int64_t b)
{
	if (b == 0)
		return 0;
	if (b == -1) /* INT64_MIN / -1 traps; wraps here (expr_range rejects it) */
		return (int64_t)(0 - (uint64_t)a);
	int64_t q = a / b;
	if ((a % b != 0) && ((a < 0) != (b < 0)))
		q--;
	return q;
}

static inline int64_t floor_mod(int64_t a, int64_t b)
{
	if (b == 0 || b == -1)
		return 0;
	return a - floor_div(a, b) * b;
}

#endif
