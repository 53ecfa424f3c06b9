/* Geometric loops unrolled at launch (geometric_unroll.h). */
#include "launch/geometric_unroll.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Values of a geometric variable, one per iteration: at most one per bit. */
#define GEOMETRIC_MAX_VALUES 64
/* Geometric loops around one access at most: the copy key has 9 bits each. */
#define GEOMETRIC_MAX_NEST 6

typedef struct geometric_loops {
	int n;                               /* geometric loops of the model */
	int loop[EXPR_MAX_LOOPS];            /* their indices in the model */
	int ordinal[EXPR_MAX_LOOPS];         /* per model loop: its place among them, -1: arithmetic */
	int nested[EXPR_MAX_LOOPS];          /* per ordinal: bounds use an outer geometric loop */
	int new_index[EXPR_MAX_LOOPS];       /* per model loop: index in the unrolled model, -1: gone */
} geometric_loops;

/* The values of every geometric loop around one access or ops entry, one
 * combination per copy (outer loops slowest). */
typedef struct combinations {
	int n;                               /* geometric loops in the list */
	int which[GEOMETRIC_MAX_NEST];       /* their ordinals, outermost first */
	int64_t count, cap;
	int64_t *value;                      /* count x n */
	int64_t *also;                       /* count x n x KM_MAX_ALSO: the loops' "also" values */
	int *index;                          /* count x n */
	unsigned char *dead;                 /* count: the copy never runs */
} combinations;

/* floor(x / 2^shift), also for negative x (>> on them is the compiler's choice). */
static int64_t shift_down(int64_t x, int shift)
{
	return x >= 0 ? x >> shift : -((-(x + 1)) >> shift) - 1;
}

/* The next value of a geometric variable: floor(x / 2^shift) when halving,
 * x * 2^-shift when doubling; *done when that leaves 63 bits (no bound
 * lets it run). */
static int64_t next_value(int64_t x, int shift, int *done)
{
	if (shift > 0)
		return shift_down(x, shift);
	if (x > (INT64_MAX >> -shift) || x < -(INT64_MAX >> -shift)) {
		*done = 1;
		return x;
	}
	return x * ((int64_t)1 << -shift);
}

/* The values of loop li under env (parameters, sizes, and the values of the
 * geometric loops around it). */
static int loop_values(warpest_ctx *ctx, const warpest_kernel *k, int li, const int64_t *env,
	int64_t *values, int *n_values)
{
	const km_loop *loop = &k->loops[li];
	int halves = loop->shift > 0;
	int64_t x = expr_eval(loop->lower, env), bound = expr_eval(loop->bound, env);
	/* halving: the values fall to 0 and stay there, so a bound below 0
	 * never ends it; doubling: a first value of 0 or less stays there */
	if (halves && bound < 0)
		return ctx_error(ctx, "kernel '%s': loop '%s': 'above' is %lld; a halving loop needs a bound "
			"of 0 or more, or it would never end", k->name, loop->var, (long long)bound);
	if (!halves && x <= 0 && x < bound)
		return ctx_error(ctx, "kernel '%s': loop '%s': 'lower' is %lld, below its bound %lld; a "
			"doubling loop needs a first value of 1 or more, or it would never end", k->name,
			loop->var, (long long)x, (long long)bound);
	int n = 0, done = 0;
	while (!done && n < GEOMETRIC_MAX_VALUES &&
	       ((halves ? x > bound : x < bound) || (n == 0 && loop->first_always))) {
		values[n++] = x;
		x = next_value(x, loop->shift, &done);
	}
	*n_values = n;
	return 0;
}

static void note_values(const warpest_kernel *k, const geometric_loops *h, int o, const int64_t *values,
	int n, geometric_unroll *out)
{
	const km_loop *loop = &k->loops[h->loop[o]];
	char *note = out->notes[out->n_notes++];
	size_t size = sizeof(out->notes[0]);
	const char *kind = loop->shift > 0 ? "halving" : "doubling";
	if (h->nested[o]) {
		snprintf(note, size, "%s loop '%s' unrolled at this launch within each value of the loops "
			"around it, whose values its bounds use", kind, loop->var);
		return;
	}
	int len = snprintf(note, size, "%s loop '%s' unrolled at this launch: %d iteration(s)", kind,
		loop->var, n);
	for (int i = 0; i < n && len < (int)size - 24; i++)
		len += snprintf(note + len, size - (size_t)len, "%s%lld", i ? ", " : ", values ",
			(long long)values[i]);
	if (len >= (int)size - 24 && n > 0)
		snprintf(note + size - 24, 24, ", ...");
}

/* The geometric loops among `loops` (a list of model loop indices), in
 * order; -1 when more than GEOMETRIC_MAX_NEST. */
