/* L1 reuse distances of one block's global loads: the block's load
 * warp-instructions replayed in program order, an LRU stack distance in
 * 128 B lines for every repeated sector (docs/model.md §5, "L1 argument"). */
#include "cache/l1_reuse.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/assumptions.h"
#include "base/clock.h"
#include "base/small_sort.h"
#include "cache/capacity.h"
#include "cache/footprint.h"

#define EMPTY_KEY INT64_MIN
/* Thread parts of loads in loops kept at once (8 MB) */
#define REPLAY_CACHE_ENTRIES ((int64_t)1 << 20)
/* A loop cut to fit the budget keeps at least this many iterations. */
#define REPLAY_MIN_ITERATIONS 16
/* Share of an estimate's time left that the replay may take: a safety net,
 * the lane budget (sized to a quarter of a time limit) stops it first. */
#define REPLAY_TIME_SHARE 0.5

/* Lane evaluations the replay may spend (at most an eighth of the work
 * limit): a 256-thread block of the 15x15 tiled convolution with 4x2
 * outputs a thread (225 x 8 loads) fits; a loop longer than that is
 * replayed in part. */
#define REPLAY_LANES ((int64_t)1 << 21)
/* Under a time limit, lane evaluations per millisecond of it: a quarter of
 * the limit at the slowest rate measured (a warp's 32 lanes on 32 lines,
 * about 32 lane evaluations a microsecond on the project's 2-core host),
 * so that the replay is cut by its lane budget, the same on every
 * machine, before its clock runs out. */
#define REPLAY_LANES_PER_MS 8192

int64_t l1_replay_lanes(const launch *l, int64_t work_limit)
{
	int64_t lanes = work_limit > 0 && work_limit / 8 < REPLAY_LANES ? work_limit / 8 : REPLAY_LANES;
	if (l->time_limit_ms > 0 && l->time_limit_ms * REPLAY_LANES_PER_MS < (double)lanes)
		lanes = (int64_t)(l->time_limit_ms * REPLAY_LANES_PER_MS);
	return lanes;
}

const char l1_reuse_over_lanes[] = "more lane evaluations than the replay may spend";
const char l1_reuse_over_time[] = "the replay did not fit its share of the time limit";

/* Open-addressing map from a line number to its times: the line's last
 * touch, then each of its sectors' last request (-1: never). One entry a
 * line, not one a sector besides: a quarter of the lookups and of the
 * memory, which a replay spends mostly on first touches of fresh pages. */
typedef struct line_map {
	int64_t *key, *value; /* value: `stride` times an entry */
	int64_t cap, n;
	int stride;           /* 1 + sectors per line */
} line_map;

static uint64_t id_hash(int64_t k)
{
	uint64_t x = (uint64_t)k * 0x9E3779B97F4A7C15ull;
	return x ^ (x >> 29);
}

static int line_map_grow(line_map *m)
{
	int64_t cap = m->cap ? 2 * m->cap : 1024;
	size_t stride = (size_t)m->stride;
	int64_t *key = malloc(sizeof(int64_t) * (size_t)cap);
	int64_t *value = malloc(sizeof(int64_t) * (size_t)cap * stride);
	if (!key || !value) {
		free(key);
		free(value);
		return -1;
	}
	for (int64_t i = 0; i < cap; i++)
		key[i] = EMPTY_KEY;
	for (int64_t i = 0; i < m->cap; i++) {
		if (m->key[i] == EMPTY_KEY)
			continue;
		uint64_t h = id_hash(m->key[i]) & (uint64_t)(cap - 1);
		while (key[h] != EMPTY_KEY)
			h = (h + 1) & (uint64_t)(cap - 1);
		key[h] = m->key[i];
		memcpy(value + h * stride, m->value + (size_t)i * stride, sizeof(int64_t) * stride);
	}
	free(m->key);
	free(m->value);
	m->key = key, m->value = value, m->cap = cap;
	return 0;
}

