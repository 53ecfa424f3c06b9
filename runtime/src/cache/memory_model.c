/* L2 -> L1 and DRAM -> L2 volumes (SPEC §5.2-5.4): for one wave of every
 * wave class, its footprint, reuse from earlier waves by wave-granular LRU
 * stack distance, layer conditions, L1 capacity misses and partial-sector
 * fills; launch totals are the classes' figures weighted by the waves each
 * stands for. */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/ctx.h"
#include "cache/capacity.h"
#include "cache/l1_reuse.h"
#include "cache/memory_model.h"
#include "cache/tlb.h"
#include "cache/wave_boxes.h"
#include "cache/wave_collect.h"

/* Below this allocation miss rate the replay cannot matter: no reuse
 * distance exceeds the block's allocation, so its hit rate is higher still. */
#define L1_REPLAY_MISS_RATE 1e-6
/* Reuse is followed back until its hit rate is negligible. */
#define NEGLIGIBLE_HIT_RATE 1e-3
/* How far back reuse is followed when blocks cannot be grouped into classes. */
#define UNCACHED_REUSE_DISTANCE 2
/* Earlier waves' load units kept for the classes evaluated after them
 * (neighbouring classes look back at the same waves). */
#define FOOTPRINT_CACHE 48

/* Set per estimate: whether wave footprints come from boxes (wave_boxes.c)
 * and the block sample (block_sample.h). Thread-local because rank
 * evaluates configurations in parallel. */
static _Thread_local wave_collect_mode ev_mode;

/* The plane of the largest multi-dimensional global field: the product of
 * all but its outermost extent (the xy plane of a 3D grid). Layer
 * conditions scale with it. */
static void find_plane(const launch *l, memory_result *m)
{
	const warpest_kernel *k = l->kernel;
	double best = 0;
	for (int i = 0; i < k->n_fields; i++) {
		const km_field *f = &k->fields[i];
		if (f->space != km_space_global || f->n_dims < 2)
			continue;
		double plane = 1, total;
		for (int d = 1; d < f->n_dims; d++)
			plane *= (double)expr_eval(f->dims[d], l->env);
		total = plane * (double)expr_eval(f->dims[0], l->env);
		if (total > best) {
			best = total;
			m->plane_elements = plane;
			snprintf(m->plane_field, sizeof(m->plane_field), "%s", f->name);
		}
	}
}

/* Records that `reused` bytes of the current wave were last touched
 * `waves_back` waves earlier with `volume` distinct bytes since (a layer
 * condition); returns the bytes that hit in L2. */
static double record_reuse(memory_result *m, const warpest_hw *hw, int waves_back, double reused,
	double volume)
{
	double l2 = m->l2_capacity_bytes;
	reuse_distance *r = &m->reuse[m->n_reuse++];
	r->waves_back = waves_back;
	r->reused_bytes = reused;
	r->volume_bytes = volume;
	r->oversubscription = volume / l2;
	r->hit_rate = hw_gompertz_hit(&hw->hit_wave_overlap, r->oversubscription);
	r->fits = volume <= l2;
	r->max_plane = m->plane_elements > 0 ? m->plane_elements * l2 / volume : 0;
	return reused * r->hit_rate;
}

/* Load units (bytes of fetch units) and store bytes (in sectors) of earlier
 * full waves, by first block. */
typedef struct footprint_cache {
	int n, next;
	int64_t first[FOOTPRINT_CACHE];
	run_list units[FOOTPRINT_CACHE];
	double store_bytes[FOOTPRINT_CACHE];
} footprint_cache;

/* The load units and store bytes of the full wave at `first` (of its
 * block sample, at the same offsets as the current wave's), from the
 * cache or collected (and kept, replacing the oldest entry). The pointer
 * stays valid until the next call. */
static int wave_units(warpest_ctx *ctx, block_evaluator *ev, const launch *l, footprint_cache *fc,
	wave_footprint *scratch, int64_t first, const run_list **units,
	double *store_bytes)
{
	for (int i = 0; i < fc->n; i++)
		if (fc->first[i] == first) {
			*units = &fc->units[i];
			*store_bytes = fc->store_bytes[i];
			return 0;
		}
	sample_figures sf; /* the current wave's scales apply (eval_reuse) */
	int rc = wave_collect(ctx, ev, l, &ev_mode, first, l->wave_blocks, scratch, NULL, NULL, 0, &sf);
	if (rc)
		return rc;
	int slot = fc->n < FOOTPRINT_CACHE ? fc->n++ : fc->next;
	fc->next = (slot + 1) % FOOTPRINT_CACHE;
	fc->first[slot] = first;
	int64_t store_sectors = run_list_count_units(&scratch->store_bytes, NULL, 0,
		(int64_t)l->hw->sector_bytes.value);
	if (run_list_to_units(&scratch->load_bytes, (int64_t)l->hw->dram_fetch_bytes.value,
		&fc->units[slot]) || store_sectors < 0) {
		fc->first[slot] = -1;
		return ctx_error(ctx, "out of memory");
	}
	fc->store_bytes[slot] = (double)store_sectors * l->hw->sector_bytes.value;
	*units = &fc->units[slot];
	*store_bytes = fc->store_bytes[slot];
	return 0;
}

