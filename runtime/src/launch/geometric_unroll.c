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
	int n_values[EXPR_MAX_LOOPS];
	int64_t values[EXPR_MAX_LOOPS][GEOMETRIC_MAX_VALUES];
	int new_index[EXPR_MAX_LOOPS];       /* per model loop: index in the unrolled model, -1: gone */
} geometric_loops;

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

static int loop_values(warpest_ctx *ctx, const warpest_kernel *k, int li, const int64_t *env,
	geometric_loops *h, geometric_unroll *out)
{
	const km_loop *loop = &k->loops[li];
	int o = h->ordinal[li], halves = loop->shift > 0;
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
		h->values[o][n++] = x;
		x = next_value(x, loop->shift, &done);
	}
	h->n_values[o] = n;
	char *note = out->notes[out->n_notes++];
	int len = snprintf(note, sizeof(out->notes[0]), "%s loop '%s' unrolled at this launch: %d "
		"iteration(s)", halves ? "halving" : "doubling", loop->var, n);
	for (int i = 0; i < n && len < (int)sizeof(out->notes[0]) - 24; i++)
		len += snprintf(note + len, sizeof(out->notes[0]) - (size_t)len, "%s%lld", i ? ", " : ", values ",
			(long long)h->values[o][i]);
	if (len >= (int)sizeof(out->notes[0]) - 24 && n > 0)
		snprintf(note + sizeof(out->notes[0]) - 24, 24, ", ...");
	return 0;
}

/* The geometric loops among `loops` (a list of model loop indices), in order;
 * returns how many, or -1 when more than GEOMETRIC_MAX_NEST. */
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

/* Copies one list of loops makes: the product of its geometric loops' value
 * counts, a loop without values counting 1 (its one copy never runs). */
static int64_t copies_of(const geometric_loops *h, int n, const int *which)
{
	int64_t c = 1;
	for (int i = 0; i < n; i++)
		c *= h->n_values[which[i]] > 0 ? h->n_values[which[i]] : 1;
	return c;
}

/* Copy `combo` of a list of loops: each geometric loop's value index (the
 * last loop fastest); returns whether the copy never runs. */
static int decode(const geometric_loops *h, int n, const int *which, int64_t combo, int *index, int64_t *key)
{
	int dead = 0;
	*key = 0;
	for (int i = n - 1; i >= 0; i--) {
		int nv = h->n_values[which[i]];
		int64_t radix = nv > 0 ? nv : 1;
		index[i] = (int)(combo % radix);
		combo /= radix;
		dead |= nv == 0;
	}
	for (int i = 0; i < n; i++)
		*key = *key * 512 + which[i] * GEOMETRIC_MAX_VALUES + index[i] + 1;
	return dead;
}

static void keep_loops(const geometric_loops *h, int n_in, const int *in, int *n_out, int *out)
{
	*n_out = 0;
	for (int i = 0; i < n_in; i++)
		if (h->new_index[in[i]] >= 0)
			out[(*n_out)++] = h->new_index[in[i]];
}

/* e with each geometric variable of the copy replaced by its value (1 in a
 * copy that never runs: a divisor in it stays non-zero), and its count by
 * the value's index. */
static const expr *substitute(expr_arena *arena, const warpest_kernel *k, const geometric_loops *h, int n,
	const int *which, const int *index, const expr *e)
{
	for (int i = 0; e && i < n; i++) {
		int o = which[i];
		int64_t v = h->n_values[o] > 0 ? h->values[o][index[i]] : 1;
		const km_loop *loop = &k->loops[h->loop[o]];
		e = expr_subst(arena, e, loop->sym, v);
		if (e && loop->count_sym >= 0)
			e = expr_subst(arena, e, loop->count_sym, index[i]);
	}
	return e;
}

static const expr *never(expr_arena *arena)
{
	expr *zero = expr_new(arena, expr_const, NULL, NULL);
	return zero ? expr_new(arena, expr_lt, zero, zero) : NULL;
}

static int unroll_accesses(warpest_ctx *ctx, const warpest_kernel *k, const geometric_loops *h,
	geometric_unroll *out, int *first_copy)
{
	warpest_kernel *c = out->kernel;
	int n = 0;
	for (int i = 0; i < k->n_accesses; i++) {
		const km_access *a = &k->accesses[i];
		int which[GEOMETRIC_MAX_NEST], index[GEOMETRIC_MAX_NEST];
		int nh = geometric_in(h, a->n_loops, a->loops, which);
		int64_t copies = copies_of(h, nh, which);
		first_copy[i] = n;
		for (int64_t combo = 0; combo < copies; combo++, n++) {
			km_access *d = &c->accesses[n];
			*d = *a;
			out->origin[n] = i;
			int dead = decode(h, nh, which, combo, index, &d->copy_key);
			keep_loops(h, a->n_loops, a->loops, &d->n_loops, d->loops);
			d->offset = substitute(c->arena, k, h, nh, which, index, a->offset);
			d->guard = dead ? never(c->arena) : substitute(c->arena, k, h, nh, which, index, a->guard);
			if ((a->offset && !d->offset) || ((a->guard || dead) && !d->guard))
				return ctx_error(ctx, "out of memory");
		}
	}
	c->n_accesses = n;
	return 0;
}

