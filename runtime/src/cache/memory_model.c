/* L2 -> L1 and DRAM -> L2 volumes (SPEC §5.2-5.4): the representative wave's
 * footprint, reuse from earlier waves by wave-granular LRU stack distance,
 * layer conditions, L1 capacity misses and partial-sector fills. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/ctx.h"
#include "cache/capacity.h"
#include "cache/memory_model.h"
#include "cache/wave_boxes.h"

/* Reuse is followed back until its hit rate is negligible. */
#define NEGLIGIBLE_HIT_RATE 1e-3
/* How far back reuse is followed when blocks cannot be grouped into classes. */
#define UNCACHED_REUSE_DISTANCE 2

/* Set per estimate: whether wave footprints come from boxes (wave_boxes.c).
 * Thread-local because rank evaluates configurations in parallel. */
static _Thread_local int ev_use_boxes;

typedef struct wave_footprint {
	run_list load_bytes;
	run_list store_bytes;
} wave_footprint;

/* Collects the byte footprint of blocks [first, first+count) and, when
 * `m` is given, adds up their per-access statistics into `m` and `access`. Unless `exact`,
 * footprints may come rounded out to fetch units and sectors (the same unit
 * sets, fewer runs); the current wave is collected exactly because partial
 * sector writes are counted from its bytes. */
static int collect_wave(warpest_ctx *ctx, block_evaluator *ev, const launch *l, int64_t first,
	int64_t count, wave_footprint *fp, memory_result *m, access_stats *access, int exact)
{
	/* boxes give the same footprint in rows instead of lanes; blocks are then
	 * visited only for their statistics */
	int boxed = 0;
	if (ev_use_boxes) {
		run_list_clear(&fp->load_bytes);
		run_list_clear(&fp->store_bytes);
		int rc = wave_boxes_footprint(l, first, count, &fp->load_bytes, &fp->store_bytes,
			(int64_t)1 << 22);
		if (rc < 0)
			return ctx_error(ctx, "out of memory");
		boxed = rc == 0;
		/* rows are sorted and merged: work like a few lanes each */
		if (boxed && block_evaluator_spend(ev, 4 * (fp->load_bytes.n + fp->store_bytes.n)))
			return ctx_error(ctx, "over the work limit");
		if (boxed && !m)
			return run_list_normalize(&fp->load_bytes) || run_list_normalize(&fp->store_bytes) ?
				ctx_error(ctx, "out of memory") : 0;
	}
	int64_t *offsets = calloc((size_t)l->n_groups + 1, sizeof(int64_t));
	if (!offsets)
		return ctx_error(ctx, "out of memory");
	if (!boxed) {
		run_list_clear(&fp->load_bytes);
		run_list_clear(&fp->store_bytes);
	}
	for (int64_t id = first; id < first + count; id++) {
		const block_class *cls = block_evaluator_get(ev, id, offsets);
		if (!cls) {
			free(offsets);
			return ctx_error(ctx, "out of memory while evaluating block %lld", (long long)id);
		}
		if (cls->empty)
			continue;
		int64_t fetch = (int64_t)l->hw->dram_fetch_bytes.value;
		int64_t sector = (int64_t)l->hw->sector_bytes.value;
		for (int g = 0; g < l->n_groups && !boxed; g++)
			if (run_list_append_shifted(&fp->load_bytes, offsets[g] % fetch == 0 && !exact ?
				&cls->load_units[g] : &cls->load_runs[g], offsets[g]) ||
			    run_list_append_shifted(&fp->store_bytes, offsets[g] % sector == 0 && !exact ?
				&cls->store_units[g] : &cls->store_runs[g], offsets[g])) {
				free(offsets);
				return ctx_error(ctx, "out of memory");
			}
		if (m) {
			m->wave_active_threads += cls->active_threads;
			m->wave_requested_load_sectors += cls->requested_load_sectors;
			m->wave_unique_load_sectors += (double)cls->unique_load_sectors;
			m->l1_oversubscription += (double)cls->allocated_lines; /* summed; averaged later */
			for (int i = 0; i < l->n_accesses; i++) {
				access_stats *d = &access[i];
				const access_stats *s = &cls->stats[i];
				d->instructions += s->instructions;
				d->lanes += s->lanes;
				d->data_wavefronts += s->data_wavefronts;
				d->tag_wavefronts += s->tag_wavefronts;
				d->cycles += s->cycles;
				d->sectors += s->sectors;
				d->same_address_ways += s->same_address_ways;
			}
		}
	}
	free(offsets);
	if (run_list_normalize(&fp->load_bytes) || run_list_normalize(&fp->store_bytes))
		return ctx_error(ctx, "out of memory");
	return 0;
}

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