/* One evaluated wave: its figures in `r` (the wave_* fields its own) and
 * its load units. */
typedef struct wave_eval {
	memory_result r;        /* first: memory_model_run zeroes it apart from the rest */
	access_stats *access;
	run_list f0;
	int walked;
	int light;       /* no footprint of its own: volumes per thread from a walked wave */
	int folded;      /* not evaluated: counted as blocks of its donor's wave */
	double weight;   /* waves it stands for, folded classes' blocks included */
	sample_figures sample; /* its block sample (block_sample.h) */
} wave_eval;

/* Which evaluated classes walk back through earlier waves themselves
 * (from[i] == i) and which take their DRAM volumes per active thread from a
 * walked class (from[i]): the walks dominate the cost of an estimate
 * (docs/performance.md). Every class of an exact plan walks. In a
 * stratified subset: the class standing for the most waves, every class
 * standing for at least 1/16 of the waves, and, among full waves grouped by
 * their contact with the first and last layers and the layer boundaries
 * they cross (a wave crossing into a new layer reuses its lower halo from a
 * layer back, the others from the wave before; the first layer has no layer
 * before it), the heaviest class of every group standing for at least 1/16
 * of the waves. The rest stand for less than 1/16 each (light); their
 * donor is the walked class most alike: same first-layer contact and
 * crossings, then same last-layer contact. */
static void choose_walks(const launch *l, const wave_plan *p, int *from)
{
	for (int i = 0; i < p->n; i++)
		from[i] = p->sampled && !p->walk_all ? -1 : i;
	if (!p->sampled || p->walk_all)
		return;
	from[p->dominant] = p->dominant;
	for (int i = 0; i < p->n; i++) {
		const wave_class *c = &p->c[i];
		if (16 * c->weight >= p->n_waves) {
			from[i] = i;
			continue;
		}
		if (c->count != l->wave_blocks)
			continue;
		int best = i;
		int64_t group = 0;
		for (int j = 0; j < p->n; j++) {
			const wave_class *o = &p->c[j];
			if (o->head != c->head || o->tail != c->tail || o->crossings != c->crossings ||
			    o->count != c->count)
				continue;
			group += o->weight;
			if (o->weight > p->c[best].weight || (o->weight == p->c[best].weight && j < best))
				best = j;
		}
		if (best == i && 16 * group >= p->n_waves)
			from[i] = i;
	}
	for (int i = 0; i < p->n; i++) {
		if (from[i] >= 0)
			continue;
		const wave_class *c = &p->c[i];
		int score = -1;
		for (int j = 0; j < p->n; j++) {
			const wave_class *o = &p->c[j];
			if (from[j] != j)
				continue;
			int sc = 2 * (o->head == c->head && o->crossings == c->crossings) + (o->tail == c->tail);
			if (sc > score) {
				score = sc;
				from[i] = j;
			}
		}
	}
}

/* The wave's own footprint and statistics (every class's, before any
 * earlier wave is visited: classes made for earlier waves carry no L1
 * statistics); a `light` wave's statistics only. */