/* The times of line `k`, inserted all -1 when new; NULL when out of memory. */
static int64_t *line_map_slot(line_map *m, int64_t k)
{
	if (2 * (m->n + 1) > m->cap && line_map_grow(m))
		return NULL;
	uint64_t h = id_hash(k) & (uint64_t)(m->cap - 1);
	while (m->key[h] != EMPTY_KEY && m->key[h] != k)
		h = (h + 1) & (uint64_t)(m->cap - 1);
	int64_t *times = m->value + h * (uint64_t)m->stride;
	if (m->key[h] == EMPTY_KEY) {
		m->key[h] = k;
		for (int j = 0; j < m->stride; j++)
			times[j] = -1;
		m->n++;
	}
	return times;
}

/* Times of the lines' last touches, with prefix counts (a Fenwick tree):
 * the distinct lines touched after time t are the last touches after t. */
typedef struct touch_times {
	unsigned char *last;   /* 1 where a line was last touched at that time */
	int32_t *tree;
	int64_t cap, now;
} touch_times;

static void tree_add(touch_times *t, int64_t i, int32_t d)
{
	for (i++; i <= t->cap; i += i & -i)
		t->tree[i - 1] += d;
}

static int64_t tree_prefix(const touch_times *t, int64_t n) /* sum over [0, n) */
{
	int64_t s = 0;
	for (; n > 0; n -= n & -n)
		s += t->tree[n - 1];
	return s;
}

static int touch_times_grow(touch_times *t)
{
	int64_t cap = t->cap ? 2 * t->cap : 4096;
	unsigned char *last = realloc(t->last, (size_t)cap);
	if (!last)
		return -1;
	t->last = last;
	memset(last + t->cap, 0, (size_t)(cap - t->cap));
	int32_t *tree = realloc(t->tree, sizeof(int32_t) * (size_t)cap);
	if (!tree)
		return -1;
	t->tree = tree;
	t->cap = cap;
	memset(tree, 0, sizeof(int32_t) * (size_t)cap);
	for (int64_t i = 0; i < t->now; i++)
		if (last[i])
			tree_add(t, i, 1);
	return 0;
}

static int bucket_of(int64_t d)
{
	if (d < L1_REUSE_EXACT)
		return (int)d;
	int b = L1_REUSE_EXACT + (int)floor(64.0 * log2((double)d / L1_REUSE_EXACT));
	return b < L1_REUSE_BUCKETS ? b : L1_REUSE_BUCKETS - 1;
}

static double bucket_distance(int b)
{
	if (b < L1_REUSE_EXACT)
		return b;
	return L1_REUSE_EXACT * exp2((b - L1_REUSE_EXACT + 0.5) / 64.0);
}

/* A load's address (form 0) and guard constraints (1..) split into the
 * part of the thread (tid, ctaid and the constant: fixed per lane) and the
 * part of the loops (fixed per instruction). */
typedef struct replay_load {
	const bound_access *b;
	int n_forms;
	const linear_form *form[1 + COND_MAX_CONSTRAINTS];
	int64_t *thread_part;   /* [warps][32][n_forms], once first run; NULL: per run */
} replay_load;

typedef struct replay {
	const launch *l;
	replay_load *loads;     /* global loads in program order */
	int64_t loop_value[EXPR_MAX_LOOPS];
	int64_t trips[EXPR_MAX_LOOPS]; /* replayed: the loop's, or the first ones only */
	int64_t ctaid[3];
	int64_t (*tid)[3];
	int tpb, warps;
	int64_t cache_left;     /* thread-part entries that may still be cached */
	int log2_sector, log2_spl; /* sector bytes, sectors per line */
	line_map lines;
	touch_times times;
	l1_reuse_profile *out;
	double distance_sum;
	double deadline, check_at; /* lane evaluations at the next look at the clock */
	int failed, timed_out;
} replay;

