/* Bitwise and, or and xor as quasi-affine values: a mask by a constant is a
 * sum of bit fields, one per run of ones of the mask, each
 * ((a / 2^l) % 2^w) * 2^l (floor division and the non-negative modulo pick
 * two's complement bits whatever the sign); `or` and `xor` of values whose
 * possibly-set bits are disjoint (bounds.h) are sums; by a constant c,
 * a | c = a + c - (a & c) and a ^ c = a + c - 2*(a & c); a mask one below
 * a power of two that a geometric loop makes is a modulo. */
#include "bitops.h"
#include "eval.h"

#include <stdio.h>
#include <string.h>

#include "bounds.h"

/* Bit fields of a mask past which the expression is not worth it. */
#define MAX_RUNS 8


/* a & m for a mask 0 < m < 2^62: the sum of its bit fields. */
static wp_poly *and_fields(K *k, const wp_poly *a, int64_t m)
{
	wp_atoms *at = &k->at;
	wp_poly *sum = wp_const(at, 0);
	int runs = 0;
	while (m && sum) {
		int l = __builtin_ctzll((uint64_t)m);
		int w = __builtin_ctzll(~((uint64_t)m >> l)); /* length of the run */
		int64_t low = (int64_t)1 << l, field = (int64_t)1 << w;
		if (++runs > MAX_RUNS)
			return wp_fail(k, "'and' with a mask of more than 8 bit fields");
		wp_poly *f = wp_mod(at, wp_fdiv(at, a, wp_const(at, low)), wp_const(at, field));
		sum = wp_add(at, sum, wp_scale(at, f, low));
		m &= ~((field - 1) << l);
	}
	return sum;
}

/* A value computed from loaded data with `range` possible values (masked
 * by 2^w - 1: a radix digit, a hash bucket; a byte shifted right: its high
 * bits) as one data atom of that range, named by `op` and a, so that an
 * atomic on it is costed by contention over its bins (accesses.c) instead
 * of as random. */
static wp_poly *ranged_data(K *k, const wp_poly *a, int64_t range, const char *op)
{
	wp_atoms *at = &k->at;
	const wp_atom *from = NULL;
	int uniform = 1;
	for (int i = 0; i < a->n; i++)
		for (int f = 0; f < a->t[i].n; f++) {
			const wp_atom *x = &at->a[a->t[i].f[f]];
			if (x->data && !from)
				from = x;
			uniform &= x->data ? x->uniform : !x->varying;
		}
	char *text = wp_str(at, a);
	if (!from || !text)
		return NULL;
	int id = wp_atom_get(at, wp_printf(at->arena, "%s(%s)", op, text), WP_DATA);
	wp_atom *m = &at->a[id];
	m->data = 1;
	m->varying = 1;
	m->range = range;
	m->origin = from->origin;
	m->uniform = uniform;
	m->x_dep = wp_has_x_dep(at, a);
	return wp_atom_poly(at, id);
}

static wp_poly *and_const(K *k, const wp_poly *a, int64_t c, unsigned width)
{
	wp_atoms *at = &k->at;
	if (!a)
		return NULL;
	if (c > 0 && c < (1 << 20) && (c & (c + 1)) == 0 && wp_has_data(at, a)) {
		wp_poly *m = ranged_data(k, a, c + 1, wp_printf(at->arena, "mask%lld", (long long)c));
		if (m)
			return m;
	}
	/* masks of 63 bits or more keep every value the model can hold
	 * apart from the sign, and 2^63 is not representable: not analysed */
	if (c == INT64_MIN || c == INT64_MAX)
		return wp_fail(k, "'and' with a 63-bit mask");
	wp_range r = wp_range_of(at, a);
	if (r.lo >= 0) {
		/* bits that are zero in a anyway do not matter */
		if ((r.may & ~(uint64_t)c) == 0)
			return (wp_poly *)a;
		c &= (int64_t)r.may;
		if (c == 0)
			return wp_const(at, 0);
	}
	if (c > 0 && (c & (c + 1)) == 0)
		return wp_mod(at, a, wp_const(at, c + 1));
	if (c < 0 && ((-c) & (-c - 1)) == 0)
		return wp_scale(at, wp_fdiv(at, a, wp_const(at, -c)), -c);
	/* a run of ones 2^h - low; full = 2^63-1 would need 2^63 as the modulus */
	int64_t low = c & -c, full = c | (low - 1);
	if (c > 0 && full != INT64_MAX && (full & (full + 1)) == 0) {
		/* low mask bits that are zero in a anyway: (2t) & 254 = (2t) % 256 */
		if (wp_content(a) % low == 0)
			return wp_mod(at, a, wp_const(at, full + 1));
		/* else (x mod 2^h) rounded down to a multiple of low (n & 0x7ffffffe,
		 * the even part of a trip count that clang's unroller computes);
		 * x mod 2^h is x itself for values below 2^h, which non-negative
		 * values of a type of h+1 bits are */
		int sign_free = width <= 63 && full + 1 >= ((int64_t)1 << (width - 1));
		wp_poly *inner = sign_free ? (wp_poly *)a : wp_mod(at, a, wp_const(at, full + 1));
		wp_assume(k, "right shifts and divisions are on non-negative values");
		return wp_scale(at, wp_fdiv(at, inner, wp_const(at, low)), low);
	}
	/* several runs: bit fields; a negative mask clears the fields of ~c */
	if (c > 0 && c < ((int64_t)1 << 62))
		return and_fields(k, a, c);
	if (c < 0 && ~c < ((int64_t)1 << 62))
		return wp_sub(at, a, and_fields(k, a, ~c));
	return wp_fail(k, "'and' with a mask that is not 2^k-1 or -2^k");
}

