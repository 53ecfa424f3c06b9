/* Pieces of wave boxes (wave_boxes.c). A box projected onto the variables
 * its address uses is a piece: the set c0 + sum_k a_k*z_k over z in a box, in canonical form: the coefficients
 * positive and ascending, terms of one coefficient added up (x + y with x,
 * y in ranges is one range), and a term whose coefficient is another's
 * times that one's length joined with it (tid + ntid*ctaid over whole
 * blocks is one range). Identical pieces (a variable the address does not
 * use, expanded or sliced) count once; pieces with the same coefficients
 * are translates of one another (the three loads of a tile, a stencil's
 * neighbours in different loops) and are emitted as one union. */
#include "cache/box_pieces.h"

#include <stdlib.h>
#include <string.h>

static void remove_term(piece *p, int j)
{
	for (int k = j; k + 1 < p->n; k++)
		p->a[k] = p->a[k + 1], p->lo[k] = p->lo[k + 1], p->hi[k] = p->hi[k + 1];
	p->n--;
}

/* Joins two terms when their sum is one range; 1 when it did. */
static int join_terms(piece *p, int i, int j)
{
	int64_t len = p->hi[i] - p->lo[i] + 1, a, lo, hi;
	if (p->a[j] == p->a[i]) {
		if (__builtin_add_overflow(p->lo[i], p->lo[j], &lo) ||
		    __builtin_add_overflow(p->hi[i], p->hi[j], &hi))
			return 0;
	} else if (!__builtin_mul_overflow(p->a[i], len, &a) && a == p->a[j]) {
		/* x + len*y, x over len values: every value in between */
		if (__builtin_mul_overflow(len, p->lo[j], &lo) || __builtin_add_overflow(lo, p->lo[i], &lo) ||
		    __builtin_mul_overflow(len, p->hi[j], &hi) || __builtin_add_overflow(hi, p->hi[i], &hi))
			return 0;
	} else
		return 0;
	p->lo[i] = lo, p->hi[i] = hi;
	remove_term(p, j);
	return 1;
}

void make_piece(const box *bx, const box_form *addr, int store, int bytes, piece *p)
{
	p->store = store, p->bytes = bytes, p->n = 0, p->c0 = addr->c0;
	for (int v = 0; v < N_BOX_VARS; v++) {
		int64_t a = addr->c[v];
		if (!a)
			continue;
		if (bx->lo[v] == bx->hi[v]) {
			p->c0 += a * bx->lo[v];
			continue;
		}
		int k = p->n++;
		p->a[k] = a > 0 ? a : -a;
		p->lo[k] = a > 0 ? bx->lo[v] : -bx->hi[v];
		p->hi[k] = a > 0 ? bx->hi[v] : -bx->lo[v];
	}
	for (int joined = 1; joined;) {
		joined = 0;
		for (int i = 0; i < p->n && !joined; i++)
			for (int j = 0; j < p->n && !joined; j++)
				joined = i != j && (p->a[i] != p->a[j] || i < j) && join_terms(p, i, j);
	}
	/* by coefficient (now distinct) */
	for (int i = 1; i < p->n; i++)
		for (int j = i; j > 0 && p->a[j] < p->a[j - 1]; j--) {
			int64_t t;
			t = p->a[j], p->a[j] = p->a[j - 1], p->a[j - 1] = t;
			t = p->lo[j], p->lo[j] = p->lo[j - 1], p->lo[j - 1] = t;
			t = p->hi[j], p->hi[j] = p->hi[j - 1], p->hi[j - 1] = t;
		}
}

static int cmp_int64(int64_t x, int64_t y)
{
	return x < y ? -1 : x > y;
}

/* Pieces with the same coefficients compare equal here. */
static int cmp_key(const piece *x, const piece *y)
{
	int c = x->store != y->store ? cmp_int64(x->store, y->store) :
		x->bytes != y->bytes ? cmp_int64(x->bytes, y->bytes) : cmp_int64(x->n, y->n);
	for (int k = 0; !c && k < x->n; k++)
		c = cmp_int64(x->a[k], y->a[k]);
	return c;
}

static int cmp_box(const piece *x, const piece *y)
{
	int c = 0;
	for (int k = 0; !c && k < x->n; k++)
		c = x->lo[k] != y->lo[k] ? cmp_int64(x->lo[k], y->lo[k]) : cmp_int64(x->hi[k], y->hi[k]);
	return c;
}

static int cmp_piece(const void *a, const void *b)
{
	const piece *x = a, *y = b;
	int c = cmp_key(x, y);
	if (!c)
		c = cmp_box(x, y);
	return c ? c : cmp_int64(x->c0, y->c0);
}

/* The piece's terms as a box and a form over it (variables 0..n-1). */
static void piece_box(const piece *p, box *bx, box_form *f)
{
	memset(bx, 0, sizeof(*bx));
	memset(f, 0, sizeof(*f));
	f->c0 = p->c0;
	for (int k = 0; k < p->n; k++)
		bx->lo[k] = p->lo[k], bx->hi[k] = p->hi[k], f->c[k] = p->a[k];
}

static double box_volume(const piece *p, const int64_t *lo, const int64_t *hi)
{
	double v = 1;
	for (int k = 0; k < p->n; k++)
		v *= (double)(hi[k] - lo[k] + 1);
	(void)p;
	return v;
}

/* Emits pieces [0, n) (one box each, all with `common` or its subsets'
 * owners) as translates over `common`, MAX_GROUP_MEMBERS at a time. */