static void unroll_ops(const warpest_kernel *k, const geometric_loops *h, geometric_unroll *out,
	const int *first_copy)
{
	warpest_kernel *c = out->kernel;
	int n = 0;
	for (int i = 0; i < k->n_ops; i++) {
		const km_ops *o = &k->ops[i];
		int which[GEOMETRIC_MAX_NEST], index[GEOMETRIC_MAX_NEST];
		int nh = geometric_in(h, o->n_loops, o->loops, which);
		int64_t copies = copies_of(h, nh, which);
		for (int64_t combo = 0; combo < copies; combo++, n++) {
			km_ops *d = &c->ops[n];
			*d = *o;
			int dead = decode(h, nh, which, combo, index, &d->copy_key);
			keep_loops(h, o->n_loops, o->loops, &d->n_loops, d->loops);
			/* runs_with names an access of the same loops: the same copies */
			if (o->runs_with >= 0)
				d->runs_with = first_copy[o->runs_with] + (int)combo;
			if (dead)
				memset(d->count, 0, sizeof(d->count));
		}
	}
	c->n_ops = n;
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
	int rc = 0;
	for (int i = 0; !rc && i < h->n; i++)
		rc = loop_values(ctx, k, h->loop[i], env, h, out);
	/* how many copies */
	int64_t n_acc = 0, n_ops = 0;
	for (int i = 0; !rc && i < k->n_accesses + k->n_ops; i++) {
		int which[GEOMETRIC_MAX_NEST];
		int is_access = i < k->n_accesses;
		int nl = is_access ? k->accesses[i].n_loops : k->ops[i - k->n_accesses].n_loops;
		const int *ls = is_access ? k->accesses[i].loops : k->ops[i - k->n_accesses].loops;
		int nh = geometric_in(h, nl, ls, which);
		if (nh < 0) {
			rc = ctx_error(ctx, "kernel '%s': %s %d lies in more than %d geometric loops", k->name,
				is_access ? "accesses" : "ops", is_access ? i : i - k->n_accesses, GEOMETRIC_MAX_NEST);
			break;
		}
		*(is_access ? &n_acc : &n_ops) += copies_of(h, nh, which);
		if (n_acc > GEOMETRIC_MAX_ACCESSES || n_ops > GEOMETRIC_MAX_ACCESSES)
			rc = ctx_error(ctx, "kernel '%s': unrolling its geometric loops at this launch makes more "
				"than %d accesses or operation entries", k->name, GEOMETRIC_MAX_ACCESSES);
	}
	int *first_copy = rc ? NULL : malloc(sizeof(int) * ((size_t)k->n_accesses + 1));
	warpest_kernel *c = rc ? NULL : malloc(sizeof(*c));
	if (!rc) {
		if (c) {
			*c = *k;
			c->arena = expr_arena_alloc();
			c->accesses = calloc((size_t)n_acc + 1, sizeof(km_access));
			c->ops = calloc((size_t)n_ops + 1, sizeof(km_ops));
		}
		out->kernel = c;
		out->origin = malloc(sizeof(int) * ((size_t)n_acc + 1));
		if (!first_copy || !c || !c->arena || !c->accesses || !c->ops || !out->origin)
			rc = ctx_error(ctx, "out of memory");
	}
	if (!rc) {
		/* the arithmetic loops keep their order; geometric variables become
		 * names no expression of the copy uses */
		c->n_loops = 0;
		for (int li = 0; li < k->n_loops; li++) {
			int sym = k->loops[li].sym;
			if (k->loops[li].shift) {
				h->new_index[li] = -1;
				c->symbols.classes[sym] = sym_class_param;
				c->symbols.geometric[sym] = 0;
				if (k->loops[li].count_sym >= 0) {
					c->symbols.classes[k->loops[li].count_sym] = sym_class_param;
					c->symbols.geometric[k->loops[li].count_sym] = 0;
				}
				c->symbols.loop_index[sym] = -1;
				continue;
			}
			h->new_index[li] = c->n_loops;
			c->symbols.loop_index[sym] = c->n_loops;
			c->loops[c->n_loops++] = k->loops[li];
		}
		rc = unroll_accesses(ctx, k, h, out, first_copy);
	}
	if (!rc)
		unroll_ops(k, h, out, first_copy);
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