/* Whether a and b are never negative and share no bit that may be set. */
static int disjoint_bits(K *k, const wp_poly *a, const wp_poly *b)
{
	wp_range ra = wp_range_of(&k->at, a), rb = wp_range_of(&k->at, b);
	return ra.lo >= 0 && rb.lo >= 0 && (ra.may & rb.may) == 0;
}

static int is_exp2_atom(const K *k, int a);

/* Whether a | b = a + b because b = x % P for P = 2^argument (a shift's
 * parameter, so a power of two) and every term of a has the factor P: a's
 * low bits below P are then zero (in two's complement too), b's are all
 * there is of it. An FFT's ((k >> s) << (s + 1)) | (k & (2^s - 1)). */
static int or_of_split(const K *k, const wp_poly *a, const wp_poly *b)
{
	const wp_atoms *at = &k->at;
	if (b->n != 1 || b->t[0].c != 1 || b->t[0].n != 1 || at->a[b->t[0].f[0]].kind != WP_QUASI)
		return 0;
	const char *name = at->a[b->t[0].f[0]].name;
	for (int e = 0; e < k->n_exp2; e++) {
		/* wp_mod's text for a parameter divisor: "(x) % (P)" */
		char tail[96];
		int lt = snprintf(tail, sizeof tail, ") %% (%s)", at->a[k->exp2_atom[e]].name);
		size_t ln = strlen(name);
		if (name[0] != '(' || lt < 0 || (size_t)lt >= sizeof tail || ln <= (size_t)lt ||
		    strcmp(name + ln - lt, tail) != 0)
			continue;
		int all = a->n > 0;
		for (int i = 0; i < a->n && all; i++) {
			int has = 0;
			for (int f = 0; f < a->t[i].n; f++)
				has |= a->t[i].f[f] == k->exp2_atom[e];
			all = has;
		}
		if (all)
			return 1;
	}
	return 0;
}

static wp_poly *or_values(K *k, const wp_poly *a, const wp_poly *b, unsigned width)
{
	wp_atoms *at = &k->at;
	int64_t c;
	if (!a || !b)
		return NULL;
	if (disjoint_bits(k, a, b) || or_of_split(k, a, b) || or_of_split(k, b, a))
		return wp_add(at, a, b);
	if (wp_is_const(a, &c)) {
		const wp_poly *t = a;
		a = b;
		b = t;
	}
	if (!wp_is_const(b, &c))
		return wp_fail(k, "bitwise 'or' of two variables");
	return wp_sub(at, wp_add(at, a, b), and_const(k, a, c, width));
}

/* Whether parameter atom `a` may be taken to be a power of two: a
 * bitonic stride, a ring buffer's size. Not where the configuration gives
 * it another value; else the model marks it (extract.c) and the core
 * refuses other values at launch. */
static int param_power_of_two(K *k, int a)
{
	const char *name = k->at.a[a].name;
	for (int c = 0; c < k->cfg->n_params; c++)
		if (strcmp(k->cfg->param_names[c], name) == 0) {
			int64_t v = k->cfg->param_values[c];
			if (v <= 0 || (v & (v - 1)))
				return 0;
		}
	for (int i = 0; i < k->n_pow2_param; i++)
		if (k->pow2_param[i] == a)
			return 1;
	if (k->n_pow2_param == (int)(sizeof(k->pow2_param) / sizeof(k->pow2_param[0])))
		return 0;
	k->pow2_param[k->n_pow2_param++] = a;
	wp_assume(k, "parameter '%s' is a power of two (a bitwise operation by it is read as "
		"arithmetic on 2^k; with another value the accesses that use it are assumed random)", name);
	return 1;
}