/* The thread parts of load `rl` for warp w into out[32][n_forms]. */
static void thread_parts(const replay *r, const replay_load *rl, int w, int lanes, int64_t *out)
{
	/* loop values are 0 here: the block's part once a form, then the
	 * thread indices' three terms a lane */
	int64_t v[EXPR_N_VARYING] = {0};
	v[3] = r->ctaid[0], v[4] = r->ctaid[1], v[5] = r->ctaid[2];
	for (int f = 0; f < rl->n_forms; f++) {
		const int64_t *c = rl->form[f]->coeff;
		int64_t block = linear_form_eval(rl->form[f], v);
		for (int lane = 0; lane < lanes; lane++) {
			const int64_t *t = r->tid[32 * w + lane];
			out[lane * rl->n_forms + f] = block + c[0] * t[0] + c[1] * t[1] + c[2] * t[2];
		}
	}
}

/* Adds the sectors (of 2^log2_sector bytes) of a warp-instruction's lanes
 * (thread parts tp, loop parts lp) to sectors[]; returns their number. */
static int lane_sectors(const replay_load *rl, const int64_t *tp, const int64_t *lp, int lanes,
	int log2_sector, int64_t *sectors)
{
	int n = 0, nf = rl->n_forms;
	int64_t bytes = rl->b->src->bytes;
	for (int lane = 0; lane < lanes; lane++) {
		const int64_t *x = tp + lane * nf;
		int on = 1;
		for (int f = 1; f < nf && on; f++)
			on = x[f] + lp[f] >= 0;
		if (!on)
			continue;
		int64_t addr = x[0] + lp[0];
		/* arithmetic shifts: floors, negative addresses too */
		int64_t first = addr >> log2_sector, last = (addr + bytes - 1) >> log2_sector;
		/* neighbouring lanes mostly share a sector: keep each once (the
		 * sort after is over distinct sectors, and the set is the same) */
		if (n > 0 && sectors[n - 1] == first)
			first++;
		for (int64_t s = first; s <= last && n < 64; s++)
			sectors[n++] = s;
	}
	return n;
}

/* Renumbers the times so that only the lines' last touches remain: the
 * k-th of them (from 1) moves to time k, and any time t to the number of
 * last touches up to t (0 is free: no time becomes negative, which would
 * read as never). Distances, which count last touches after a time, are
 * unchanged, and the tree stays as small as the lines in use. 0, or -1
 * when out of memory. */
static int compact_times(replay *r)
{
	touch_times *t = &r->times;
	int32_t *rank = malloc(sizeof(int32_t) * ((size_t)t->now + 1));
	if (!rank)
		return -1;
	int32_t marks = 0;
	for (int64_t i = 0; i < t->now; i++) {
		marks += t->last[i];
		rank[i] = marks;
	}
	line_map *m = &r->lines;
	for (int64_t i = 0; i < m->cap; i++)
		for (int j = 0; m->key[i] != EMPTY_KEY && j < m->stride; j++) {
			int64_t *v = &m->value[i * m->stride + j];
			if (*v >= 0)
				*v = rank[*v];
		}
	free(rank);
	memset(t->last, 0, (size_t)t->cap);
	memset(t->tree, 0, sizeof(int32_t) * (size_t)t->cap);
	for (int64_t i = 1; i <= marks; i++) {
		t->last[i] = 1;
		tree_add(t, i, 1);
	}
	t->now = marks + 1;
	return 0;
}

/* The lines of one warp-instruction's sorted sectors. A repeated sector's
 * distance is the lines other than its own touched since it was last
 * requested: a sectored L1 keeps it only while its line stays in, and a
 * touch of another sector of the line since does not bring it back. */
