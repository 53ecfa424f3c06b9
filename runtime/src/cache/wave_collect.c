/* One wave's footprint and per-access statistics, collected block by block
 * from the block evaluator: every block of the wave, or its block sample
 * (block_sample.h, docs/model.md §1). */
#include <stdlib.h>
#include <string.h>

#include "base/clock.h"
#include "base/ctx.h"
#include "cache/wave_boxes.h"
#include "cache/wave_collect.h"

/* The statistics of `count` blocks of class cls (none when cls is NULL). */
static void add_class_stats(const launch *l, const block_class *cls, int64_t count,
	memory_result *m, access_stats *access)
{
	if (!cls || !count)
		return;
	double n = (double)count;
	m->wave_active_threads += cls->active_threads * count;
	m->wave_requested_load_sectors += n * cls->requested_load_sectors;
	m->wave_unique_load_sectors += n * (double)cls->unique_load_sectors;
	m->l1_oversubscription += n * (double)cls->allocated_lines; /* summed; averaged later */
	for (int i = 0; i < l->n_accesses; i++)
		access_stats_add_times(&access[i], &cls->stats[i], n);
}

/* Room in *hits for class `index`, new entries zero: 0, or -1 out of memory. */
static int grow_hits(int64_t **hits, int *n, int index)
{
	int cap = *n ? *n : 16;
	while (cap <= index)
		cap *= 2;
	int64_t *grown = realloc(*hits, sizeof(int64_t) * (size_t)cap);
	if (!grown)
		return -1;
	memset(grown + *n, 0, sizeof(int64_t) * (size_t)(cap - *n));
	*hits = grown;
	*n = cap;
	return 0;
}

/* The (class, offset) a group's runs were last appended for, per group and
 * slot: a block whose group repeats a pair adds nothing to the union (the
 * blocks of a grid row reading one vector, one tile of a matrix), so its
 * runs are not appended again. Direct-mapped: a pair that lost its slot is
 * appended once more, which the union absorbs. */
#define APPENDED_SLOTS 64
typedef struct appended_pair {
	int64_t offset;
	int cls; /* -1: empty */
} appended_pair;

static int already_appended(appended_pair *seen, int cls, int64_t offset)
{
	uint64_t h = ((uint64_t)offset * 0x9e3779b97f4a7c15ull) ^ ((uint64_t)cls * 0xbf58476d1ce4e5b9ull);
	appended_pair *p = &seen[(h >> 32) & (APPENDED_SLOTS - 1)];
	if (p->cls == cls && p->offset == offset)
		return 1;
	p->cls = cls;
	p->offset = offset;
	return 0;
}

/* A group's load runs rounded out to fetch units at a block offset that is
 * not a multiple of the unit: the class's load_units hold them for offsets
 * that are, and the byte runs of a misaligned group (a clamp's `x0 + 1`, 4
 * B past the unit) are many more (own downsample_rgba: 256 a block, where
 * the units are one run). Kept per (class, group, offset mod the unit),
 * direct-mapped, for one wave's collection. */
#define MISALIGNED_SLOTS 64
typedef struct misaligned_units {
	int cls, group;   /* cls -1: empty */
	int64_t residue;
	run_list units;   /* bytes, fetch-aligned, relative to offset - residue */
} misaligned_units;

static const run_list *units_at_residue(misaligned_units *slots, const block_class *cls, int g,
	int64_t residue, int64_t fetch)
{
	uint64_t h = ((uint64_t)cls->index * 0x9e3779b97f4a7c15ull) ^ ((uint64_t)g * 0xbf58476d1ce4e5b9ull) ^
		(uint64_t)residue;
	misaligned_units *s = &slots[(h >> 40) & (MISALIGNED_SLOTS - 1)];
	if (s->cls == cls->index && s->group == g && s->residue == residue)
		return &s->units;
	run_list shifted;
	run_list_init(&shifted);
	int rc = run_list_append_shifted(&shifted, &cls->load_runs[g], residue) ||
		run_list_round_out(&shifted, fetch, &s->units);
	run_list_free(&shifted);
	if (rc) {
		s->cls = -1;
		return NULL;
	}
	s->cls = cls->index, s->group = g, s->residue = residue;
	return &s->units;
}

/* Collects the byte footprint of blocks [first, first+count) (none when `fp`
 * is NULL) and, when `m` is given, adds up their per-access statistics into
 * `m` and `access`. Load footprints may come rounded out to fetch units
 * (the same unit sets, fewer runs: loads are only ever counted in fetch
 * units or coarser), store footprints to sectors unless `exact`: the
 * current wave's partial sector writes are counted from its bytes. */