static int is_exp2_atom(const K *k, int a)
{
	for (int i = 0; i < k->n_exp2; i++)
		if (k->exp2_atom[i] == a)
			return 1;
	return 0;
}

/* The parameter 2^a for a kernel argument's atom a (made on first use). */
static wp_poly *exp2_atom_of(K *k, int src)
{
	wp_atoms *at = &k->at;
	for (int i = 0; i < k->n_exp2; i++)
		if (k->exp2_src[i] == src)
			return wp_atom_poly(at, k->exp2_atom[i]);
	if (k->n_exp2 == (int)(sizeof(k->exp2_atom) / sizeof(k->exp2_atom[0])))
		return wp_fail(k, "shift by a variable amount (too many shifted arguments)");
	char *name = wp_printf(at->arena, "exp2_%s", at->a[src].name);
	/* a kernel argument of that name would be read as the same parameter
	 * (the other parameter atoms are the exp2 ones, of other names) */
	for (unsigned i = 0; i < LLVMCountParams(k->fn); i++)
		if (strcmp(wp_arg_name(k, k->fn, i), name) == 0)
			return wp_fail(k, "shift by a variable amount (a kernel argument is named like its power)");
	int id = wp_atom_get(at, name, WP_PARAM);
	at->a[id].rank = at->a[src].rank + 500; /* after the arguments, in their order */
	k->exp2_atom[k->n_exp2] = id;
	k->exp2_src[k->n_exp2++] = src;
	return wp_atom_poly(at, id);
}

int wp_exp2_ratio(K *k, const wp_poly *s, wp_poly **num, wp_poly **den)
{
	wp_atoms *at = &k->at;
	*num = wp_const(at, 1);
	*den = wp_const(at, 1);
	if (!s) {
		wp_fail(k, "shift by a variable amount");
		return -1;
	}
	for (int i = 0; i < s->n; i++) {
		const wp_term *t = &s->t[i];
		int64_t c = t->c, mag = c < 0 ? -c : c;
		if (t->n == 0) {
			if (mag > 62) {
				wp_fail(k, "shift by a variable amount");
				return -1;
			}
			wp_poly **side = c > 0 ? num : den;
			*side = wp_scale(at, *side, (int64_t)1 << mag);
			continue;
		}
		if (t->n != 1 || at->a[t->f[0]].kind != WP_PARAM || is_exp2_atom(k, t->f[0]) || mag > 4) {
			wp_fail(k, "shift by a variable amount");
			return -1;
		}
		wp_poly *p = exp2_atom_of(k, t->f[0]);
		if (!p)
			return -1;
		wp_poly **side = c > 0 ? num : den;
		for (int64_t r = 0; r < mag; r++)
			*side = wp_mul(at, *side, p);
	}
	return 0;
}

/* Whether p is a power of two in every copy the core makes of the
 * geometric loops and for every value the launch may give: 2^j times
 * variables of geometric loops (geometric.c) that start at a power of two
 * (their values then all are) and parameters taken to be powers of two. */
static int power_of_two(K *k, const wp_poly *p)
{
	if (!p || p->n != 1 || p->t[0].c <= 0 || (p->t[0].c & (p->t[0].c - 1)))
		return 0;
	for (int f = 0; f < p->t[0].n; f++) {
		int a = p->t[0].f[f], ok = 0;
		for (int li = 0; li < k->nl && !ok; li++) {
			const loop *l = &k->loops[li];
			ok = l->geometric && !l->g_why && l->atom == a && l->g_pow2;
		}
		if (!ok && !(k->at.a[a].kind == WP_PARAM && (is_exp2_atom(k, a) || param_power_of_two(k, a))))
			return 0;
	}
	return 1;
}

/* x & P for P a power of two: P * ((x / P) % 2). */
static wp_poly *bit_of(K *k, const wp_poly *x, const wp_poly *p)
{
	wp_atoms *at = &k->at;
	return wp_mul(at, p, wp_mod(at, wp_fdiv(at, x, p), wp_const(at, 2)));
}

