/* Integer polynomials over symbolic atoms, for the warpest pass (C11).
 *
 * An atom is a symbol (tid.x, ctaid.y, ntid.x, a parameter, a loop variable)
 * or an opaque quasi-affine sub-expression kept as text (floor division,
 * modulo, min, max) or a value loaded from memory. A polynomial is a sum of
 * terms coef * atom^k * ... . Everything lives in an arena freed at once. */
#ifndef WARPEST_PASS_POLY_H
#define WARPEST_PASS_POLY_H

#include <stddef.h>
#include <stdint.h>

enum wp_atom_kind {
	WP_TID, WP_CTAID, WP_NTID, WP_NCTAID, WP_LOOP, WP_PARAM, WP_QUASI, WP_DATA
};

typedef struct wp_atom {
	char *name;
	enum wp_atom_kind kind;
	int rank;          /* print order */
	int varying;       /* depends on tid/ctaid/loop variables */
	int data;          /* depends on loaded data */
	uint64_t loops;    /* loop ids it depends on (bit i: loop i) */
	int64_t range;     /* data atoms: number of distinct values, 0 unknown */
	char *origin;      /* data atoms: where the value was loaded */
	int uniform;       /* data atoms: loaded from an address free of tid (same for a warp) */
	const void *src;   /* data atoms: the load instruction (an LLVMValueRef) */
	int x_dep;         /* may differ between lanes that share tid.y and tid.z (tid.x, lane id,
			    * data not shown to be free of them) */
	int ranged;        /* quasi-affine atoms: lo..hi and the bits that may be set (bounds.h) */
	int64_t lo, hi;
	uint64_t may;
	/* quasi-affine atoms: floor (WP_FLOOR) or mod (WP_MOD) of num by den,
	 * for rewriting the guards a launch is read from; 0 for min and max */
	int quasi_op;
	const struct wp_poly *num, *den;
} wp_atom;

enum { WP_FLOOR = 1, WP_MOD = 2 };

#define WP_MAXF 6
typedef struct wp_term {
	int64_t c;
	int n;
	int f[WP_MAXF]; /* atom ids, sorted by rank */
} wp_term;

typedef struct wp_poly {
	int n;
	wp_term *t;
} wp_poly;

typedef struct wp_arena wp_arena;

typedef struct wp_atoms {
	wp_arena *arena;
	int n, cap;
	wp_atom *a;
} wp_atoms;

wp_arena *wp_arena_new(void);
void wp_arena_free(wp_arena *arena);
void *wp_alloc(wp_arena *arena, size_t size); /* zeroed */
char *wp_strdup(wp_arena *arena, const char *s);
char *wp_printf(wp_arena *arena, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

int wp_atom_get(wp_atoms *atoms, const char *name, enum wp_atom_kind kind);

wp_poly *wp_const(wp_atoms *at, int64_t c);
wp_poly *wp_atom_poly(wp_atoms *at, int atom);
/* NULL on overflow (all of these). */
wp_poly *wp_add(wp_atoms *at, const wp_poly *a, const wp_poly *b);
wp_poly *wp_scale(wp_atoms *at, const wp_poly *a, int64_t k);
wp_poly *wp_sub(wp_atoms *at, const wp_poly *a, const wp_poly *b);
wp_poly *wp_mul(wp_atoms *at, const wp_poly *a, const wp_poly *b);
int wp_is_const(const wp_poly *p, int64_t *value);
int wp_equal(const wp_poly *a, const wp_poly *b);
/* Largest k with every coefficient divisible by it (0 for the zero poly). */
int64_t wp_content(const wp_poly *p);
/* Floor division and non-negative modulo by a constant or by a polynomial
 * free of varying symbols; quasi-affine atoms when not exact. */
wp_poly *wp_fdiv(wp_atoms *at, const wp_poly *a, const wp_poly *d);
wp_poly *wp_mod(wp_atoms *at, const wp_poly *a, const wp_poly *d);
wp_poly *wp_minmax(wp_atoms *at, const wp_poly *a, const wp_poly *b, int is_max);
/* Replace atom by q (atoms nested inside quasi atoms are not visited: returns
 * NULL when one of them depends on the atom's loop). */
wp_poly *wp_subst(wp_atoms *at, const wp_poly *p, int atom, const wp_poly *q);
/* Properties over all atoms. */
int wp_has_data(const wp_atoms *at, const wp_poly *p);
int wp_has_varying(const wp_atoms *at, const wp_poly *p);
/* Whether p may differ between lanes that share tid.y and tid.z. */
int wp_has_x_dep(const wp_atoms *at, const wp_poly *p);
uint64_t wp_loops(const wp_atoms *at, const wp_poly *p);
/* Text in the kernel-model expression syntax (arena string). */
char *wp_str(wp_atoms *at, const wp_poly *p);

#endif