static int collect_wave(warpest_ctx *ctx, block_evaluator *ev, const launch *l,
	int64_t first, int64_t count, wave_footprint *fp, memory_result *m, access_stats *access,
	int exact)
{
	/* boxes give the same footprint in rows instead of lanes; blocks are then
	 * visited for their statistics, and for the lane runs of the groups
	 * boxes do not apply to */
	const unsigned char *from_boxes = block_evaluator_boxed_groups(ev);
	int64_t fetch = (int64_t)l->hw->dram_fetch_bytes.value;
	int boxed = !fp; /* every group's runs are in (or none is wanted) */
	if (fp) {
		run_list_clear(&fp->load_bytes);
		run_list_clear(&fp->store_bytes);
	}
	if (from_boxes && fp) {
		int rc = wave_boxer_footprint(block_evaluator_boxer(ev), first, count, &fp->load_bytes,
			&fp->store_bytes, (int64_t)1 << 22, block_evaluator_deadline(ev), fetch);
		/* the classes keep no lane runs of the boxed accesses, so a wave of
		 * more rows cannot be enumerated instead: past the work limit (a
		 * block sample follows), or every row where there is none */
		if (rc == 1 && block_evaluator_exhaust(ev))
			return ctx_error(ctx, "over the work limit");
		if (rc == 1) {
			run_list_clear(&fp->load_bytes);
			run_list_clear(&fp->store_bytes);
			rc = wave_boxer_footprint(block_evaluator_boxer(ev), first, count, &fp->load_bytes,
				&fp->store_bytes, INT64_MAX, block_evaluator_deadline(ev), fetch);
		}
		if (rc < 0)
			return ctx_error(ctx, "out of memory");
		/* a wave of millions of rows stops at the deadline like a block
		 * visit, so that the repairs (a block sample) start in time */
		if (rc == 2) {
			block_evaluator_check_limits(ev);
			return ctx_error(ctx, "over the time limit");
		}
		/* rows are sorted and merged: work like a few lanes each */
		if (block_evaluator_spend(ev, 4 * (fp->load_bytes.n + fp->store_bytes.n)))
			return ctx_error(ctx, "over the work limit");
		boxed = block_evaluator_uses_boxes(ev);
		if (boxed && !m)
			return run_list_normalize(&fp->load_bytes) || run_list_normalize(&fp->store_bytes) ?
				ctx_error(ctx, "out of memory") : 0;
	}
	int64_t *offsets = calloc((size_t)l->n_groups + 1, sizeof(int64_t));
	appended_pair *seen = boxed ? NULL :
		malloc(sizeof(appended_pair) * APPENDED_SLOTS * ((size_t)l->n_groups + 1));
	misaligned_units *odd = boxed ? NULL : malloc(sizeof(misaligned_units) * MISALIGNED_SLOTS);
	if (!offsets || (!boxed && (!seen || !odd))) {
		free(offsets);
		free(seen);
		free(odd);
		return ctx_error(ctx, "out of memory");
	}
	for (int i = 0; seen && i < APPENDED_SLOTS * l->n_groups; i++)
		seen[i].cls = -1;
	for (int i = 0; odd && i < MISALIGNED_SLOTS; i++) {
		odd[i].cls = -1;
		run_list_init(&odd[i].units);
	}
	/* the wave's statistics are each class's times its blocks: added once
	 * per class, not once per block (a wave has thousands of blocks, a few
	 * dozen classes) */
	int64_t *hits = NULL;
	int n_hits = 0, rc = 0;
	int64_t sector = (int64_t)l->hw->sector_bytes.value;
	for (int64_t id = first; id < first + count && !rc; id++) {
		/* cached blocks cost no evaluation but their runs still take time */
		if (block_evaluator_poll(ev)) {
			rc = ctx_error(ctx, "over the time limit");
			break;
		}
		const block_class *cls = block_evaluator_get(ev, id, offsets);
		if (!cls) {
			rc = ctx_error(ctx, "%s while evaluating block %lld",
				block_evaluator_stop_reason(ev), (long long)id);
			break;
		}
		/* the blocks after it in its grid row whose guards' verdicts are
		 * its own: their keys repeat with the offsets' period, so the first
		 * period is visited and the rest counted (where no footprint is
		 * taken from their lanes) */
		int64_t run = boxed ? block_evaluator_same_run(ev) : 0;
		if (run > first + count - 1 - id)
			run = first + count - 1 - id;
		if (run > 0) {
			int64_t period = block_evaluator_x_period(ev);
			for (int64_t t = 0; t < period && t <= run && !rc; t++) {
				const block_class *ct = t ? block_evaluator_get(ev, id + t, offsets) : cls;
				if (!ct)
					rc = ctx_error(ctx, "%s while evaluating block %lld",
						block_evaluator_stop_reason(ev), (long long)(id + t));
				else if (m && !ct->empty && ct->index >= n_hits &&
					 grow_hits(&hits, &n_hits, ct->index))
					rc = ctx_error(ctx, "out of memory");
				else if (m && !ct->empty)
					hits[ct->index] += (run - t) / period + 1;
			}
			id += run;
			continue;
		}
		if (cls->empty)
			continue;
		for (int g = 0; g < l->n_groups && !boxed && !rc; g++) {
			if ((from_boxes && from_boxes[g]) ||
			    already_appended(&seen[APPENDED_SLOTS * g], cls->index, offsets[g]))
				continue;
			int64_t residue = ((offsets[g] % fetch) + fetch) % fetch;
			const run_list *loads = residue == 0 ? &cls->load_units[g] :
				units_at_residue(odd, cls, g, residue, fetch);
			if (!loads || run_list_append_shifted(&fp->load_bytes, loads, offsets[g] - residue) ||
			    run_list_append_shifted(&fp->store_bytes, offsets[g] % sector == 0 && !exact ?
				&cls->store_units[g] : &cls->store_runs[g], offsets[g]))
				rc = ctx_error(ctx, "out of memory");
		}
		if (m && !rc) {
			if (cls->index >= n_hits && grow_hits(&hits, &n_hits, cls->index))
				rc = ctx_error(ctx, "out of memory");
			else
				hits[cls->index]++;
		}
	}
	for (int i = 0; i < n_hits && !rc; i++)
		if (hits[i])
			add_class_stats(l, block_evaluator_class(ev, i), hits[i], m, access);
	free(hits);
	free(seen);
	for (int i = 0; odd && i < MISALIGNED_SLOTS; i++)
		run_list_free(&odd[i].units);
	free(odd);
	free(offsets);
	if (!rc && fp && (run_list_normalize(&fp->load_bytes) || run_list_normalize(&fp->store_bytes)))
		rc = ctx_error(ctx, "out of memory");
	return rc;
}