static wp_poly *xor_values(K *k, const wp_poly *a, const wp_poly *b, unsigned width)
{
	wp_atoms *at = &k->at;
	int64_t c;
	if (!a || !b)
		return NULL;
	if (wp_is_const(a, &c)) {
		const wp_poly *t = a;
		a = b;
		b = t;
	}
	if (wp_is_const(b, &c) && c == -1) /* ~x = -x - 1 */
		return wp_sub(at, wp_const(at, -1), a);
	if (disjoint_bits(k, a, b))
		return wp_add(at, a, b);
	/* x ^ P = x + P - 2 (x & P) for P a power of two (a bitonic partner
	 * i ^ j) */
	for (int i = 0; i < 2 && !wp_is_const(b, &c); i++)
		if (power_of_two(k, i ? a : b))
			return wp_sub(at, wp_add(at, a, b), wp_scale(at, bit_of(k, i ? b : a, i ? a : b), 2));
	if (!wp_is_const(b, &c))
		return wp_fail(k, "bitwise 'xor' of two variables");
	return wp_sub(at, wp_add(at, a, b), wp_scale(at, and_const(k, a, c, width), 2));
}

wp_poly *wp_bitwise(K *k, LLVMOpcode op, const wp_poly *a, const wp_poly *b, unsigned width)
{
	if (!a || !b)
		return NULL;
	switch (op) {
	case LLVMAnd: {
		int64_t c;
		if (wp_is_const(a, &c)) {
			const wp_poly *s = a;
			a = b;
			b = s;
		}
		/* x & P with P a power of two (a bitonic sort's direction bit)
		 * is P * ((x / P) % 2) */
		for (int i = 0; i < 2 && !wp_is_const(b, &c); i++)
			if (power_of_two(k, i ? a : b))
				return bit_of(k, i ? b : a, i ? a : b);
		/* x & (P - 1) with P a power of two (tid % (2*s) in a loop that
		 * doubles s) is x mod P; with x below 2^w, LLVM may write the mask
		 * as P - 1 + 2^w (2*s + 1023 for a thread index) */
		for (int i = 0; i < 4 && !wp_is_const(b, &c); i++) {
			const wp_poly *x = i & 1 ? b : a, *m = i & 1 ? a : b;
			wp_range rx = wp_range_of(&k->at, x);
			int64_t w = 1;
			while (w > 0 && w <= (int64_t)rx.may && w < ((int64_t)1 << 62))
				w <<= 1;
			if (i >= 2 && (rx.lo < 0 || rx.may >= ((uint64_t)1 << 62)))
				continue;
			wp_poly *pw = wp_add(&k->at, m, wp_const(&k->at, i >= 2 ? 1 - w : 1));
			if (power_of_two(k, pw))
				return wp_mod(&k->at, x, pw);
		}
		if (!wp_is_const(b, &c))
			return wp_fail(k, "'and' of two variables");
		return and_const(k, a, c, width);
	}
	case LLVMOr:
		return or_values(k, a, b, width);
	default:
		return xor_values(k, a, b, width);
	}
}

wp_poly *wp_shift(K *k, int left, const wp_poly *x, const wp_poly *s)
{
	wp_atoms *at = &k->at;
	int64_t c;
	wp_poly *num = NULL, *den = NULL;
	if (s && !wp_is_const(s, &c)) {
		if (x && wp_has_data(at, x) && !wp_has_data(at, s))
			return (wp_poly *)x;
		if (wp_exp2_ratio(k, s, &num, &den))
			return NULL;
	} else if (!s || c < 0 || c > 62) {
		return wp_fail(k, "shift by a variable amount");
	}
	if (left) { /* by kernel arguments: times 2^s */
		if (!num)
			return wp_scale(at, x, (int64_t)1 << c);
		wp_poly *y = wp_mul(at, x, num);
		return wp_is_const(den, &c) && c == 1 ? y : wp_fdiv(at, y, den);
	}
	wp_assume(k, "right shifts and divisions are on non-negative values");
	if (!num) {
		const wp_atom *d = x && x->n == 1 && x->t[0].c == 1 && x->t[0].n == 1 ? &at->a[x->t[0].f[0]] : NULL;
		if (d && d->kind == WP_DATA && d->range > 0 && c > 0 && c < 32) {
			wp_poly *r = ranged_data(k, x, (d->range + ((int64_t)1 << c) - 1) >> c,
				wp_printf(at->arena, "shr%lld", (long long)c));
			if (r)
				return r;
		}
		return wp_fdiv(at, x, wp_const(at, (int64_t)1 << c));
	}
	/* x / (num / den) = x * den / num */
	return wp_fdiv(at, wp_mul(at, x, den), num);
}