static int geometric_in(const geometric_loops *h, int n_loops, const int *loops, int *which)
{
	int n = 0;
	for (int i = 0; i < n_loops; i++)
		if (h->ordinal[loops[i]] >= 0) {
			if (n == GEOMETRIC_MAX_NEST)
				return -1;
			which[n++] = h->ordinal[loops[i]];
		}
	return n;
}

static int push_combination(combinations *c, const int64_t *value, const int64_t *also, const int *index,
	int dead)
{
	if (c->count == c->cap) {
		int64_t cap = c->cap ? 2 * c->cap : 16;
		int64_t *v = realloc(c->value, sizeof(int64_t) * (size_t)(cap * (c->n ? c->n : 1)));
		if (v)
			c->value = v;
		int64_t *al = realloc(c->also, sizeof(int64_t) * (size_t)(cap * (c->n ? c->n : 1) * KM_MAX_ALSO));
		if (al)
			c->also = al;
		int *ix = realloc(c->index, sizeof(int) * (size_t)(cap * (c->n ? c->n : 1)));
		if (ix)
			c->index = ix;
		unsigned char *d = realloc(c->dead, (size_t)cap);
		if (d)
			c->dead = d;
		if (!v || !al || !ix || !d)
			return -1;
		c->cap = cap;
	}
	memcpy(c->value + c->count * c->n, value, sizeof(int64_t) * (size_t)c->n);
	memcpy(c->also + c->count * c->n * KM_MAX_ALSO, also, sizeof(int64_t) * (size_t)(c->n * KM_MAX_ALSO));
	memcpy(c->index + c->count * c->n, index, sizeof(int) * (size_t)c->n);
	c->dead[c->count++] = (unsigned char)dead;
	return 0;
}

/* Every combination from depth d on, env holding the outer values; a loop
 * without values gives one combination that never runs (its variable and
 * those inside it 1, so that a divisor stays non-zero). */
static int enumerate(warpest_ctx *ctx, const warpest_kernel *k, geometric_loops *h, combinations *c,
	int64_t *env, int d, int64_t *value, int64_t *also, int *index, int dead)
{
	if (d == c->n) {
		if (c->count >= GEOMETRIC_MAX_ACCESSES)
			return ctx_error(ctx, "kernel '%s': unrolling its geometric loops at this launch makes "
				"more than %d copies of one access", k->name, GEOMETRIC_MAX_ACCESSES);
		return push_combination(c, value, also, index, dead) ? ctx_error(ctx, "out of memory") : 0;
	}
	int o = c->which[d];
	const km_loop *loop = &k->loops[h->loop[o]];
	int64_t values[GEOMETRIC_MAX_VALUES];
	int n = 0;
	if (!dead && loop_values(ctx, k, h->loop[o], env, values, &n))
		return -1;
	if (n == 0) {
		values[0] = 1;
		dead = 1;
	}
	/* the "also" variables start under the outer loops' values */
	int64_t shifted[KM_MAX_ALSO];
	for (int j = 0; j < loop->n_also; j++)
		shifted[j] = dead ? 1 : expr_eval(loop->also[j].lower, env);
	for (int i = 0; i < (n ? n : 1); i++) {
		value[d] = values[i];
		index[d] = i;
		env[loop->sym] = values[i];
		if (loop->count_sym >= 0)
			env[loop->count_sym] = i;
		for (int j = 0; j < loop->n_also; j++) {
			int done = 0;
			if (i > 0)
				shifted[j] = next_value(shifted[j], loop->also[j].shift, &done);
			also[d * KM_MAX_ALSO + j] = shifted[j];
			env[loop->also[j].sym] = shifted[j];
		}
		if (enumerate(ctx, k, h, c, env, d + 1, value, also, index, dead))
			return -1;
	}
	return 0;
}

static int combinations_of(warpest_ctx *ctx, const warpest_kernel *k, geometric_loops *h, const int64_t *env,
	int n_loops, const int *loops, combinations *c)
{
	memset(c, 0, sizeof(*c));
	c->n = geometric_in(h, n_loops, loops, c->which);
	if (c->n < 0)
		return ctx_error(ctx, "kernel '%s': an access or ops entry lies in more than %d geometric loops",
			k->name, GEOMETRIC_MAX_NEST);
	int64_t local[EXPR_MAX_SYMBOLS], value[GEOMETRIC_MAX_NEST], also[GEOMETRIC_MAX_NEST * KM_MAX_ALSO] = {0};
	int index[GEOMETRIC_MAX_NEST];
	memcpy(local, env, sizeof(local));
	return enumerate(ctx, k, h, c, local, 0, value, also, index, 0);
}

static void combinations_free(combinations *c)
{
	free(c->value);
	free(c->also);
	free(c->index);
	free(c->dead);
}