static int eval_own(warpest_ctx *ctx, block_evaluator *ev, const launch *l, int64_t first,
	int64_t count, int light, l1_replay *replay, wave_eval *w)
{
	const warpest_hw *hw = l->hw;
	int64_t fetch = (int64_t)hw->dram_fetch_bytes.value;
	int64_t sector = (int64_t)hw->sector_bytes.value;
	memory_result *m = &w->r;
	m->wave_blocks = count;
	m->rep_first = first;
	m->l1_reuse_block = -1;
	wave_footprint cur;
	run_list_init(&cur.load_bytes);
	run_list_init(&cur.store_bytes);
	int rc = wave_collect(ctx, ev, l, &ev_mode, first, count, light ? NULL : &cur, m, w->access, 1,
		&w->sample);
	if (rc)
		goto done;
	/* L1: resident blocks' allocated lines against the L1 left by shared
	 * memory; redundant load sectors miss at the capacity miss rate. */
	double outer_iterations = capacity_l1_outer_iterations(l, w->access, (double)m->wave_active_threads);
	m->l1_oversubscription = capacity_l1_oversubscription(l, m->l1_oversubscription / (double)count /
		outer_iterations, count);
	m->l1_capacity_hit_rate = capacity_l1_hit(hw, m->l1_oversubscription);
	/* where a block's loads can be replayed: from their reuse distances
	 * (not needed where the whole allocation hits) */
	if (1.0 - m->l1_capacity_hit_rate > L1_REPLAY_MISS_RATE) {
		if (l1_reuse_once(l, replay)) {
			rc = ctx_error(ctx, "out of memory");
			goto done;
		}
		if (replay->profile) {
			m->l1_capacity_hit_rate = l1_reuse_hit_rate(l, replay->profile,
				capacity_l1_resident_blocks(l, count));
			m->l1_reuse_block = replay->profile->block;
		}
	}
	double redundant = m->wave_requested_load_sectors - m->wave_unique_load_sectors;
	if (redundant < 0)
		redundant = 0;
	m->wave_l1_capacity_miss_sectors = redundant * (1.0 - m->l1_capacity_hit_rate);
	for (int i = 0; i < l->n_accesses; i++) {
		const bound_access *b = &l->accesses[i];
		if (b->field->space == km_space_global && b->src->kind != km_load)
			m->wave_store_sectors += w->access[i].sectors;
	}
	/* DRAM: compulsory units of the wave (a light one's come from its donor) */
	if (light)
		goto done;
	int64_t store_sectors = run_list_count_units(&cur.store_bytes, NULL, 0, sector);
	if (run_list_to_units(&cur.load_bytes, fetch, &w->f0) || store_sectors < 0) {
		rc = ctx_error(ctx, "out of memory");
		goto done;
	}
	/* pages the wave touches: reported, not costed (cache/tlb.h) */
	m->wave_tlb_pages = (double)tlb_pages_touched(&cur.load_bytes, &cur.store_bytes, TLB_PAGE_BYTES);
	/* a sampled wave's distinct units from its runs' (sample_cover_estimate) */
	m->wave_load_units_bytes = (double)run_list_measure(&w->f0) * (double)fetch *
		w->sample.load_scale;
	m->wave_store_bytes = (double)store_sectors * (double)sector *
		w->sample.store_scale;
	double wave_volume = m->wave_load_units_bytes + m->wave_store_bytes;
	m->l2_duplication = capacity_l2_duplication(hw, m->wave_unique_load_sectors * (double)sector,
		m->wave_load_units_bytes);
	m->l2_capacity_bytes = capacity_l2_bytes(hw, m->l2_duplication);
	double partial = (double)run_list_partial_units(&cur.store_bytes, sector);
	if (w->sample.sampled < count)
		partial *= (double)count / (double)w->sample.sampled;
	m->wave_fill_bytes = partial * (double)sector *
		(1.0 - hw_gompertz_hit(&hw->hit_l2_store, wave_volume / m->l2_capacity_bytes));
done:
	run_list_free(&cur.load_bytes);
	run_list_free(&cur.store_bytes);
	return rc;
}

/* Reuse of the wave's load units from earlier waves, up to `max_back`
 * waves back and at the grid's row and plane periods; sets its DRAM load.
 * Periods past the first whose reuse cannot hit (hit rate < 10^-3) are not
 * visited, nor that first one unless `reported` (its layer condition is
 * listed as failing; it adds nothing to the volume). Sampled, the current
 * and the earlier waves are their runs at the same offsets, and measures
 * of their units count as the wave's by the current wave's scales. */
