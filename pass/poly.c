/* Integer polynomials over symbolic atoms (see poly.h). */
#include "poly.h"
#include "bounds.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct wp_arena {
	struct wp_arena *next;
	size_t used, size;
	max_align_t data[];
};

wp_arena *wp_arena_new(void)
{
	wp_arena *a = calloc(1, sizeof(*a) + 1024);
	if (a)
		a->size = 1024;
	return a;
}

void wp_arena_free(wp_arena *arena)
{
	while (arena) {
		wp_arena *next = arena->next;
		free(arena);
		arena = next;
	}
}

void *wp_alloc(wp_arena *arena, size_t size)
{
	size = (size + sizeof(max_align_t) - 1) / sizeof(max_align_t) * sizeof(max_align_t);
	/* the head block keeps the chain; new blocks go right after it */
	wp_arena *b = arena->next;
	if (!b || b->used + size > b->size) {
		size_t bs = size > 65536 ? size : 65536;
		b = calloc(1, sizeof(*b) + bs);
		if (!b)
			abort();
		b->size = bs;
		b->next = arena->next;
		arena->next = b;
	}
	void *p = (char *)b->data + b->used;
	b->used += size;
	return p;
}

char *wp_strdup(wp_arena *arena, const char *s)
{
	size_t n = strlen(s) + 1;
	char *d = wp_alloc(arena, n);
	memcpy(d, s, n);
	return d;
}