static int64_t copy_key(const combinations *c, int64_t combo)
{
	int64_t key = 0;
	for (int i = 0; i < c->n; i++)
		key = key * 512 + c->which[i] * GEOMETRIC_MAX_VALUES + c->index[combo * c->n + i] + 1;
	return key;
}

static void keep_loops(const geometric_loops *h, int n_in, const int *in, int *n_out, int *out)
{
	*n_out = 0;
	for (int i = 0; i < n_in; i++)
		if (h->new_index[in[i]] >= 0)
			out[(*n_out)++] = h->new_index[in[i]];
}

/* e in copy `combo`: each geometric variable replaced by its value, and its
 * count by the value's index. */
static const expr *substitute(expr_arena *arena, const warpest_kernel *k, const geometric_loops *h,
	const combinations *c, int64_t combo, const expr *e)
{
	for (int i = 0; e && i < c->n; i++) {
		const km_loop *loop = &k->loops[h->loop[c->which[i]]];
		e = expr_subst(arena, e, loop->sym, c->value[combo * c->n + i]);
		if (e && loop->count_sym >= 0)
			e = expr_subst(arena, e, loop->count_sym, c->index[combo * c->n + i]);
		for (int j = 0; e && j < loop->n_also; j++)
			e = expr_subst(arena, e, loop->also[j].sym, c->also[(combo * c->n + i) * KM_MAX_ALSO + j]);
	}
	return e;
}

static const expr *never(expr_arena *arena)
{
	expr *zero = expr_new(arena, expr_const, NULL, NULL);
	return zero ? expr_new(arena, expr_lt, zero, zero) : NULL;
}

/* Grows an array of `size`-byte items to hold `need`. */
static int reserve(void **items, int64_t *cap, int64_t need, size_t size)
{
	if (need <= *cap)
		return 0;
	int64_t c = *cap ? *cap : 16;
	while (c < need)
		c *= 2;
	void *p = realloc(*items, size * (size_t)c);
	if (!p)
		return -1;
	memset((char *)p + size * (size_t)*cap, 0, size * (size_t)(c - *cap));
	*items = p;
	*cap = c;
	return 0;
}

static int unroll_accesses(warpest_ctx *ctx, const warpest_kernel *k, geometric_loops *h, const int64_t *env,
	geometric_unroll *out, int *first_copy)
{
	warpest_kernel *c = out->kernel;
	int64_t n = 0, cap = 0, origin_cap = 0;
	for (int i = 0; i < k->n_accesses; i++) {
		const km_access *a = &k->accesses[i];
		combinations cb;
		if (combinations_of(ctx, k, h, env, a->n_loops, a->loops, &cb)) {
			combinations_free(&cb);
			return -1;
		}
		first_copy[i] = (int)n;
		if (n + cb.count > GEOMETRIC_MAX_ACCESSES ||
		    reserve((void **)&c->accesses, &cap, n + cb.count, sizeof(km_access)) ||
		    reserve((void **)&out->origin, &origin_cap, n + cb.count, sizeof(int))) {
			combinations_free(&cb);
			return n + cb.count > GEOMETRIC_MAX_ACCESSES ?
				ctx_error(ctx, "kernel '%s': unrolling its geometric loops at this launch makes more "
					"than %d accesses", k->name, GEOMETRIC_MAX_ACCESSES) :
				ctx_error(ctx, "out of memory");
		}
		for (int64_t combo = 0; combo < cb.count; combo++, n++) {
			km_access *d = &c->accesses[n];
			*d = *a;
			out->origin[n] = i;
			d->copy_key = copy_key(&cb, combo);
			keep_loops(h, a->n_loops, a->loops, &d->n_loops, d->loops);
			d->offset = substitute(c->arena, k, h, &cb, combo, a->offset);
			d->guard = cb.dead[combo] ? never(c->arena) : substitute(c->arena, k, h, &cb, combo, a->guard);
			if ((a->offset && !d->offset) || ((a->guard || cb.dead[combo]) && !d->guard)) {
				combinations_free(&cb);
				return ctx_error(ctx, "out of memory");
			}
		}
		combinations_free(&cb);
	}
	c->n_accesses = (int)n;
	return 0;
}