static int eval_reuse(warpest_ctx *ctx, block_evaluator *ev, const launch *l, footprint_cache *fc,
	int max_back, int reported, wave_eval *w)
{
	const warpest_hw *hw = l->hw;
	int64_t fetch = (int64_t)hw->dram_fetch_bytes.value;
	memory_result *m = &w->r;
	double l2 = m->l2_capacity_bytes; /* this wave's, after duplication */
	const run_list *f0 = &w->f0;
	int64_t first = m->rep_first;
	double wave_volume = m->wave_load_units_bytes + m->wave_store_bytes;
	wave_footprint past;
	run_list seen, tmp, covered, overlap;
	run_list *lists[] = {&past.load_bytes, &past.store_bytes, &seen, &tmp, &covered, &overlap};
	for (size_t i = 0; i < sizeof(lists) / sizeof(lists[0]); i++)
		run_list_init(lists[i]);
	const run_list *fk;
	double fk_store;
	double reused_hits = 0;
	int rc = 0;
	/* `seen`: units touched by the current and the waves in between, in
	 * bytes of fetch units (copied once there is an earlier wave: the
	 * first wave's footprint may be megabytes); `covered`: current units
	 * already attributed. */
	double seen_store_bytes = m->wave_store_bytes;
	for (int k = 1; k <= max_back && first - (int64_t)k * l->wave_blocks >= 0; k++) {
		int64_t pfirst = first - (int64_t)k * l->wave_blocks;
		if (k == 1 && run_list_copy(f0, &seen)) {
			rc = ctx_error(ctx, "out of memory");
			goto done;
		}
		if ((rc = wave_units(ctx, ev, l, fc, &past, pfirst, &fk, &fk_store)))
			goto done;
		if (run_list_intersect(f0, fk, &tmp) || run_list_subtract(&tmp, &covered, &overlap)) {
			rc = ctx_error(ctx, "out of memory");
			goto done;
		}
		double reused = (double)run_list_measure(&overlap) * (double)fetch * w->sample.load_scale;
		/* Neighbouring waves share halos; once a wave shares nothing, older
		 * ones share only along grid rows and planes, which the probes
		 * below visit directly. */
		if (reused <= 0 && k >= 2)
			break;
		/* distinct data since the last touch: waves 0..k-1 (LRU stack distance) */
		double volume = (double)run_list_measure(&seen) * (double)fetch * w->sample.load_scale +
			seen_store_bytes;
		double hit = hw_gompertz_hit(&hw->hit_wave_overlap, volume / l2);
		if (reused > 0 && m->n_reuse < MAX_REUSE_DISTANCE)
			reused_hits += record_reuse(m, hw, k, reused, volume);
		if (run_list_union(&covered, &tmp, &overlap) || run_list_union(&seen, fk, &tmp)) {
			rc = ctx_error(ctx, "out of memory");
			goto done;
		}
		run_list_swap(&overlap, &covered);
		run_list_swap(&tmp, &seen);
		seen_store_bytes += fk_store * w->sample.store_scale;
		/* once the stack distance is hopeless, or all current data is accounted, stop */
		if (hit < NEGLIGIBLE_HIT_RATE || run_list_measure(&covered) == run_list_measure(f0))
			break;
	}
	/* Reuse across grid rows and planes recurs at fixed block distances
	 * (multiples of the grid's x and xy strides) that can lie far beyond the
	 * walk above: probe those waves so the layer condition that fails there
	 * is still reported. The distinct volume in between is taken as k waves'
	 * worth of the current wave's volume. */
	int64_t strides[2] = {l->grid[0], (int64_t)l->grid[0] * l->grid[1]};
	int last_k = m->n_reuse ? m->reuse[m->n_reuse - 1].waves_back : 0;
	for (int s = 0; s < 2 && max_back == MAX_REUSE_DISTANCE; s++)
		for (int mult = 1, misses = 0; mult <= 8 && misses < 2 && m->n_reuse < MAX_REUSE_DISTANCE;
		     mult++) {
			int64_t k0 = (strides[s] * mult) / l->wave_blocks;
			if (k0 <= last_k + 1 || k0 > MAX_REUSE_DISTANCE * 64)
				continue;
			if (run_list_measure(&covered) == run_list_measure(f0))
				break;
			/* a wave whose layer condition is not reported is probed only
			 * while its reuse can still hit: farther periods cannot either */
			int hopeless = hw_gompertz_hit(&hw->hit_wave_overlap, (double)k0 * wave_volume / l2) <
				NEGLIGIBLE_HIT_RATE;
			if (hopeless && !reported)
				break;
			/* the wave at the period, and the next one only when the period's
			 * wave shared data (reuse can straddle a wave boundary) */
			int64_t k_last = k0;
			for (int64_t k = k0; k <= k_last; k++) {
				int64_t pfirst = first - k * l->wave_blocks;
				if (pfirst < 0)
					break;
				if ((rc = wave_units(ctx, ev, l, fc, &past, pfirst, &fk, &fk_store)))
					goto done;
				if (run_list_intersect(f0, fk, &tmp) || run_list_subtract(&tmp, &covered, &overlap)) {
					rc = ctx_error(ctx, "out of memory");
					goto done;
				}
				double reused = (double)run_list_measure(&overlap) * (double)fetch *
					w->sample.load_scale;
				if (reused <= 0) {
					if (k == k0)
						misses++;
					continue;
				}
				misses = 0;
				if (k == k0)
					k_last = k0 + 1;
				reused_hits += record_reuse(m, hw, (int)k, reused, (double)k * wave_volume);
				last_k = (int)k;
				if (run_list_union(&covered, &tmp, &overlap)) {
					rc = ctx_error(ctx, "out of memory");
					goto done;
				}
				run_list_swap(&overlap, &covered);
				if (m->n_reuse >= MAX_REUSE_DISTANCE)
					break;
			}
			/* the first period that cannot hit is reported (its layer
			 * condition fails); farther ones cannot hit either */
			if (hopeless)
				break;
		}
	m->wave_dram_load_bytes = m->wave_load_units_bytes - reused_hits + m->wave_fill_bytes;
done:
	for (size_t i = 0; i < sizeof(lists) / sizeof(lists[0]); i++)
		run_list_free(lists[i]);
	return rc;
}

/* Adds `weight` times the wave's volumes into the launch totals `t`. */
static void add_weighted(memory_result *t, access_stats *access, const wave_eval *w, double weight,
	int n_accesses)
{
	const memory_result *r = &w->r;
	t->wave_active_threads += weight * r->wave_active_threads;
	t->wave_load_units_bytes += weight * r->wave_load_units_bytes;
	t->wave_store_bytes += weight * r->wave_store_bytes;
	t->wave_fill_bytes += weight * r->wave_fill_bytes;
	t->wave_dram_load_bytes += weight * r->wave_dram_load_bytes;
	t->wave_requested_load_sectors += weight * r->wave_requested_load_sectors;
	t->wave_unique_load_sectors += weight * r->wave_unique_load_sectors;
	t->wave_l1_capacity_miss_sectors += weight * r->wave_l1_capacity_miss_sectors;
	t->wave_store_sectors += weight * r->wave_store_sectors;
	for (int i = 0; i < n_accesses; i++)
		access_stats_add_times(&access[i], &w->access[i], weight);
}