static void touch_sectors(replay *r, const int64_t *sectors, int n)
{
	int shift = r->log2_spl;
	for (int k = 0; k < n && !r->failed;) {
		int64_t line = sectors[k] >> shift;
		if (r->times.now >= r->times.cap) {
			/* few lines in use: renumber; else a larger tree */
			int64_t live = tree_prefix(&r->times, r->times.now);
			if (4 * (live + 1) < r->times.cap ? compact_times(r) : touch_times_grow(&r->times)) {
				r->failed = 1;
				return;
			}
		}
		int64_t *at = line_map_slot(&r->lines, line);
		if (!at) {
			r->failed = 1;
			return;
		}
		/* every line has one last touch: the lines touched so far, less
		 * this one when new (line_map_slot counted it, its mark comes
		 * below) */
		int64_t before = *at, touched = r->lines.n - (before < 0);
		int64_t in_line = ((int64_t)1 << shift) - 1;
		for (; k < n && (sectors[k] >> shift) == line; k++) {
			if (k > 0 && sectors[k] == sectors[k - 1])
				continue;
			int64_t *last = &at[1 + (sectors[k] & in_line)];
			if (*last >= 0) {
				int64_t distance = touched - tree_prefix(&r->times, *last + 1) - (before > *last);
				r->out->redundant += 1;
				r->out->count[bucket_of(distance)] += 1;
				r->distance_sum += (double)distance;
			}
			*last = r->times.now;
		}
		if (before >= 0) {
			r->times.last[before] = 0;
			tree_add(&r->times, before, -1);
		}
		r->times.last[r->times.now] = 1;
		tree_add(&r->times, r->times.now, 1);
		*at = r->times.now++;
	}
}

/* Load `i` once for every warp of the block, at the current loop values. */
static void replay_instruction(replay *r, int i)
{
	replay_load *rl = &r->loads[i];
	const km_access *a = rl->b->src;
	int nf = rl->n_forms;
	int64_t lp[1 + COND_MAX_CONSTRAINTS];
	for (int f = 0; f < nf; f++) {
		lp[f] = 0;
		for (int j = 0; j < a->n_loops; j++)
			lp[f] += rl->form[f]->coeff[6 + a->loops[j]] * r->loop_value[a->loops[j]];
	}
	/* loads in loops run many times: their thread parts are kept */
	int64_t entries = (int64_t)r->warps * 32 * nf;
	if (!rl->thread_part && a->n_loops > 0 && entries <= r->cache_left) {
		rl->thread_part = malloc(sizeof(int64_t) * (size_t)entries);
		if (!rl->thread_part) {
			r->failed = 1;
			return;
		}
		for (int w = 0; w < r->warps; w++)
			thread_parts(r, rl, w, 32 * w + 32 <= r->tpb ? 32 : r->tpb - 32 * w,
				rl->thread_part + (int64_t)w * 32 * nf);
		r->cache_left -= entries;
	}
	int64_t scratch[32 * (1 + COND_MAX_CONSTRAINTS)], sectors[64];
	for (int w = 0; w < r->warps && !r->failed; w++) {
		int lanes = 32 * w + 32 <= r->tpb ? 32 : r->tpb - 32 * w;
		const int64_t *tp = rl->thread_part + (int64_t)w * 32 * nf;
		if (!rl->thread_part) {
			thread_parts(r, rl, w, lanes, scratch);
			tp = scratch;
		}
		int n = lane_sectors(rl, tp, lp, lanes, r->log2_sector, sectors);
		r->out->lane_evaluations += lanes;
		if (r->deadline > 0 && r->out->lane_evaluations >= r->check_at) {
			r->check_at += 65536;
			if (clock_seconds() > r->deadline) {
				r->timed_out = 1;
				return;
			}
		}
		small_sort_int64(sectors, n);
		touch_sectors(r, sectors, n);
	}
}

/* Loads [i0, i1) of r->loads, which share their loops up to `depth`: those
 * with no further loop run once, runs of loads in the same next loop run
 * that loop's iterations over their body. Every warp of the block runs an
 * instruction before any runs the next. */
static void replay_range(replay *r, int i0, int i1, int depth)
{
	for (int i = i0; i < i1 && !r->failed && !r->timed_out;) {
		const km_access *a = r->loads[i].b->src;
		if (a->n_loops == depth) {
			replay_instruction(r, i++);
			continue;
		}
		int loop = a->loops[depth], j = i + 1;
		while (j < i1) {
			const km_access *o = r->loads[j].b->src;
			if (o->n_loops <= depth || o->loops[depth] != loop)
				break;
			j++;
		}
		const bound_loop *bl = &r->l->loops[loop];
		for (int64_t it = 0; it < r->trips[loop] && !r->failed && !r->timed_out; it++) {
			r->loop_value[loop] = bl->lower + it * bl->src->step;
			replay_range(r, i, j, depth + 1);
		}
		i = j;
	}
}