char *wp_printf(wp_arena *arena, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	char *s = wp_alloc(arena, (size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return s;
}

int wp_atom_get(wp_atoms *at, const char *name, enum wp_atom_kind kind)
{
	for (int i = 0; i < at->n; i++)
		if (at->a[i].kind == kind && strcmp(at->a[i].name, name) == 0)
			return i;
	if (at->n == at->cap) {
		int cap = at->cap ? 2 * at->cap : 64;
		wp_atom *a = wp_alloc(at->arena, (size_t)cap * sizeof(*a));
		if (at->n)
			if (at->n > 0)
				memcpy(a, at->a, (size_t)at->n * sizeof(*a));
		at->a = a;
		at->cap = cap;
	}
	wp_atom *a = &at->a[at->n];
	memset(a, 0, sizeof(*a));
	a->name = wp_strdup(at->arena, name);
	a->kind = kind;
	static const int base[] = {0, 10, 20, 30, 100, 1000, 100000, 1000000};
	int dim = 0;
	size_t len = strlen(name);
	if (kind <= WP_NCTAID && len > 0)
		dim = name[len - 1] - 'x';
	a->rank = base[kind] + (kind <= WP_NCTAID ? dim : at->n);
	a->varying = kind == WP_TID || kind == WP_CTAID || kind == WP_LOOP;
	a->data = kind == WP_DATA;
	/* data atoms are x-dependent until their producer shows otherwise */
	a->x_dep = (kind == WP_TID && name[0] && name[len - 1] == 'x') || kind == WP_DATA;
	return at->n++;
}

static wp_poly *poly_new(wp_atoms *at, int n)
{
	wp_poly *p = wp_alloc(at->arena, sizeof(*p));
	p->t = n ? wp_alloc(at->arena, (size_t)n * sizeof(wp_term)) : NULL;
	p->n = 0;
	return p;
}

wp_poly *wp_const(wp_atoms *at, int64_t c)
{
	wp_poly *p = poly_new(at, 1);
	if (c) {
		p->t[0].c = c;
		p->n = 1;
	}
	return p;
}

wp_poly *wp_atom_poly(wp_atoms *at, int atom)
{
	wp_poly *p = poly_new(at, 1);
	p->t[0].c = 1;
	p->t[0].n = 1;
	p->t[0].f[0] = atom;
	p->n = 1;
	return p;
}

/* Monomial order: by degree descending first factor ranks; constants last. */
static int mono_cmp(const wp_atoms *at, const wp_term *a, const wp_term *b)
{
	if (a->n == 0 || b->n == 0)
		return (a->n == 0) - (b->n == 0);
	for (int i = 0; i < a->n && i < b->n; i++) {
		int ra = at->a[a->f[i]].rank, rb = at->a[b->f[i]].rank;
		if (ra != rb)
			return ra < rb ? -1 : 1;
	}
	return a->n - b->n;
}

static const wp_atoms *sort_atoms;
static int term_qcmp(const void *x, const void *y)
{
	return mono_cmp(sort_atoms, x, y);
}

/* Sorts terms, merges equal monomials, drops zeros. NULL on overflow. */
static wp_poly *normalise(wp_atoms *at, wp_poly *p)
{
	sort_atoms = at;
	if (p->n > 1)
		qsort(p->t, (size_t)p->n, sizeof(wp_term), term_qcmp);
	int out = 0;
	for (int i = 0; i < p->n; i++) {
		if (out > 0 && mono_cmp(at, &p->t[out - 1], &p->t[i]) == 0) {
			if (__builtin_add_overflow(p->t[out - 1].c, p->t[i].c, &p->t[out - 1].c))
				return NULL;
		} else {
			p->t[out++] = p->t[i];
		}
		if (p->t[out - 1].c == 0)
			out--;
	}
	p->n = out;
	return p;
}

wp_poly *wp_add(wp_atoms *at, const wp_poly *a, const wp_poly *b)
{
	if (!a || !b)
		return NULL;
	wp_poly *p = poly_new(at, a->n + b->n);
	if (a->n > 0)
		memcpy(p->t, a->t, (size_t)a->n * sizeof(wp_term));
	if (b->n > 0)
		memcpy(p->t + a->n, b->t, (size_t)b->n * sizeof(wp_term));
	p->n = a->n + b->n;
	return normalise(at, p);
}

wp_poly *wp_scale(wp_atoms *at, const wp_poly *a, int64_t k)
{
	if (!a)
		return NULL;
	wp_poly *p = poly_new(at, a->n);
	for (int i = 0; i < a->n; i++) {
		p->t[i] = a->t[i];
		if (__builtin_mul_overflow(a->t[i].c, k, &p->t[i].c))
			return NULL;
	}
	p->n = a->n;
	return normalise(at, p);
}

wp_poly *wp_sub(wp_atoms *at, const wp_poly *a, const wp_poly *b)
{
	return wp_add(at, a, wp_scale(at, b, -1));
}

static int factor_qcmp(const void *x, const void *y)
{
	int a = *(const int *)x, b = *(const int *)y;
	int ra = sort_atoms->a[a].rank, rb = sort_atoms->a[b].rank;
	return (ra > rb) - (ra < rb);
}

wp_poly *wp_mul(wp_atoms *at, const wp_poly *a, const wp_poly *b)
{
	if (!a || !b)
		return NULL;
	wp_poly *p = poly_new(at, a->n * b->n);
	for (int i = 0; i < a->n; i++)
		for (int j = 0; j < b->n; j++) {
			wp_term *t = &p->t[p->n++];
			if (a->t[i].n + b->t[j].n > WP_MAXF)
				return NULL;
			if (__builtin_mul_overflow(a->t[i].c, b->t[j].c, &t->c))
				return NULL;
			t->n = a->t[i].n + b->t[j].n;
			memcpy(t->f, a->t[i].f, (size_t)a->t[i].n * sizeof(int));
			memcpy(t->f + a->t[i].n, b->t[j].f, (size_t)b->t[j].n * sizeof(int));
			sort_atoms = at;
			if (t->n > 1)
				qsort(t->f, (size_t)t->n, sizeof(int), factor_qcmp);
		}
	return normalise(at, p);
}

int wp_is_const(const wp_poly *p, int64_t *value)
{
	if (!p)
		return 0;
	if (p->n == 0) {
		*value = 0;
		return 1;
	}
	if (p->n == 1 && p->t[0].n == 0) {
		*value = p->t[0].c;
		return 1;
	}
	return 0;
}

int wp_equal(const wp_poly *a, const wp_poly *b)
{
	if (!a || !b || a->n != b->n)
		return 0;
	for (int i = 0; i < a->n; i++) {
		if (a->t[i].c != b->t[i].c || a->t[i].n != b->t[i].n)
			return 0;
		for (int k = 0; k < a->t[i].n; k++)
			if (a->t[i].f[k] != b->t[i].f[k])
				return 0;
	}
	return 1;
}

static int64_t gcd64(int64_t a, int64_t b)
{
	if (a < 0)
		a = -a;
	if (b < 0)
		b = -b;
	while (b) {
		int64_t t = a % b;
		a = b;
		b = t;
	}
	return a;
}

int64_t wp_content(const wp_poly *p)
{
	int64_t g = 0;
	for (int i = 0; i < p->n; i++)
		g = gcd64(g, p->t[i].c);
	return g;
}

static uint64_t poly_loops(const wp_atoms *at, const wp_poly *p, int *varying, int *data)
{
	uint64_t m = 0;
	for (int i = 0; i < p->n; i++)
		for (int k = 0; k < p->t[i].n; k++) {
			const wp_atom *a = &at->a[p->t[i].f[k]];
			m |= a->loops;
			if (varying)
				*varying |= a->varying;
			if (data)
				*data |= a->data;
		}
	return m;
}

int wp_has_data(const wp_atoms *at, const wp_poly *p)
{
	int d = 0;
	poly_loops(at, p, NULL, &d);
	return d;
}

int wp_has_varying(const wp_atoms *at, const wp_poly *p)
{
	int v = 0;
	poly_loops(at, p, &v, NULL);
	return v;
}

int wp_has_x_dep(const wp_atoms *at, const wp_poly *p)
{
	for (int i = 0; p && i < p->n; i++)
		for (int k = 0; k < p->t[i].n; k++)
			if (at->a[p->t[i].f[k]].x_dep)
				return 1;
	return 0;
}

uint64_t wp_loops(const wp_atoms *at, const wp_poly *p)
{
	return poly_loops(at, p, NULL, NULL);
}

static wp_poly *quasi_atom(wp_atoms *at, const char *text, int op, const wp_poly *a, const wp_poly *b,
	wp_range r)
{
	int v = 0, d = 0;
	uint64_t m = poly_loops(at, a, &v, &d) | poly_loops(at, b, &v, &d);
	int x = wp_has_x_dep(at, a) || wp_has_x_dep(at, b);
	int id = wp_atom_get(at, text, d ? WP_DATA : WP_QUASI);
	at->a[id].varying = v;
	at->a[id].data = d;
	at->a[id].loops = m;
	at->a[id].x_dep = x;
	at->a[id].ranged = 1;
	at->a[id].lo = r.lo;
	at->a[id].hi = r.hi;
	at->a[id].may = r.may;
	at->a[id].quasi_op = op;
	at->a[id].num = a;
	at->a[id].den = b;
	return wp_atom_poly(at, id);
}

/* Splits off the terms of a that are multiples of the constant c. */
static void split_multiple(wp_atoms *at, const wp_poly *a, int64_t c, wp_poly **mult, wp_poly **rest)
{
	*mult = poly_new(at, a->n);
	*rest = poly_new(at, a->n);
	for (int i = 0; i < a->n; i++) {
		wp_poly *dst = a->t[i].c % c == 0 ? *mult : *rest;
		dst->t[dst->n++] = a->t[i];
	}
}

/* a / g, every coefficient of a being a multiple of g. */
static wp_poly *exact_div(wp_atoms *at, const wp_poly *a, int64_t g)
{
	wp_poly *q = poly_new(at, a->n);
	for (int i = 0; i < a->n; i++) {
		q->t[q->n] = a->t[i];
		q->t[q->n++].c /= g;
	}
	return q;
}

wp_poly *wp_fdiv(wp_atoms *at, const wp_poly *a, const wp_poly *d)
{
	int64_t c;
	if (!a || !d)
		return NULL;
	if (wp_is_const(d, &c)) {
		if (c == 0)
			return NULL;
		if (c == 1)
			return (wp_poly *)a;
		if (c < 0)
			return wp_fdiv(at, wp_scale(at, a, -1), wp_const(at, -c));
		/* floor(g*a' / (g*c')) = floor(a' / c'): (2*tid.x) / 4 is tid.x / 2 */
		int64_t g = gcd64(wp_content(a), c);
		if (g > 1)
			return wp_fdiv(at, exact_div(at, a, g), wp_const(at, c / g));
		/* floor((c*q + r)/c) = q + floor(r/c) */
		wp_poly *mult, *rest;
		split_multiple(at, a, c, &mult, &rest);
		wp_poly *q = exact_div(at, mult, c);
		int64_t r;
		if (wp_is_const(rest, &r)) {
			int64_t f = r / c - (r % c != 0 && r < 0);
			return wp_add(at, q, wp_const(at, f));
		}
		wp_range rr = wp_range_of(at, rest);
		if (rr.lo >= 0 && rr.hi < c) /* 0 <= r < c */
			return q;
		char *text = wp_printf(at->arena, "(%s) / %lld", wp_str(at, rest), (long long)c);
		return wp_add(at, q, quasi_atom(at, text, WP_FLOOR, rest, d, wp_range_fdiv(rr, c)));
	}
	if (wp_has_varying(at, d))
		return NULL;
	if (wp_equal(a, d))
		return wp_const(at, 1);
	char *text = wp_printf(at->arena, "(%s) / (%s)", wp_str(at, a), wp_str(at, d));
	return quasi_atom(at, text, WP_FLOOR, a, d, wp_range_all());
}

wp_poly *wp_mod(wp_atoms *at, const wp_poly *a, const wp_poly *d)
{
	int64_t c;
	if (!a || !d)
		return NULL;
	if (wp_is_const(d, &c)) {
		if (c <= 0)
			return NULL;
		if (c == 1)
			return wp_const(at, 0);
		/* (g*a') mod (g*c') = g * (a' mod c') */
		int64_t g = gcd64(wp_content(a), c);
		if (g > 1)
			return wp_scale(at, wp_mod(at, exact_div(at, a, g), wp_const(at, c / g)), g);
		wp_poly *mult, *rest;
		split_multiple(at, a, c, &mult, &rest);
		int64_t r;
		if (wp_is_const(rest, &r))
			return wp_const(at, ((r % c) + c) % c);
		wp_range rr = wp_range_of(at, rest);
		if (rr.lo >= 0 && rr.hi < c) /* already below the modulus */
			return rest;
		char *text = wp_printf(at->arena, "(%s) %% %lld", wp_str(at, rest), (long long)c);
		return quasi_atom(at, text, WP_MOD, rest, d, wp_range_mod(rr, c));
	}
	if (wp_has_varying(at, d))
		return NULL;
	char *text = wp_printf(at->arena, "(%s) %% (%s)", wp_str(at, a), wp_str(at, d));
	/* non-negative below the divisor, which may be any parameter value */
	return quasi_atom(at, text, WP_MOD, a, d, wp_range_upto(INT64_MAX));
}

wp_poly *wp_minmax(wp_atoms *at, const wp_poly *a, const wp_poly *b, int is_max)
{
	if (!a || !b)
		return NULL;
	if (wp_equal(a, b))
		return (wp_poly *)a;
	int64_t ca, cb;
	if (wp_is_const(a, &ca) && wp_is_const(b, &cb))
		return wp_const(at, is_max ? (ca > cb ? ca : cb) : (ca < cb ? ca : cb));
	/* one side always wins: min(x, 1) of x <= 0 is x */
	wp_range ra = wp_range_of(at, a), rb = wp_range_of(at, b);
	if (ra.hi <= rb.lo)
		return (wp_poly *)(is_max ? b : a);
	if (rb.hi <= ra.lo)
		return (wp_poly *)(is_max ? a : b);
	char *text = wp_printf(at->arena, "%s(%s, %s)", is_max ? "max" : "min", wp_str(at, a), wp_str(at, b));
	return quasi_atom(at, text, 0, a, b, wp_range_minmax(ra, rb, is_max));
}

wp_poly *wp_subst(wp_atoms *at, const wp_poly *p, int atom, const wp_poly *q)
{
	if (!p || !q)
		return NULL;
	wp_poly *r = wp_const(at, 0);
	for (int i = 0; i < p->n; i++) {
		wp_poly *t = wp_const(at, p->t[i].c);
		for (int k = 0; k < p->t[i].n; k++) {
			int f = p->t[i].f[k];
			if (f != atom && (at->a[f].loops & at->a[atom].loops) && at->a[f].kind != WP_LOOP)
				return NULL;
			t = wp_mul(at, t, f == atom ? q : wp_atom_poly(at, f));
		}
		r = wp_add(at, r, t);
	}
	return r;
}

char *wp_str(wp_atoms *at, const wp_poly *p)
{
	if (!p)
		return wp_strdup(at->arena, "?");
	if (p->n == 0)
		return wp_strdup(at->arena, "0");
	size_t cap = 64;
	for (int i = 0; i < p->n; i++)
		for (int k = 0; k < p->t[i].n; k++)
			cap += strlen(at->a[p->t[i].f[k]].name) + 8;
	cap += (size_t)p->n * 32;
	char *s = wp_alloc(at->arena, cap), *o = s;
	for (int i = 0; i < p->n; i++) {
		const wp_term *t = &p->t[i];
		int64_t c = t->c;
		if (i > 0) {
			o += sprintf(o, c < 0 ? " - " : " + ");
			if (c < 0)
				c = -c;
		} else if (c < 0 && t->n > 0 && c == -1) {
			o += sprintf(o, "-");
			c = 1;
		}
		int first = 1;
		int wrap = t->n > 1 || c != 1 || (i == 0 && t->c < 0);
		if (c != 1 || t->n == 0) {
			o += sprintf(o, "%lld", (long long)c);
			first = 0;
		}
		for (int k = 0; k < t->n; k++) {
			const char *name = at->a[t->f[k]].name;
			int paren = at->a[t->f[k]].kind == WP_QUASI || at->a[t->f[k]].kind == WP_DATA;
			paren = paren && name[0] == '(' && wrap;
			o += sprintf(o, paren ? "%s(%s)" : "%s%s", first ? "" : "*", name);
			first = 0;
		}
	}
	return s;
}