/* Projects the work of evaluating every block the plan visits: probe blocks
 * spread over the dominant wave, their mean work times the blocks of the
 * evaluated waves and of the earlier waves the walks look back at block by
 * block (uncached, without boxes). Past half the budget, or when `force`,
 * sets ev_mode.sample to the sample whose projection, at the probes' largest
 * work, is a quarter of it (the probes' blocks stay cached by the
 * evaluator, so they cost nothing again). */
static int plan_sample(warpest_ctx *ctx, const launch *l, block_evaluator *ev,
	const wave_plan *plan, const int *from, const wave_eval *w, int64_t budget, int force)
{
	const wave_class *d = &plan->c[plan->dominant];
	int probes = d->count < 4 ? (int)d->count : 4;
	double total = 0, most = 0;
	int64_t *offsets = calloc((size_t)l->n_groups + 1, sizeof(int64_t));
	int64_t (*iv)[2] = calloc((size_t)plan->n * (UNCACHED_REUSE_DISTANCE + 1) + 1, sizeof(*iv));
	if (!offsets || !iv) {
		free(offsets);
		free(iv);
		return ctx_error(ctx, "out of memory");
	}
	for (int p = 0; p < probes; p++) {
		int64_t before = block_evaluator_work(ev);
		int64_t id = d->first + (2 * p + 1) * d->count / (2 * probes);
		if (!block_evaluator_get(ev, id, offsets)) {
			free(offsets);
			free(iv);
			return ctx_error(ctx, "%s while evaluating block %lld",
				block_evaluator_stop_reason(ev), (long long)id);
		}
		double work = (double)(block_evaluator_work(ev) - before);
		total += work;
		most = work > most ? work : most;
	}
	int back = !block_evaluator_is_cached(ev) && !block_evaluator_uses_boxes(ev) ?
		UNCACHED_REUSE_DISTANCE : 0;
	int n_iv = 0;
	for (int i = 0; i < plan->n; i++) {
		if (w[i].folded)
			continue;
		iv[n_iv][0] = plan->c[i].first;
		iv[n_iv++][1] = plan->c[i].first + plan->c[i].count;
		for (int k = 1; k <= back && from[i] == i; k++) {
			int64_t pfirst = plan->c[i].first - (int64_t)k * l->wave_blocks;
			if (pfirst < 0)
				break;
			iv[n_iv][0] = pfirst;
			iv[n_iv++][1] = pfirst + l->wave_blocks;
		}
	}
	double blocks = (double)block_sample_union_length(iv, n_iv);
	free(offsets);
	free(iv);
	if (probes > 0 && !force && total / probes * blocks <= (double)budget / 2)
		return 0;
	double wave_visits = blocks / (double)d->count;
	wave_visits = wave_visits < 1 ? 1 : wave_visits;
	/* a cap on visits (the time limit's) as work at the probes' largest */
	double quarter = (double)(budget / 4), cap = block_evaluator_sample_cap(ev);
	if (cap > 0) {
		most = most > 0 ? most : 1;
		quarter = cap * most < quarter ? cap * most : quarter;
	}
	ev_mode.sample = block_sample_choose(most, wave_visits, d->count, (int64_t)quarter);
	return 0;
}