/* Global loads in program order when every one can be replayed, with the
 * lane evaluations the replay costs; NULL with `why` else. */
static int *replayable_loads(const launch *l, int *n, double *lanes, const char **why)
{
	int *loads = malloc(sizeof(int) * ((size_t)l->n_accesses + 1));
	if (!loads) {
		*why = NULL;
		return NULL;
	}
	*n = 0;
	*lanes = 0;
	for (int i = 0; i < l->n_accesses; i++) {
		const bound_access *b = &l->accesses[i];
		if (b->field->space != km_space_global || b->src->kind != km_load)
			continue;
		if (!b->src->analysable || !b->linear || !b->guard_linear || b->src->count > 1) {
			*why = "a global load that is not affine, under a guard that is not a conjunction "
				"of affine constraints, or repeated";
			free(loads);
			return NULL;
		}
		double work = l->threads_per_block;
		for (int j = 0; j < b->src->n_loops; j++) {
			const bound_loop *bl = &l->loops[b->src->loops[j]];
			if (!loop_modelled_constant(bl)) {
				*why = "a global load in a loop whose trips vary";
				free(loads);
				return NULL;
			}
			work *= (double)(bl->trips > 0 ? bl->trips : 0);
		}
		*lanes += work;
		loads[(*n)++] = i;
	}
	return loads;
}

int l1_reuse_profile_block(const launch *l, int64_t block, int64_t max_lanes, double deadline,
	l1_reuse_profile *out, const char **why)
{
	memset(out, 0, sizeof(*out));
	out->block = block;
	out->cut_loop = -1;
	*why = NULL;
	int n;
	double lanes;
	int *loads = replayable_loads(l, &n, &lanes, why);
	if (!loads)
		return *why ? 1 : -1;
	int sector = (int)l->hw->sector_bytes.value, line = (int)l->hw->l1_line_bytes.value;
	int64_t trips[EXPR_MAX_LOOPS];
	for (int j = 0; j < l->kernel->n_loops && j < EXPR_MAX_LOOPS; j++)
		trips[j] = l->loops[j].trips > 0 ? l->loops[j].trips : 0;
	/* past the budget: the first iterations of the longest outermost loop,
	 * at least REPLAY_MIN_ITERATIONS of them (reuse farther back than those
	 * is not seen: those sectors count as first requests) */
	int cut = -1;
	for (int i = 0; i < n && lanes > (double)max_lanes; i++) {
		const km_access *a = l->accesses[loads[i]].src;
		if (a->n_loops > 0 && (cut < 0 || trips[a->loops[0]] > trips[cut]))
			cut = a->loops[0];
	}
	if (cut >= 0) {
		int64_t keep = (int64_t)((double)trips[cut] * (double)max_lanes / lanes);
		if (keep >= REPLAY_MIN_ITERATIONS && keep < trips[cut]) {
			lanes *= (double)keep / (double)trips[cut];
			trips[cut] = keep;
			out->cut_loop = cut;
			out->cut_iterations = keep;
		}
	}
	if (lanes > (double)max_lanes || run_unit_log2(sector) < 0 || run_unit_log2(line) < 0 ||
	    line < sector) {
		*why = lanes > (double)max_lanes ? l1_reuse_over_lanes :
			"sectors and lines that are not powers of two, the line the larger";
		free(loads);
		return 1;
	}
	int tpb = l->threads_per_block;
	replay *r = calloc(1, sizeof(*r));
	int64_t (*tid)[3] = malloc(sizeof(*tid) * ((size_t)tpb + 1));
	replay_load *rl = calloc((size_t)n + 1, sizeof(*rl));
	int rc = -1;
	if (!r || !tid || !rl)
		goto done;
	for (int t = 0; t < tpb; t++)
		launch_thread_coords(l, t, tid[t]);
	for (int i = 0; i < n; i++) {
		const bound_access *b = &l->accesses[loads[i]];
		rl[i].b = b;
		rl[i].form[0] = &b->addr;
		for (int c = 0; c < b->guard.n; c++)
			rl[i].form[1 + c] = &b->guard.ge0[c];
		rl[i].n_forms = 1 + b->guard.n;
	}
	launch_block_coords(l, block, r->ctaid);
	r->l = l;
	r->loads = rl;
	r->tid = tid;
	r->tpb = tpb;
	r->warps = (tpb + 31) / 32;
	r->cache_left = REPLAY_CACHE_ENTRIES;
	memcpy(r->trips, trips, sizeof(trips));
	r->log2_sector = run_unit_log2(sector);
	r->log2_spl = run_unit_log2(line / sector);
	r->lines.stride = 1 + line / sector;
	r->out = out;
	r->deadline = deadline;
	r->check_at = 65536;
	replay_range(r, 0, n, 0);
	rc = r->failed ? -1 : 0;
	if (!rc && r->timed_out) {
		*why = l1_reuse_over_time;
		rc = 1;
	}
	if (!rc && out->redundant > 0)
		out->mean_distance_lines = r->distance_sum / out->redundant;
	free(r->lines.key);
	free(r->lines.value);
	free(r->times.last);
	free(r->times.tree);
done:
	for (int i = 0; rl && i < n; i++)
		free(rl[i].thread_part);
	free(rl);
	free(r);
	free(tid);
	free(loads);
	return rc;
}