/* Sums of the statistics the error bound is taken from. */
static void stat_sums(const launch *l, const memory_result *m, const access_stats *access,
	double *sums)
{
	sums[0] = sums[1] = 0;
	for (int i = 0; i < l->n_accesses; i++)
		sums[0] += access[i].cycles, sums[1] += access[i].lanes;
	sums[2] = m->wave_requested_load_sectors;
}

int wave_collect(warpest_ctx *ctx, block_evaluator *ev, const launch *l,
	const wave_collect_mode *mode, int64_t first, int64_t count, wave_footprint *fp,
	memory_result *m, access_stats *access, int exact, sample_figures *sf)
{
	const block_sample *sample = &mode->sample;
	sf->sampled = count;
	sf->load_scale = sf->store_scale = 1;
	sf->bound = 0;
	sf->idle_sample = 0;
	if (!block_sample_applies(sample, count))
		return collect_wave(ctx, ev, l, first, count, fp, m, access, exact);
	/* what the sample adds to m and access, undone if it comes out idle */
	memory_result *m_before = m ? malloc(sizeof(*m)) : NULL;
	access_stats *access_before = m ? malloc(sizeof(*access) * ((size_t)l->n_accesses + 1)) : NULL;
	if (m && (!m_before || !access_before)) {
		free(m_before);
		free(access_before);
		return ctx_error(ctx, "out of memory");
	}
	if (m) {
		*m_before = *m;
		memcpy(access_before, access, sizeof(*access) * (size_t)l->n_accesses);
	}
	int runs = sample->runs;
	double x[4][BLOCK_SAMPLE_RUNS];
	wave_footprint run;
	run_list units;
	sample_cover loads, stores;
	run_list_init(&run.load_bytes);
	run_list_init(&run.store_bytes);
	run_list_init(&units);
	sample_cover_init(&loads);
	sample_cover_init(&stores);
	if (fp) {
		run_list_clear(&fp->load_bytes);
		run_list_clear(&fp->store_bytes);
	}
	int rc = 0;
	int64_t work_before = block_evaluator_work(ev);
	double time_before = clock_seconds();
	/* Each run is collected as two halves, each a piece of the cover: data
	 * the halves share (halos between neighbouring blocks) is not private
	 * to a piece, so it is not scaled up (sample_cover_estimate). */
	int halves = sample->len >= 2 ? 2 : 1;
	for (int j = 0; j < runs && !rc; j++) {
		int64_t start = first + block_sample_run_start(sample, count, j);
		for (int s = 0; s < 4; s++)
			x[s][j] = 0;
		for (int h = 0; h < halves && !rc; h++) {
			int64_t lo = h ? sample->len / 2 : 0, hi = halves == 2 && !h ? sample->len / 2 : sample->len;
			double before[3] = {0, 0, 0}, after[3] = {0, 0, 0};
			if (m)
				stat_sums(l, m, access, before);
			rc = collect_wave(ctx, ev, l, start + lo, hi - lo, fp ? &run : NULL, m,
				access, exact);
			if (rc)
				break;
			if (m)
				stat_sums(l, m, access, after);
			for (int s = 0; s < 3; s++)
				x[s][j] += after[s] - before[s];
			if (!fp)
				continue;
			if (run_list_to_units(&run.load_bytes, (int64_t)l->hw->dram_fetch_bytes.value, &units) ||
			    sample_cover_add(&loads, &units))
				rc = ctx_error(ctx, "out of memory");
			x[3][j] += (double)run_list_measure(&units);
			if (rc || run_list_to_units(&run.store_bytes, (int64_t)l->hw->sector_bytes.value, &units) ||
			    sample_cover_add(&stores, &units) ||
			    run_list_append_shifted(&fp->load_bytes, &run.load_bytes, 0) ||
			    run_list_append_shifted(&fp->store_bytes, &run.store_bytes, 0))
				rc = ctx_error(ctx, "out of memory");
		}
	}
	if (!rc && fp && (run_list_normalize(&fp->load_bytes) || run_list_normalize(&fp->store_bytes)))
		rc = ctx_error(ctx, "out of memory");
	/* A sample whose blocks ran no access, in a kernel with accesses: the
	 * busy blocks may lie between its runs (a grid much larger than the
	 * work, guards that idle all but a few blocks), and scaled up it would
	 * predict nothing. Where the whole wave, at what the sample's blocks
	 * cost, fits the work left and half the time limit, it is evaluated
	 * whole instead, with a deadline of its own (the first run's has
	 * passed already); else the wave counts as idle (idle_sample 2:
	 * memory_model refuses a launch with no work anywhere). */
	int idle = !rc && m && l->n_accesses > 0;
	for (int i = 0; idle && i < l->n_accesses; i++)
		idle = access[i].lanes <= access_before[i].lanes;
	int64_t visited = (int64_t)runs * sample->len;
	double scale_up = visited > 0 ? (double)count / (double)visited : 0;
	double projected = (double)(block_evaluator_work(ev) - work_before) * scale_up;
	double projected_ms = 1000 * (clock_seconds() - time_before) * scale_up;
	/* a run with no clock (the last resort) is bounded by its work alone */
	int clocked = block_evaluator_deadline(ev) > 0 && l->time_limit_ms > 0;
	if (idle && (projected >= (double)block_evaluator_work_left(ev) ||
		     (clocked && projected_ms > l->time_limit_ms / 2))) {
		sf->idle_sample = 2;
		idle = 0;
	}
	if (idle) {
		*m = *m_before;
		memcpy(access, access_before, sizeof(*access) * (size_t)l->n_accesses);
		double deadline = block_evaluator_deadline(ev);
		block_evaluator_set_deadline(ev, clocked ? clock_seconds() + l->time_limit_ms / 1000 : 0);
		rc = collect_wave(ctx, ev, l, first, count, fp, m, access, exact);
		block_evaluator_set_deadline(ev, deadline);
		sf->idle_sample = 1;
		runs = 0;
	}
	free(m_before);
	free(access_before);
	if (!rc && !idle) {
		sf->sampled = (int64_t)runs * sample->len;
		double f = (double)count / (double)sf->sampled;
		if (m) {
			m->wave_active_threads *= f;
			m->wave_requested_load_sectors *= f;
			m->wave_unique_load_sectors *= f;
			m->l1_oversubscription *= f;
			for (int i = 0; i < l->n_accesses; i++) {
				access_stats *a = &access[i];
				a->instructions *= f, a->lanes *= f, a->data_wavefronts *= f;
				a->tag_wavefronts *= f, a->cycles *= f, a->sectors *= f;
				a->same_address_ways *= f;
			}
		}
		double load_units = (double)run_list_measure(&loads.once_or_more);
		double store_units = (double)run_list_measure(&stores.once_or_more);
		if (fp && load_units > 0)
			sf->load_scale = sample_cover_estimate(&loads, count, sf->sampled) / load_units;
		if (fp && store_units > 0)
			sf->store_scale = sample_cover_estimate(&stores, count, sf->sampled) / store_units;
		for (int s = m ? 0 : 3; s < (fp ? 4 : 3); s++) {
			double b = block_sample_rel_bound(x[s], runs, count, sf->sampled);
			if (b > sf->bound)
				sf->bound = b;
		}
	}
	run_list_free(&run.load_bytes);
	run_list_free(&run.store_bytes);
	run_list_free(&units);
	sample_cover_free(&loads);
	sample_cover_free(&stores);
	return rc;
}