static void emit_over(emitter *em, group_plan *plan, const piece *ps, int n, const box *common,
	const box_form *form0)
{
	int64_t delta[MAX_GROUP_MEMBERS];
	for (int from = 0; from < n && !emitter_stopped(em);
	     from += MAX_GROUP_MEMBERS) {
		int count = n - from < MAX_GROUP_MEMBERS ? n - from : MAX_GROUP_MEMBERS;
		box_form f = *form0;
		f.c0 = ps[from].c0;
		for (int j = 0; j < count; j++)
			delta[j] = ps[from + j].c0 - f.c0;
		emit_translates(em, plan, common, &f, delta, count, ps[from].bytes);
	}
}

/* Emits the pieces of one key (same coefficients; sorted by box, then c0).
 * Pieces with one box are one union. Where the boxes differ but share most
 * of their points (the last block of a tile whose loads have their own
 * bounds), the common box is one union of every piece and each piece's
 * points outside it are emitted on their own. */
static void emit_key(emitter *em, group_plan *plan, const piece *ps, int n)
{
	box common, bx;
	box_form form;
	piece_box(&ps[0], &common, &form);
	int one_box = 1;
	for (int j = 1; j < n; j++) {
		one_box &= cmp_box(&ps[j], &ps[0]) == 0;
		for (int k = 0; k < ps[0].n; k++) {
			if (ps[j].lo[k] > common.lo[k])
				common.lo[k] = ps[j].lo[k];
			if (ps[j].hi[k] < common.hi[k])
				common.hi[k] = ps[j].hi[k];
		}
	}
	int shared = !one_box;
	for (int k = 0; k < ps[0].n && shared; k++)
		shared = common.lo[k] <= common.hi[k];
	for (int j = 0; j < n && shared; j++)
		shared = 2 * box_volume(&ps[0], common.lo, common.hi) >=
			box_volume(&ps[j], ps[j].lo, ps[j].hi);
	if (!shared) {
		/* runs of pieces with one box */
		for (int from = 0, to; from < n; from = to) {
			for (to = from + 1; to < n && cmp_box(&ps[to], &ps[from]) == 0; to++)
				;
			piece_box(&ps[from], &bx, &form);
			emit_over(em, plan, &ps[from], to - from, &bx, &form);
		}
		return;
	}
	emit_over(em, plan, ps, n, &common, &form);
	/* each piece's points outside the common box, as slabs: variable k
	 * below or above it, the variables before k inside it */
	for (int j = 0; j < n && !emitter_stopped(em); j++) {
		piece_box(&ps[j], &bx, &form);
		for (int k = 0; k < ps[j].n; k++) {
			box slab = bx;
			if (bx.lo[k] < common.lo[k]) {
				slab.hi[k] = common.lo[k] - 1;
				emit_box(em, &slab, &form, ps[j].bytes);
			}
			if (bx.hi[k] > common.hi[k]) {
				slab = bx;
				slab.lo[k] = common.hi[k] + 1;
				emit_box(em, &slab, &form, ps[j].bytes);
			}
			bx.lo[k] = common.lo[k], bx.hi[k] = common.hi[k];
		}
	}
}

int push_piece(piece_list *pl, const piece *p)
{
	if (pl->n == pl->cap) {
		int64_t cap = pl->cap ? 2 * pl->cap : 64;
		piece *grown = realloc(pl->p, sizeof(piece) * (size_t)cap);
		if (!grown)
			return -1;
		pl->p = grown;
		pl->cap = cap;
	}
	pl->p[pl->n++] = *p;
	return 0;
}

/* A key's pieces and their lowest address: keys are emitted in that order,
 * so the rows come in few ascending stretches. */
typedef struct key_span {
	int64_t first, n;
	int64_t lowest;
} key_span;

static int cmp_key_span(const void *a, const void *b)
{
	return cmp_int64(((const key_span *)a)->lowest, ((const key_span *)b)->lowest);
}

/* Emits the union of the pieces: sorted, duplicates dropped, grouped by key. */
int emit_pieces(emitter *em, piece_list *pl)
{
	if (pl->n == 0)
		return 0;
	qsort(pl->p, (size_t)pl->n, sizeof(piece), cmp_piece);
	int64_t w = 0;
	for (int64_t i = 0; i < pl->n; i++)
		if (w == 0 || cmp_piece(&pl->p[i], &pl->p[w - 1]) != 0)
			pl->p[w++] = pl->p[i];
	pl->n = w;
	key_span *keys = malloc(sizeof(key_span) * (size_t)pl->n);
	if (!keys)
		return -1;
	int64_t n_keys = 0;
	for (int64_t from = 0, to; from < pl->n; from = to) {
		int64_t lowest = INT64_MAX;
		for (to = from; to < pl->n && cmp_key(&pl->p[to], &pl->p[from]) == 0; to++) {
			int64_t at = pl->p[to].c0;
			for (int k = 0; k < pl->p[to].n; k++)
				at += pl->p[to].a[k] * pl->p[to].lo[k];
			if (at < lowest)
				lowest = at;
		}
		keys[n_keys++] = (key_span){from, to - from, lowest};
	}
	qsort(keys, (size_t)n_keys, sizeof(key_span), cmp_key_span);
	group_plan plan = {NULL, 0, 0, NULL, 0, 0};
	for (int64_t k = 0; k < n_keys && !emitter_stopped(em); k++)
		emit_key(em, &plan, &pl->p[keys[k].first], (int)keys[k].n);
	group_plan_free(&plan);
	free(keys);
	return 0;
}