int memory_model_run(warpest_ctx *ctx, const launch *l, block_evaluator *ev,
	access_stats *access, memory_result *m, double *scale, assumption_list *assumptions)
{
	const warpest_hw *hw = l->hw;
	int64_t fetch = (int64_t)hw->dram_fetch_bytes.value;
	int64_t sector = (int64_t)hw->sector_bytes.value;
	double l2 = hw->l2_effective_bytes.value; /* until the wave's duplication is known */
	int64_t first = l->rep_wave_first;
	int64_t count = l->n_blocks - first < l->wave_blocks ? l->n_blocks - first : l->wave_blocks;
	m->wave_blocks = count;
	*scale = (double)l->n_blocks / (double)count;

	wave_footprint cur, past;
	run_list f0, seen, fk, tmp, covered, overlap, store_units;
	run_list *lists[] = {&cur.load_bytes, &cur.store_bytes, &past.load_bytes,
		&past.store_bytes, &f0, &seen, &fk, &tmp, &covered, &overlap, &store_units};
	for (size_t i = 0; i < sizeof(lists) / sizeof(lists[0]); i++)
		run_list_init(lists[i]);
	ev_use_boxes = block_evaluator_uses_boxes(ev);
	int rc = collect_wave(ctx, ev, l, first, count, &cur, m, access, 1);
	if (rc)
		goto done;

	/* L1: resident blocks' allocated lines against the L1 left by shared
	 * memory; redundant load sectors miss at the capacity miss rate. */
	double outer_iterations = capacity_l1_outer_iterations(l, access, (double)m->wave_active_threads);
	m->l1_oversubscription = capacity_l1_oversubscription(l, m->l1_oversubscription / (double)count /
		outer_iterations, count);
	m->l1_capacity_hit_rate = capacity_l1_hit(hw, m->l1_oversubscription);
	double redundant = m->wave_requested_load_sectors - m->wave_unique_load_sectors;
	if (redundant < 0)
		redundant = 0;
	m->wave_l1_capacity_miss_sectors = redundant * (1.0 - m->l1_capacity_hit_rate);
	for (int i = 0; i < l->n_accesses; i++) {
		const bound_access *b = &l->accesses[i];
		if (b->field->space == km_space_global && b->src->kind != km_load)
			m->wave_store_sectors += access[i].sectors;
	}

	/* DRAM: compulsory units of the wave, then reuse from earlier waves. */
	if (run_list_to_units(&cur.load_bytes, fetch, &f0) ||
	    run_list_to_units(&cur.store_bytes, sector, &store_units)) {
		rc = ctx_error(ctx, "out of memory");
		goto done;
	}
	m->wave_load_units_bytes = (double)run_list_measure(&f0) * (double)fetch;
	m->wave_store_bytes = (double)run_list_measure(&store_units) * (double)sector;
	double wave_volume = m->wave_load_units_bytes + m->wave_store_bytes;
	m->l2_duplication = capacity_l2_duplication(hw, m->wave_unique_load_sectors * (double)sector,
		m->wave_load_units_bytes);
	l2 = m->l2_capacity_bytes = capacity_l2_bytes(hw, m->l2_duplication);
	double partial = (double)run_list_partial_units(&cur.store_bytes, sector);
	m->wave_fill_bytes = partial * (double)sector *
		(1.0 - hw_gompertz_hit(&hw->hit_l2_store, wave_volume / l2));

	find_plane(l, m);
	/* earlier waves are needed for their footprints only */
	block_evaluator_footprint_only(ev, 1);
	/* Without block classes every block of every earlier wave is enumerated:
	 * look back a few waves only, and say so. */
	int max_back = block_evaluator_is_cached(ev) || ev_use_boxes ? MAX_REUSE_DISTANCE :
		UNCACHED_REUSE_DISTANCE;
	if (max_back < MAX_REUSE_DISTANCE)
		assumption_add(assumptions, "addresses are not affine in the block index: reuse from "
			"earlier waves examined %d waves back only", max_back);
	/* Classes that hardly group blocks (quasi-affine addresses whose
	 * residues differ from block to block) make every earlier wave as dear
	 * as the current one: the same bound applies. */
	int n_classes = block_evaluator_n_classes(ev);
	if (max_back == MAX_REUSE_DISTANCE && !ev_use_boxes && count >= 64 && 2 * n_classes > count) {
		max_back = UNCACHED_REUSE_DISTANCE;
		assumption_add(assumptions, "blocks hardly group into classes here (%d classes for %lld "
			"blocks): reuse from earlier waves examined %d waves back only", n_classes,
			(long long)count, max_back);
	}
	double reused_hits = 0;
	/* `seen`: units touched by the current and the waves in between, in
	 * bytes of fetch units; `covered`: current units already attributed. */
	if (run_list_copy(&f0, &seen)) {
		rc = ctx_error(ctx, "out of memory");
		goto done;
	}
	double seen_store_bytes = m->wave_store_bytes;
	for (int k = 1; k <= max_back && first - (int64_t)k * l->wave_blocks >= 0; k++) {
		int64_t pfirst = first - (int64_t)k * l->wave_blocks;
		if ((rc = collect_wave(ctx, ev, l, pfirst, l->wave_blocks, &past, NULL, NULL, 0)))
			goto done;
		if (run_list_to_units(&past.load_bytes, fetch, &fk) ||
		    run_list_intersect(&f0, &fk, &tmp) ||
		    run_list_subtract(&tmp, &covered, &overlap)) {
			rc = ctx_error(ctx, "out of memory");
			goto done;
		}
		double reused = (double)run_list_measure(&overlap) * (double)fetch;
		/* Neighbouring waves share halos; once a wave shares nothing, older
		 * ones share only along grid rows and planes, which the probes
		 * below visit directly. */
		if (reused <= 0 && k >= 2)
			break;
		/* distinct data since the last touch: waves 0..k-1 (LRU stack distance) */
		double volume = (double)run_list_measure(&seen) * (double)fetch + seen_store_bytes;
		double hit = hw_gompertz_hit(&hw->hit_wave_overlap, volume / l2);
		if (reused > 0 && m->n_reuse < MAX_REUSE_DISTANCE)
			reused_hits += record_reuse(m, hw, k, reused, volume);
		if (run_list_union(&covered, &tmp, &overlap) || run_list_copy(&overlap, &covered) ||
		    run_list_union(&seen, &fk, &tmp) || run_list_copy(&tmp, &seen)) {
			rc = ctx_error(ctx, "out of memory");
			goto done;
		}
		run_list_to_units(&past.store_bytes, sector, &tmp);
		seen_store_bytes += (double)run_list_measure(&tmp) * (double)sector;
		/* once the stack distance is hopeless, or all current data is accounted, stop */
		if (hit < NEGLIGIBLE_HIT_RATE ||
		    run_list_measure(&covered) == run_list_measure(&f0))
			break;
	}
	/* Reuse across grid rows and planes recurs at fixed block distances
	 * (multiples of the grid's x and xy strides) that can lie far beyond the
	 * walk above: probe those waves so the layer condition that fails there
	 * is still reported. The distinct volume in between is taken as k waves'
	 * worth of the current wave's volume. */
	int64_t strides[2] = {l->grid[0], (int64_t)l->grid[0] * l->grid[1]};
	int last_k = m->n_reuse ? m->reuse[m->n_reuse - 1].waves_back : 0;
	for (int s = 0; s < 2 && rc == 0 && max_back == MAX_REUSE_DISTANCE; s++)
		for (int mult = 1, misses = 0; mult <= 8 && misses < 2 && m->n_reuse < MAX_REUSE_DISTANCE;
		     mult++) {
			int64_t k0 = (strides[s] * mult) / l->wave_blocks;
			if (k0 <= last_k + 1 || k0 > MAX_REUSE_DISTANCE * 64)
				continue;
			if (run_list_measure(&covered) == run_list_measure(&f0))
				break;
			/* the wave at the period, and the next one only when the period's
			 * wave shared data (reuse can straddle a wave boundary) */
			int64_t k_last = k0;
			for (int64_t k = k0; k <= k_last; k++) {
				int64_t pfirst = first - k * l->wave_blocks;
				if (pfirst < 0)
					break;
				if ((rc = collect_wave(ctx, ev, l, pfirst, l->wave_blocks, &past, NULL, NULL, 0)))
					goto done;
				if (run_list_to_units(&past.load_bytes, fetch, &fk) ||
				    run_list_intersect(&f0, &fk, &tmp) ||
				    run_list_subtract(&tmp, &covered, &overlap)) {
					rc = ctx_error(ctx, "out of memory");
					goto done;
				}
				double reused = (double)run_list_measure(&overlap) * (double)fetch;
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
				if (run_list_union(&covered, &tmp, &overlap) || run_list_copy(&overlap, &covered)) {
					rc = ctx_error(ctx, "out of memory");
					goto done;
				}
				if (m->n_reuse >= MAX_REUSE_DISTANCE)
					break;
			}
		}
	m->wave_dram_load_bytes = m->wave_load_units_bytes - reused_hits + m->wave_fill_bytes;
	m->n_classes = block_evaluator_n_classes(ev);
done:
	for (size_t i = 0; i < sizeof(lists) / sizeof(lists[0]); i++)
		run_list_free(lists[i]);
	return rc;
}