int memory_model_run(warpest_ctx *ctx, const launch *l, block_evaluator *ev,
	access_stats *access, memory_result *m, double *scale, assumption_list *assumptions,
	int64_t budget, int force_sample)
{
	const wave_plan *plan = &l->wave_plan;
	/* the average wave has wave_blocks blocks, or all of a smaller grid */
	*scale = l->n_blocks > l->wave_blocks ? (double)l->n_blocks / (double)l->wave_blocks : 1.0;
	int n = plan->n;
	int *from = NULL;
	l1_replay replay = {0};
	wave_eval *w = malloc(sizeof(*w) * ((size_t)n + 1));
	footprint_cache *fc = calloc(1, sizeof(*fc));
	if (!w || !fc) {
		free(w);
		free(fc);
		return ctx_error(ctx, "out of memory");
	}
	int rc = 0;
	/* everything but the figures `r` (4 kB each) now; those, and the
	 * statistics, only for the waves evaluated (not folded, below): plans of
	 * hundreds of classes fold most of them */
	for (int i = 0; i < n; i++) {
		memset(&w[i].access, 0, sizeof(w[i]) - offsetof(wave_eval, access));
		run_list_init(&w[i].f0);
	}
	for (int i = 0; i < FOOTPRINT_CACHE; i++)
		run_list_init(&fc->units[i]);
	ev_mode.sample.runs = 0;
	ev_mode.sample.len = 1;
	from = malloc(sizeof(int) * ((size_t)n + 1));
	if (!from) {
		rc = ctx_error(ctx, "out of memory");
		goto done;
	}
	choose_walks(l, plan, from);
	/* Light: in a stratified subset, a class that is not walked and stands
	 * for less than 1/16 of the waves (the grid's boundary layers, the
	 * partial last wave) keeps its own L1 statistics and active threads but
	 * takes its DRAM volumes per active thread from its donor from[i]. */
	/* Folded: such a class standing for less than 1/64 of the waves is not
	 * evaluated; its blocks count as blocks of its donor's wave. */
	for (int i = 0; i < n; i++) {
		w[i].light = plan->sampled && from[i] != i && 16 * plan->c[i].weight < plan->n_waves;
		w[i].folded = w[i].light && 64 * plan->c[i].weight < plan->n_waves;
		w[i].weight = (double)plan->c[i].weight;
	}
	for (int i = 0; i < n; i++)
		if (w[i].folded)
			w[from[i]].weight += (double)plan->c[i].weight * (double)plan->c[i].count /
				(double)plan->c[from[i]].count;
	for (int i = 0; i < n && !rc; i++)
		if (!w[i].folded) {
			memset(&w[i].r, 0, sizeof(w[i].r));
			if (!(w[i].access = calloc((size_t)l->n_accesses + 1, sizeof(access_stats))))
				rc = ctx_error(ctx, "out of memory");
		}
	/* Blocks evaluated one by one past the budget: a sample of them */
	if (budget > 0 && (force_sample || !block_evaluator_is_cached(ev)))
		rc = plan_sample(ctx, l, ev, plan, from, w, budget, force_sample);
	m->sample_runs = ev_mode.sample.runs; /* on failure: whether a sample was tried */
	/* L1 reuse distances of a block in the middle of the dominant wave */
	if (plan->n > 0) {
		const wave_class *dc = &plan->c[plan->dominant];
		replay.block = dc->first + dc->count / 2;
		replay.max_lanes = l1_replay_lanes(l, budget);
		replay.deadline = block_evaluator_deadline(ev);
	}
	for (int i = 0; i < n && !rc; i++)
		if (!w[i].folded)
			rc = eval_own(ctx, ev, l, plan->c[i].first, plan->c[i].count, w[i].light, &replay,
				&w[i]);
	if (rc)
		goto done;
	/* Waves that do nothing while the kernel has accesses: guards idle
	 * whole layers (a grid larger than the domain in its outer dimension,
	 * the surplus blocks of a tiled kernel), which wave classes cannot see:
	 * a class then lumps idle waves with busy ones, and its weight is
	 * wrong. An idle wave standing for several waves sends the estimate
	 * back (idle_subset) to evaluate waves spread evenly instead
	 * (estimate.c); where every evaluated wave is idle, totals would rest
	 * on idle waves only: no prediction. */
	double lanes = 0;
	int evaluated = 0, idle = 0, idle_any = 0, idle_samples = 0, idle_kept = 0;
	for (int i = 0; i < n; i++) {
		double li = 0;
		evaluated += !w[i].folded;
		for (int a = 0; a < l->n_accesses && !w[i].folded; a++)
			li += w[i].access[a].lanes;
		/* an idle wave standing for itself (a boundary layer) is no sign */
		idle += !w[i].folded && li <= 0 && plan->c[i].weight > 1;
		idle_any += !w[i].folded && li <= 0;
		lanes += li;
		idle_samples += !w[i].folded && w[i].sample.idle_sample == 1;
		idle_kept += !w[i].folded && w[i].sample.idle_sample == 2;
	}
	if (l->n_accesses > 0 && (plan->sampled || plan->n < plan->n_waves)) {
		if (lanes <= 0 || (idle > 0 && !plan->walk_all)) {
			m->idle_subset = 1;
			rc = ctx_error(ctx, "kernel '%s': %d of the %d waves evaluated (%s %lld %s) make no "
				"memory access: guards idle them, so whole layers of the grid are probably idle (a "
				"grid larger than the domain); launch totals would rest on idle waves, so no "
				"prediction (docs/model.md §1)", l->kernel->name, idle_any, evaluated, plan->busy_waves > 0 ?
				"drawn from the busy ones of" : plan->walk_all ? "spread evenly over" : "a stratified subset of", (long long)plan->n_classes,
				plan->walk_all ? "waves" : "wave classes");
			goto done;
		}
	}
	/* no lane ran anywhere, and a block sample that ran none stands for
	 * some of it: a launch time of 0 would rest on the runs missing the
	 * work, not on the work */
	if (idle_kept && lanes <= 0) {
		rc = ctx_error(ctx, "kernel '%s': the block sample ran no access in any wave and the "
			"whole wave does not fit the work limit: the busy blocks, if any, lie between the "
			"sample's runs, so no prediction (docs/model.md §1)", l->kernel->name);
		goto done;
	}
	/* the wave reported (layer conditions, the representative wave): the
	 * class standing for the most waves, or in a spread plan, whose waves
	 * all stand for about as many, the busiest */
	int dom = plan->dominant;
	for (int i = 0; plan->walk_all && i < n; i++) {
		double li = 0, ld = 0;
		for (int a = 0; a < l->n_accesses; a++)
			li += w[i].access[a].lanes, ld += w[dom].access[a].lanes;
		if (li > ld)
			dom = i;
	}
	/* the evaluated waves are earlier waves of one another */
	for (int i = 0; i < n && fc->n < FOOTPRINT_CACHE; i++)
		if (!w[i].light && w[i].r.wave_blocks == l->wave_blocks) {
			if (run_list_copy(&w[i].f0, &fc->units[fc->n])) {
				rc = ctx_error(ctx, "out of memory");
				goto done;
			}
			fc->first[fc->n] = w[i].r.rep_first;
			fc->store_bytes[fc->n++] = w[i].r.wave_store_bytes / w[i].sample.store_scale;
		}

	/* earlier waves are needed for their footprints only */
	block_evaluator_footprint_only(ev, 1);
	/* Without block classes every block of every earlier wave is enumerated:
	 * look back a few waves only, and say so. */
	int max_back = block_evaluator_is_cached(ev) || block_evaluator_uses_boxes(ev) ? MAX_REUSE_DISTANCE :
		UNCACHED_REUSE_DISTANCE;
	if (max_back < MAX_REUSE_DISTANCE)
		assumption_add(assumptions, "addresses are not affine in the block index: reuse from "
			"earlier waves examined %d waves back only", max_back);
	/* Classes that hardly group blocks (quasi-affine addresses whose
	 * residues differ from block to block) make every earlier wave as dear
	 * as the current one: the same bound applies. */
	int n_block_classes = block_evaluator_n_classes(ev);
	int64_t wave_blocks = plan->c[plan->dominant].count;
	if (max_back == MAX_REUSE_DISTANCE && !block_evaluator_uses_boxes(ev) && wave_blocks >= 64 &&
	    2 * (int64_t)n_block_classes > wave_blocks * n) {
		max_back = UNCACHED_REUSE_DISTANCE;
		assumption_add(assumptions, "blocks hardly group into classes here (%d classes for %lld "
			"blocks): reuse from earlier waves examined %d waves back only", n_block_classes,
			(long long)(wave_blocks * n), max_back);
	}
	/* Reuse walks: see choose_walks. In order of first block, so that a
	 * walk finds the waves the one before it visited. */
	for (int pass = 0; pass < n && !rc; pass++) {
		int i = -1;
		for (int j = 0; j < n; j++)
			if (from[j] == j && !w[j].walked && (i < 0 || plan->c[j].first < plan->c[i].first))
				i = j;
		if (i < 0)
			break;
		find_plane(l, &w[i].r);
		rc = eval_reuse(ctx, ev, l, fc, max_back, i == dom, &w[i]);
		w[i].walked = 1;
	}
	/* light waves: DRAM volumes per active thread of their walked donor */
	for (int i = 0; i < n && !rc; i++)
		if (w[i].light && !w[i].folded) {
			const memory_result *src = &w[from[i]].r;
			memory_result *r = &w[i].r;
			double f = src->wave_active_threads > 0 ?
				r->wave_active_threads / src->wave_active_threads : 0;
			r->wave_load_units_bytes = f * src->wave_load_units_bytes;
			r->wave_store_bytes = f * src->wave_store_bytes;
			r->wave_fill_bytes = f * src->wave_fill_bytes;
			r->wave_dram_load_bytes = f * src->wave_dram_load_bytes;
		}
	if (rc)
		goto done;

	/* launch totals, then the average wave */
	memory_result t;
	memset(&t, 0, sizeof(t));
	for (int i = 0; i < n; i++)
		if (!w[i].folded)
			add_weighted(&t, access, &w[i], w[i].weight, l->n_accesses);
	const memory_result *d = &w[dom].r;
	*m = *d;
	m->wave_active_threads = t.wave_active_threads / *scale;
	m->wave_load_units_bytes = t.wave_load_units_bytes / *scale;
	m->wave_store_bytes = t.wave_store_bytes / *scale;
	m->wave_fill_bytes = t.wave_fill_bytes / *scale;
	m->wave_dram_load_bytes = t.wave_dram_load_bytes / *scale;
	m->wave_requested_load_sectors = t.wave_requested_load_sectors / *scale;
	m->wave_unique_load_sectors = t.wave_unique_load_sectors / *scale;
	m->wave_l1_capacity_miss_sectors = t.wave_l1_capacity_miss_sectors / *scale;
	m->wave_store_sectors = t.wave_store_sectors / *scale;
	for (int i = 0; i < l->n_accesses; i++) {
		access_stats *a = &access[i];
		a->instructions /= *scale, a->lanes /= *scale, a->data_wavefronts /= *scale;
		a->tag_wavefronts /= *scale, a->cycles /= *scale, a->sectors /= *scale;
		a->same_address_ways /= *scale;
	}
	m->l1_reuse_block = d->l1_reuse_block;
	m->l1_reuse_distance_lines = replay.profile ? replay.profile->mean_distance_lines : -1;
	m->l1_reuse_none = !replay.tried ? "the allocation hits: no reuse distance is longer" :
		replay.profile ? NULL : replay.none;
	l1_replay_assume(l, &replay, assumptions);
	m->rep_load_units_bytes = d->wave_load_units_bytes;
	m->rep_store_bytes = d->wave_store_bytes;
	m->rep_dram_load_bytes = d->wave_dram_load_bytes;
	m->n_classes = block_evaluator_n_classes(ev);
	m->waves_evaluated = 0;
	m->n_wave_entries = 0;
	for (int i = 0; i < n; i++) {
		if (w[i].folded)
			continue;
		m->waves_evaluated++;
		if (m->n_wave_entries == MAX_WAVE_ENTRIES)
			continue;
		evaluated_wave *o = &m->wave_entry[m->n_wave_entries++];
		o->first = plan->c[i].first;
		o->blocks = plan->c[i].count;
		o->stands_for = plan->c[i].weight;
		for (int j = 0; j < n; j++)
			if (w[j].folded && from[j] == i)
				o->stands_for += plan->c[j].weight;
		o->how = from[i] == i ? "walked" : "per thread";
		o->like = from[i] == i ? -1 : from[i];
	}
	/* The launch's bound: the waves' errors taken as independent, each its
	 * relative bound times its share of the launch's L1 cycles. */
	m->sample_runs = 0;
	double err2 = 0, cycles = 0;
	for (int i = 0; i < n; i++) {
		const sample_figures *sf = &w[i].sample;
		double c = 0;
		for (int a = 0; a < l->n_accesses && !w[i].folded; a++)
			c += w[i].weight * w[i].access[a].cycles;
		cycles += c;
		err2 += (sf->bound * c) * (sf->bound * c);
		if (w[i].folded || sf->sampled >= plan->c[i].count)
			continue;
		if (!m->sample_runs || i == dom) {
			m->sample_blocks = sf->sampled;
			m->sample_of = plan->c[i].count;
		}
		m->sample_runs = ev_mode.sample.runs;
		m->sample_run_blocks = ev_mode.sample.len;
	}
	m->sample_bound = cycles > 0 ? sqrt(err2) / cycles : 0;
	if (idle_kept)
		assumption_add(assumptions, "a block sample of %d wave(s) ran no access and the whole wave "
			"did not fit the work limit: those waves count as idle (docs/model.md §1)", idle_kept);
	if (idle_samples)
		assumption_add(assumptions, "a block sample of %d wave(s) ran no access (the busy blocks lie "
			"between its runs): those waves were evaluated whole instead (docs/model.md §1)",
			idle_samples);
	/* runs of one block see nothing their neighbours share: the bound
	 * between runs says nothing about the halos counted once per block */
	if (m->sample_runs)
		assumption_add(assumptions, "blocks sampled: %lld of %lld per wave, %d runs of %lld spread "
			"evenly (docs/model.md §1); ±%.1f %% (2 standard errors between runs; %s)",
			(long long)m->sample_blocks, (long long)m->sample_of, m->sample_runs,
			(long long)m->sample_run_blocks, 100 * m->sample_bound, m->sample_run_blocks > 1 ?
			"data shared with blocks outside the runs not included" : "not including data that "
			"blocks share: each run is one block, so a halo or tile its neighbours read too "
			"counts once per block, and DRAM and L2 volumes may be several times too high");
	m->waves_represented = plan->n_waves;
	m->wave_classes = plan->n_classes;
	m->waves_sampled = plan->sampled || !plan->enumerated;
	if (m->waves_sampled && plan->walk_all && plan->busy_waves > 0)
		assumption_add(assumptions, "launch totals from %d of %lld waves: the %lld waves whose "
			"blocks may run an access, in order of their busy blocks and position, cut into "
			"groups each evaluated at its middle wave, and the idle waves as one (docs/model.md §1)",
			m->waves_evaluated, (long long)plan->n_waves, (long long)plan->busy_waves);
	else if (m->waves_sampled && plan->walk_all)
		assumption_add(assumptions, "launch totals from %d of %lld waves, spread evenly over the "
			"launch, each standing for the waves up to the next (docs/model.md §1)",
			m->waves_evaluated, (long long)plan->n_waves);
	else if (m->waves_sampled)
		assumption_add(assumptions, "launch totals from %d of %lld%s wave classes, a stratified "
			"subset (docs/model.md §1) standing for all %lld waves", m->waves_evaluated,
			(long long)plan->n_classes, plan->enumerated ? "" : " (among a systematic sample of "
			"the waves)", (long long)plan->n_waves);
done:
	free(replay.profile);
	free(from);
	for (int i = 0; i < n; i++) {
		free(w[i].access);
		run_list_free(&w[i].f0);
	}
	for (int i = 0; i < FOOTPRINT_CACHE; i++)
		run_list_free(&fc->units[i]);
	free(w);
	free(fc);
	return rc;
}