static int unroll_ops(warpest_ctx *ctx, const warpest_kernel *k, geometric_loops *h, const int64_t *env,
	geometric_unroll *out, const int *first_copy)
{
	warpest_kernel *c = out->kernel;
	int64_t n = 0, cap = 0;
	for (int i = 0; i < k->n_ops; i++) {
		const km_ops *o = &k->ops[i];
		combinations cb;
		if (combinations_of(ctx, k, h, env, o->n_loops, o->loops, &cb) ||
		    n + cb.count > GEOMETRIC_MAX_ACCESSES || reserve((void **)&c->ops, &cap, n + cb.count, sizeof(km_ops))) {
			int limit = n + cb.count > GEOMETRIC_MAX_ACCESSES;
			combinations_free(&cb);
			return limit ? ctx_error(ctx, "kernel '%s': unrolling its geometric loops at this launch "
				"makes more than %d operation entries", k->name, GEOMETRIC_MAX_ACCESSES) : -1;
		}
		for (int64_t combo = 0; combo < cb.count; combo++, n++) {
			km_ops *d = &c->ops[n];
			*d = *o;
			d->copy_key = copy_key(&cb, combo);
			keep_loops(h, o->n_loops, o->loops, &d->n_loops, d->loops);
			/* runs_with names an access of the same loops: the same copies */
			if (o->runs_with >= 0)
				d->runs_with = first_copy[o->runs_with] + (int)combo;
			if (cb.dead[combo])
				memset(d->count, 0, sizeof(d->count));
		}
		combinations_free(&cb);
	}
	c->n_ops = (int)n;
	return 0;
}

/* Which geometric loops' bounds use a symbol of another (its variable,
 * count or "also" variables). */
static void find_nested(const warpest_kernel *k, geometric_loops *h)
{
	for (int i = 0; i < h->n; i++) {
		const km_loop *in = &k->loops[h->loop[i]];
		for (int j = 0; j < h->n; j++) {
			const km_loop *out = &k->loops[h->loop[j]];
			if (j != i && (km_loop_used_by(out, in->lower) || km_loop_used_by(out, in->bound)))
				h->nested[i] = 1;
		}
	}
}

int geometric_unroll_build(warpest_ctx *ctx, const warpest_kernel *k, const int64_t *env, geometric_unroll *out)
{
	memset(out, 0, sizeof(*out));
	geometric_loops *h = calloc(1, sizeof(*h));
	if (!h)
		return ctx_error(ctx, "out of memory");
	for (int li = 0; li < k->n_loops; li++) {
		h->ordinal[li] = -1;
		if (k->loops[li].shift) {
			h->ordinal[li] = h->n;
			h->loop[h->n++] = li;
		}
	}
	if (!h->n) {
		free(h);
		return 0;
	}
	find_nested(k, h);
	int *first_copy = malloc(sizeof(int) * ((size_t)k->n_accesses + 1));
	warpest_kernel *c = malloc(sizeof(*c));
	if (c) {
		*c = *k;
		c->arena = expr_arena_alloc();
		c->accesses = NULL;
		c->ops = NULL;
	}
	out->kernel = c;
	int rc = !first_copy || !c || !c->arena ? ctx_error(ctx, "out of memory") : 0;
	if (!rc) {
		/* the arithmetic loops keep their order; geometric variables and
		 * counts become names no expression of the copy uses */
		c->n_loops = 0;
		for (int li = 0; li < k->n_loops; li++) {
			const km_loop *loop = &k->loops[li];
			if (loop->shift) {
				int syms[KM_MAX_LOOP_SYMS], n = km_loop_syms(loop, syms);
				h->new_index[li] = -1;
				for (int j = 0; j < n; j++) {
					c->symbols.classes[syms[j]] = sym_class_param;
					c->symbols.geometric[syms[j]] = 0;
				}
				continue;
			}
			h->new_index[li] = c->n_loops;
			c->symbols.loop_index[loop->sym] = c->n_loops;
			c->loops[c->n_loops++] = *loop;
		}
		rc = unroll_accesses(ctx, k, h, env, out, first_copy);
	}
	if (!rc)
		rc = unroll_ops(ctx, k, h, env, out, first_copy);
	/* never NULL, as the reader's arrays */
	if (!rc && ((!c->accesses && !(c->accesses = calloc(1, sizeof(km_access)))) ||
	    (!c->ops && !(c->ops = calloc(1, sizeof(km_ops)))) ||
	    (!out->origin && !(out->origin = calloc(1, sizeof(int))))))
		rc = ctx_error(ctx, "out of memory");
	/* the notes: each loop's values where they do not depend on other loops */
	for (int o = 0; !rc && o < h->n; o++) {
		int64_t values[GEOMETRIC_MAX_VALUES];
		int n = 0;
		if (!h->nested[o] && loop_values(ctx, k, h->loop[o], env, values, &n))
			rc = -1;
		else
			note_values(k, h, o, values, n, out);
	}
	free(first_copy);
	free(h);
	if (rc)
		geometric_unroll_release(out);
	return rc;
}

void geometric_unroll_release(geometric_unroll *u)
{
	if (u->kernel) {
		expr_arena_free(u->kernel->arena);
		free(u->kernel->accesses);
		free(u->kernel->ops);
		free(u->kernel);
	}
	free(u->origin);
	memset(u, 0, sizeof(*u));
}