int l1_reuse_once(const launch *l, l1_replay *rp)
{
	if (rp->tried)
		return 0;
	rp->tried = 1;
	/* a share of the time left: a replay cut short leaves the capacity
	 * curve in its place, and the rest of the estimate its time */
	double deadline = rp->deadline;
	if (deadline > 0) {
		double now = clock_seconds();
		if (deadline > now)
			deadline = now + REPLAY_TIME_SHARE * (deadline - now);
	}
	rp->profile = malloc(sizeof(*rp->profile));
	int got = rp->profile ? l1_reuse_profile_block(l, rp->block, rp->max_lanes, deadline,
		rp->profile, &rp->none) : -1;
	if (got == 0 && rp->profile->redundant <= 0)
		rp->none = "the replayed block requests no sector twice";
	if (got != 0 || rp->profile->redundant <= 0) {
		free(rp->profile);
		rp->profile = NULL;
	}
	return got < 0 ? -1 : 0;
}

double l1_reuse_hit_rate(const launch *l, const l1_reuse_profile *p, double resident)
{
	if (p->redundant <= 0 || l->l1_capacity_bytes <= 0)
		return -1;
	double miss = 0, line = l->hw->l1_line_bytes.value;
	for (int b = 0; b < L1_REUSE_BUCKETS; b++)
		if (p->count[b] > 0)
			miss += p->count[b] * (1.0 - capacity_l1_hit(l->hw,
				resident * bucket_distance(b) * line / l->l1_capacity_bytes));
	return 1.0 - miss / p->redundant;
}

void l1_replay_assume(const launch *l, const l1_replay *rp, assumption_list *assumptions)
{
	/* the hit rate rests on a part of the replay, or on the allocation
	 * argument for want of budget: a larger limit would change it */
	if (rp->profile && rp->profile->cut_loop >= 0)
		assumption_add(assumptions, "L1 reuse distances from the first %lld of %lld iterations of "
			"loop %s (the replay's budget, %lld lane evaluations; docs/model.md §5)",
			(long long)rp->profile->cut_iterations, (long long)l->loops[rp->profile->cut_loop].trips,
			l->loops[rp->profile->cut_loop].src->var, (long long)rp->max_lanes);
	else if (!rp->profile && rp->tried && (rp->none == l1_reuse_over_lanes || rp->none == l1_reuse_over_time))
		assumption_add(assumptions, "L1 hit rate from the allocation argument, not reuse "
			"distances: %s (%lld lane evaluations; docs/model.md §5)", rp->none,
			(long long)rp->max_lanes);
}
