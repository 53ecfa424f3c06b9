/* One estimate: binds the model to the configuration, runs the memory,
 * compute and atomic models, and applies the multi-limiter performance
 * model of SPEC §6 (limiters at the occupancy's achievable rates, combined
 * by the overlap model of docs/model.md §8). */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/clock.h"
#include "base/ctx.h"
#include "estimate/estimate_impl.h"
#include "cache/assumed.h"
#include "launch/config.h"
#include "limiters/barrier_phases.h"
#include "limiters/latency_model.h"
#include "limiters/overlap.h"
#include "limiters/spill_model.h"

/* Waves evaluated when a stratified subset of wave classes came out idle. */
#define SPREAD_WAVES 32
/* The last resort's allowance in lane evaluations, when a block sample was
 * stopped at the time limit too (a loaded machine, or blocks that each run
 * long loops): up to about 70 ms of one core (docs/model.md §1, "The last
 * resort"), and the result no longer depends on the load. */
#define LAST_RESORT_WORK ((int64_t)1 << 23)
/* Iterations a lane walks of each long loop when even the smallest block
 * sample does not fit the work limit (block_evaluator_set_iteration_cap),
 * and at the second try, when that does not fit either. */
#define SAMPLED_ITERATIONS 16
#define SAMPLED_ITERATIONS_LAST 4

const char *warpest_limiter_name(warpest_limiter limiter)
{
	static const char *const names[] = {"L1", "L2", "DRAM", "compute", "shared-atomic"};
	return limiter >= 0 && limiter < warpest_n_limiters ? names[limiter] : "?";
}

void warpest_estimate_free(warpest_estimate *e)
{
	if (!e)
		return;
	launch_release(&e->launch);
	free(e->access);
	free(e->rows);
	free(e->row_access);
	free(e);
}

const warpest_summary *warpest_estimate_summary(const warpest_estimate *e)
{
	return &e->summary;
}

static void collect_assumptions(warpest_estimate *e)
{
	const launch *l = &e->launch;
	const warpest_kernel *k = e->kernel, *bound = l->kernel;
	if (l->registers_assumed)
		assumption_add(&e->assumptions, "registers per thread unknown: assumed 32 (give --registers)");
	for (int i = 0; i < bound->n_loops; i++)
		if (!bound->loops[i].upper)
			assumption_add(&e->assumptions, "loop '%s': %s; assumed %lld iterations", bound->loops[i].var,
				bound->loops[i].reason, (long long)bound->loops[i].assumed_trips);
		else if (e->compute.once_loops & (1u << i))
			/* elsewhere the memory model's lane counts count them (compute_model.c) */
			assumption_add(&e->assumptions, "loop '%s' has thread-dependent bounds and "
				"operations with no access in the same loops: those use one iteration",
				bound->loops[i].var);
	for (int i = 0; i < l->unroll.n_notes; i++)
		assumption_add(&e->assumptions, "%s", l->unroll.notes[i]);
	int unanalysable = 0;
	for (int i = 0; i < k->n_accesses; i++)
		unanalysable += !k->accesses[i].analysable && k->accesses[i].assume == km_assume_none;
	if (unanalysable)
		assumption_add(&e->assumptions, "%d access(es) could not be analysed (see accesses): counted "
			"as instructions only, not in memory volumes", unanalysable);
	for (int i = 0; i < k->n_assumptions; i++)
		assumption_add(&e->assumptions, "%s", k->assumptions[i]);
	for (int d = 0; d < 3; d++)
		if (l->grid_guessed[d])
			assumption_add(&e->assumptions, "no guard bounds the grid's %c dimension: the model's "
				"guess of %d blocks used (give the grid)", 'x' + d, l->grid[d]);
	if (l->n_blocks < l->wave_blocks)
		assumption_add(&e->assumptions, "the grid (%lld blocks) is smaller than one wave (%d blocks)",
			(long long)l->n_blocks, l->wave_blocks);
}

/* The report's rows: the model's accesses, each the sum of its bound
 * copies (one each unless geometric loops were unrolled). */
static int fold_rows(warpest_ctx *ctx, warpest_estimate *e)
{
	const launch *l = &e->launch;
	e->n_rows = e->kernel->n_accesses;
	e->rows = calloc((size_t)e->n_rows + 1, sizeof(access_stats));
	e->row_access = calloc((size_t)e->n_rows + 1, sizeof(bound_access *));
	if (!e->rows || !e->row_access)
		return ctx_error(ctx, "out of memory");
	for (int i = 0; i < l->n_accesses; i++) {
		int r = launch_model_access(l, i);
		if (!e->row_access[r])
			e->row_access[r] = &l->accesses[i];
		access_stats_add(&e->rows[r], &e->access[i]);
	}
	return 0;
}

/* The memory model once more from scratch, on a fresh evaluator (*ev
 * replaced; NULL when out of memory) under `work_limit` (0: none) and
 * `deadline` (0: none); a block sample, when one is taken, is sized to the
 * work limit and to at most `sample_cap` block visits (0: no cap). */
static int memory_model_again(warpest_ctx *ctx, warpest_estimate *e, block_evaluator **ev,
	int use_boxes, int reference, int force_sample, double sample_cap, int64_t work_limit,
	double deadline, int64_t iteration_cap)
{
	launch *l = &e->launch;
	block_evaluator_free(*ev);
	*ev = block_evaluator_alloc(l, use_boxes, !reference);
	if (!*ev)
		return ctx_error(ctx, "out of memory");
	block_evaluator_set_iteration_cap(*ev, iteration_cap);
	memset(e->access, 0, sizeof(access_stats) * ((size_t)l->n_accesses + 1));
	memset(&e->mem, 0, sizeof(e->mem));
	e->assumptions.n = 0;
	block_evaluator_set_work_limit(*ev, work_limit);
	block_evaluator_set_deadline(*ev, deadline);
	block_evaluator_set_sample_cap(*ev, sample_cap);
	/* no work limit but a cap: a budget no sample reaches, so that the cap
	 * decides; neither: no sample (0), as in the first run */
	int64_t budget = work_limit > 0 ? work_limit :
		sample_cap > 0 ? (int64_t)1 << 60 : 0;
	int rc = memory_model_run(ctx, l, *ev, e->access, &e->mem, &e->scale, &e->assumptions,
		budget, force_sample);
	e->work += block_evaluator_work(*ev);
	return rc;
}

/* How the last resort samples loop iterations: 2 (at once the smallest
 * sample, SAMPLED_ITERATIONS_LAST) when some loop's bounds are not constant
 * (they vary by thread, block or an outer loop); 1 (SAMPLED_ITERATIONS)
 * when some constant loop runs longer than that; 0: none. */
static int last_resort_iterations(const launch *l)
{
	int tries = 0;
	for (int i = 0; i < l->kernel->n_loops; i++)
		if (!l->loops[i].constant)
			return 2;
		else if (l->loops[i].trips > SAMPLED_ITERATIONS)
			tries = 1;
	return tries;
}

/* The iteration cap of the `tries`-th run that samples loop iterations (0:
 * none yet). */
static int sampled_iterations(int tries)
{
	return tries == 0 ? 0 : tries == 1 ? SAMPLED_ITERATIONS : SAMPLED_ITERATIONS_LAST;
}

/* Where a repair run must stop: at the time limit, but at least half the
 * limit from now (the first run may have overshot its share, and a repair
 * starts with no block classes cached), and never past twice the limit
 * from the start. 0: no time limit. */
static double repair_deadline(const warpest_config *config, double start, double now)
{
	if (config->time_limit_ms <= 0)
		return 0;
	double limit = config->time_limit_ms / 1000, until = start + limit;
	if (until < now + limit / 2)
		until = now + limit / 2;
	return until < start + 2 * limit ? until : start + 2 * limit;
}

/* The block visits a sample may make when the first run ran out of time:
 * half the time left at what a visit cost in the first run (the other
 * half for the probes, the sorting of footprints and the models after). */
static double visits_in_time(int64_t visits, double spent, double left)
{
	if (visits <= 0 || spent <= 0 || left <= 0)
		return 1; /* the smallest sample */
	return 0.5 * left / (spent / (double)visits);
}

/* `last_resort`: when the time limit stops a block sample, take the
 * smallest sample under LAST_RESORT_WORK instead of the clock (the estimate
 * asked for; rankings and the neighbour search try the smallest sample
 * under the clock and give up instead). */
static warpest_estimate *estimate_one(warpest_ctx *ctx, const warpest_kernel *kernel,
	const warpest_hw *hw, const warpest_config *config, int last_resort)
{
	warpest_estimate *e = calloc(1, sizeof(*e));
	if (!e) {
		ctx_error(ctx, "out of memory");
		return NULL;
	}
	/* a time limit: the first run may take all of it, a repair half of it
	 * more (repair_deadline) */
	double start = clock_seconds(), first_end = 0;
	if (config->time_limit_ms > 0)
		first_end = start + config->time_limit_ms / 1000;
	e->started = start;
	e->kernel = kernel;
	e->hw = hw;
	e->config = *config;
	if (launch_bind(ctx, kernel, hw, config, &e->launch)) {
		warpest_estimate_free(e);
		return NULL;
	}
	launch *l = &e->launch;
	snprintf(e->variant, sizeof(e->variant), "%s", l->variant ? l->variant : "");
	e->config.variant = e->variant[0] ? e->variant : NULL;
	e->config.n_params = 0; /* names were the caller's; the report lists the bound values */
	for (int d = 0; d < 3; d++)
		e->config.grid[d] = l->grid[d];
	e->access = calloc((size_t)l->n_accesses + 1, sizeof(access_stats));
	/* WARPEST_ENUMERATE_LANES: the reference path, every lane of every block
	 * class evaluated; the tests compare the shortcuts with it */
	int reference = getenv("WARPEST_ENUMERATE_LANES") != NULL;
	if (reference)
		launch_use_reference_path(l);
	int use_boxes = !reference; /* for the groups boxes apply to (wave_boxes_groups) */
	block_evaluator *ev = e->access ? block_evaluator_alloc(l, use_boxes, !reference) : NULL;
	if (!ev) {
		ctx_error(ctx, "out of memory");
		warpest_estimate_free(e);
		return NULL;
	}
	block_evaluator_set_work_limit(ev, config->work_limit);
	block_evaluator_set_deadline(ev, first_end);
	double bound = clock_seconds(); /* the first run's own time starts here */
	int rc = memory_model_run(ctx, l, ev, e->access, &e->mem, &e->scale, &e->assumptions,
		config->work_limit, 0);
	e->work = block_evaluator_work(ev);
	/* Repairs, in whichever order the failures come (so at most three
	 * runs, and three times the work limit, without a time limit; five
	 * with one):
	 * - past the limit with every block evaluated (block classes too many
	 *   or too dear, or a projection that fell short): once more at a block
	 *   sample sized to the limit (docs/model.md §1); only a sample that
	 *   does not fit either (one block past a quarter of the limit) leaves
	 *   the launch without an estimate;
	 * - past its share of the time limit (the first run all of it): once
	 *   more at a block sample sized to what a block visit cost in that run
	 *   and the time left (also after a sample chosen for the work limit),
	 *   and if that is stopped too, at the smallest sample (2 blocks a
	 *   wave); each repair may run to the limit, and at least half of it,
	 *   but never past twice the limit in all; a spread run after such a
	 *   sample keeps its cap; for the estimate asked for, a stopped sample
	 *   is followed by the last resort instead of the timed smallest one:
	 *   the smallest sample with no deadline, under LAST_RESORT_WORK lane
	 *   evaluations, so that the outcome no longer depends on the clock;
	 * - an idle wave standing for others: guards idle whole stretches of
	 *   waves that the classes lump with busy ones (a grid larger than the
	 *   domain): once more with waves spread evenly over the launch, each
	 *   on its own; only if those are all idle too is there no prediction. */
	int sampled_too = e->mem.sample_runs > 0, spread = 0, spread_evenly = 0, timed_samples = 0;
	int by_work = 0; /* the last resort was taken */
	int iterations = 0; /* loop iterations sampled too */
	double cap = 0; /* the time limit's cap on sample visits, once there is one */
	int64_t last_work = config->work_limit > 0 && config->work_limit < LAST_RESORT_WORK ?
		config->work_limit : LAST_RESORT_WORK;
	while (rc && ev) {
		int over = block_evaluator_over_limit(ev), timed = block_evaluator_timed_out(ev);
		double now = clock_seconds(), until = repair_deadline(config, start, now);
		if (e->mem.idle_subset && !spread && !over) {
			bound = now;
			int busy = launch_busy_waves(l, SPREAD_WAVES);
			spread_evenly = busy == 1;
			if (busy == 1)
				busy = launch_spread_waves(l, SPREAD_WAVES);
			rc = busy ? ctx_error(ctx, "out of memory") :
				memory_model_again(ctx, e, &ev, use_boxes, reference, sampled_too, cap,
					by_work || iterations ? last_work : config->work_limit, by_work || iterations ? 0 : until,
					sampled_iterations(iterations));
			spread = 1;
		} else if (over && timed && timed_samples < (last_resort ? 1 : 2)) {
			/* the second: the smallest sample */
			cap = timed_samples ? 1 :
				visits_in_time(block_evaluator_visits(ev), now - bound, until - now);
			bound = now;
			rc = memory_model_again(ctx, e, &ev, use_boxes, reference, 1, cap,
				config->work_limit, until, 0);
			sampled_too = 1;
			timed_samples++;
		} else if (over && last_resort && !by_work &&
			   (timed || (sampled_too && config->time_limit_ms > 0))) {
			/* long loops, or loops whose bounds are not constant, are the
			 * usual reason a block does not fit: the last resort samples
			 * their iterations at once (one run, not three, inside a
			 * compile). Also where a block sample passed the work limit
			 * before the clock (a loop that cannot fit fails before it is
			 * walked): under a time limit, iterations are sampled here. */
			bound = now;
			cap = 1;
			by_work = 1;
			if (!reference)
				iterations = last_resort_iterations(l);
			rc = memory_model_again(ctx, e, &ev, use_boxes, reference, 1, cap, last_work, 0,
				sampled_iterations(iterations));
		} else if (over && !timed && !sampled_too && config->work_limit > 0) {
			bound = now;
			rc = memory_model_again(ctx, e, &ev, use_boxes, reference, 1, 0, config->work_limit,
				until, 0);
			sampled_too = 1;
		} else if (over && !timed && sampled_too && iterations < 2 && !reference &&
			   (by_work || !last_resort || config->time_limit_ms <= 0)) {
			/* the smallest block sample does not fit the work limit (long
			 * loops in every block): sample the loops' iterations too, at the
			 * smallest block sample and with no clock */
			bound = now;
			cap = 1;
			iterations++;
			rc = memory_model_again(ctx, e, &ev, use_boxes, reference, 1, cap,
				by_work ? last_work : config->work_limit, 0, sampled_iterations(iterations));
		} else
			break;
	}
	if (!rc && spread && spread_evenly)
		assumption_add(&e->assumptions, "a wave class was idle (guards idle whole stretches of "
			"the grid, which wave classes lump with busy ones): waves spread evenly over the "
			"launch evaluated instead");
	else if (!rc && spread)
		assumption_add(&e->assumptions, "a wave class was idle (guards idle whole stretches of "
			"the grid, which wave classes lump with busy ones): %d waves drawn from the %lld "
			"whose blocks may run an access (by the accesses' guards) evaluated instead, the "
			"idle ones as one", SPREAD_WAVES, (long long)l->wave_plan.busy_waves);
	if (!rc && iterations && ev && block_evaluator_iterations_sampled(ev))
		assumption_add(&e->assumptions, "%s %lld lane evaluations: loops longer than %d "
			"iterations sampled too, each lane walking about %d of a loop's iterations, the middle "
			"one of each run of ceil(trips / %d), which stands for its run (instruction counts "
			"exact; L1 costs from the walked iterations, and the bytes of the others from the "
			"addresses' and guards' slopes; docs/model.md §1)", by_work ? "the last resort, "
			"to stay under" : "the smallest block sample did not fit",
			(long long)(by_work ? last_work : config->work_limit), sampled_iterations(iterations),
			sampled_iterations(iterations), sampled_iterations(iterations));
	if (!rc && by_work)
		assumption_add(&e->assumptions, "a block sample did not fit the time limit (%g ms): "
			"the smallest sample taken with no clock instead, under %lld lane evaluations "
			"(the last resort)", config->time_limit_ms, (long long)last_work);
	else if (!rc && timed_samples)
		assumption_add(&e->assumptions, "evaluating every block did not fit the time limit "
			"(%g ms): blocks sampled instead, so the figures depend on this machine's "
			"speed", config->time_limit_ms);
	if (!ev) {
		warpest_estimate_free(e);
		return NULL;
	}
	if (rc && block_evaluator_over_limit(ev) && ctx)
		ctx->over_limit = 1;
	if (rc && by_work && block_evaluator_over_limit(ev))
		ctx_error(ctx, "kernel '%s': the estimate was stopped at its time limit (%g ms), even on "
			"a sample of blocks, and the smallest sample does not fit %lld lane evaluations "
			"either (the last resort); give smaller parameter values or a longer limit",
			kernel->name, config->time_limit_ms, (long long)last_work);
	else if (rc && block_evaluator_timed_out(ev))
		ctx_error(ctx, "kernel '%s': the estimate was stopped at its time limit (%g ms)%s; "
			"give smaller parameter values or a longer limit", kernel->name,
			config->time_limit_ms, timed_samples ? ", even on a sample of blocks" : "");
	else if (rc && block_evaluator_over_limit(ev))
		ctx_error(ctx, "kernel '%s': the estimate was stopped after %lld lane evaluations (the "
			"work limit): loops with many iterations, or addresses, guards or loops that are "
			"not affine in the block index, so that blocks are evaluated one by one%s; give "
			"smaller parameter values or a larger limit (--work-limit N, 0: none)",
			kernel->name, (long long)config->work_limit, sampled_too ? ", and even a sample of "
			"a few blocks per wave does not fit" : "");
	block_evaluator_free(ev);
	if (rc) {
		warpest_estimate_free(e);
		return NULL;
	}
	assumed_accesses_add(l, e->access, &e->mem, &e->assumptions);
	const memory_result *m = &e->mem;
	warpest_summary *s = &e->summary;
	s->struct_size = sizeof(*s);
	double sector = hw->sector_bytes.value;
	s->blocks_per_sm = l->blocks_per_sm;
	s->waves_blocks = l->wave_blocks;
	s->waves = l->waves;
	s->active_threads = (int64_t)llround((double)m->wave_active_threads * e->scale);
	double cycles = 0;
	for (int i = 0; i < l->n_accesses; i++) {
		const access_stats *a = &e->access[i];
		if (l->accesses[i].field->space == km_space_constant)
			continue; /* the constant cache, not L1: in the issue count (compute_model.c) */
		cycles += a->cycles;
		s->l1_data_wavefronts += a->data_wavefronts * e->scale;
		if (l->accesses[i].field->space == km_space_global && l->accesses[i].src->kind == km_load)
			s->l1_tag_wavefronts += a->tag_wavefronts * e->scale;
	}
	cycles *= e->scale;
	s->l2_load_bytes = (m->wave_unique_load_sectors + m->wave_l1_capacity_miss_sectors) *
		sector * e->scale;
	s->l2_store_bytes = m->wave_store_sectors * sector * e->scale;
	/* register spills (docs/model.md "Register spills"): local traffic in
	 * the data stage, taken to hit L1 */
	double threads = (double)s->active_threads;
	if (spill_model_applies(l))
		spill_model_run(l, compute_dynamic_op_factor(l, e->access, e->scale, threads), threads,
			m->wave_blocks, &e->spill);
	if (e->spill.present) {
		s->l1_data_wavefronts += e->spill.wavefronts;
		cycles += e->spill.l1_cycles;
		assumption_add(&e->assumptions, "register spills (%s): ptxas's static bytes spread "
			"over the thread's dynamic operations like the other instructions (x%.4g), in "
			"4-byte spill instructions", e->spill.source, e->spill.op_factor);
		if (e->spill.stack_frame_bytes < 0)
			assumption_add(&e->assumptions, "spills without a stack frame size: spill "
				"accesses taken to hit L1 (give --stack-frame)");
	}
	cycles += l1_fill_wavefronts(hw, s->l2_load_bytes); /* fills from L2 use the data stage */
	s->l1_cycles_per_thread = s->active_threads ? cycles / (double)s->active_threads : 0;
	s->dram_load_bytes = m->wave_dram_load_bytes * e->scale;
	s->dram_store_bytes = m->wave_store_bytes * e->scale;
	compute_model_run(l, e->access, e->scale, threads, &e->spill, &e->compute);
	/* blocks that fail every access's guard retire at once and the block
	 * scheduler fills their slots with busy ones: residency and the work
	 * per warp are the busy blocks' (docs/model.md §8) */
	if (launch_busy_blocks(l)) {
		ctx_error(ctx, "out of memory");
		warpest_estimate_free(e);
		return NULL;
	}
	if (l->busy_blocks < l->n_blocks)
		assumption_add(&e->assumptions, "%lld of %lld blocks may run an access (by the "
			"accesses' guards); the others retire at once, so the busy ones fill the SMs "
			"(resident warps and work per warp are theirs, docs/model.md §8)",
			(long long)l->busy_blocks, (long long)l->n_blocks);
	atomic_model_run(l, e->access, e->scale, &e->atomic, &e->assumptions);
	s->flops = e->compute.flops;
	/* memory levels at their achievable rates for the resident warps, then
	 * the overlap model (docs/model.md §8) */
	latency_inputs lin = { { cycles, s->l2_load_bytes + s->l2_store_bytes,
		s->dram_load_bytes + s->dram_store_bytes },
		m->wave_requested_load_sectors * sector * e->scale,
		s->l2_load_bytes, s->dram_load_bytes, e->access, e->scale };
	latency_result *lat = &e->latency;
	latency_model_run(l, &lin, lat, &e->assumptions);
	s->limiter_seconds[warpest_limiter_l1] = lat->seconds[latency_l1];
	s->limiter_seconds[warpest_limiter_l2] = lat->seconds[latency_l2];
	s->limiter_seconds[warpest_limiter_dram] = lat->seconds[latency_dram];
	s->limiter_seconds[warpest_limiter_compute] = e->compute.seconds;
	s->limiter_seconds[warpest_limiter_shared_atomic] = e->atomic.seconds;
	e->overlap = lat->applied ? overlap_factor(lat->resident_warps, lat->saturation_warps,
		hw->max_warps_per_sm.value) : 1;
	s->predicted_seconds = overlap_combine(s->limiter_seconds, lat, e->overlap, &s->bottleneck);
	/* one resident block: its barrier phases one after another */
	barrier_inputs bin = { e->access, e->scale, threads, &e->spill, cycles, s->l2_load_bytes,
		s->l2_store_bytes, s->dram_load_bytes, s->dram_store_bytes, {0}, lat, e->overlap };
	memcpy(bin.limiter_seconds, s->limiter_seconds, sizeof(bin.limiter_seconds));
	s->predicted_seconds = barrier_phases_apply(l, &bin, s->predicted_seconds, &e->barriers,
		&e->assumptions);
	for (int i = 0; i < warpest_n_limiters; i++)
		e->limiter_utilisation[i] = s->predicted_seconds > 0 ?
			s->limiter_seconds[i] / s->predicted_seconds : 0;
	if (e->atomic.present)
		e->atomic.utilisation = s->predicted_seconds > 0 ?
			e->atomic.seconds / s->predicted_seconds : 0;
	/* inputs are bounded, so this is a last line: never report inf or NaN */
	for (int i = 0; i < warpest_n_limiters; i++)
		if (!isfinite(s->limiter_seconds[i])) {
			ctx_error(ctx, "kernel '%s': the %s limiter's time is not finite (%g s)",
				kernel->name, warpest_limiter_name((warpest_limiter)i), s->limiter_seconds[i]);
			warpest_estimate_free(e);
			return NULL;
		}
	if (fold_rows(ctx, e)) {
		warpest_estimate_free(e);
		return NULL;
	}
	collect_assumptions(e);
	return e;
}

/* Block shapes one factor-two step away, and the other variants. */
/* `caller` is the configuration as given (its parameter overrides are still
 * valid here), so neighbours keep the caller's parameter values. */
static void find_neighbours(warpest_estimate *e, const warpest_config *caller)
{
	const launch *l = &e->launch;
	warpest_config c = *caller;
	c.variant = e->config.variant;
	int moves[6][2] = {{0, 1}, {1, 0}, {0, 2}, {2, 0}, {1, 2}, {2, 1}};
	int n_candidates = 0;
	warpest_config candidates[6 + 16];
	for (int i = 0; i < 6; i++) {
		int from = moves[i][0], to = moves[i][1];
		if (l->block[from] < 2)
			continue;
		warpest_config n = c;
		n.block[from] /= 2;
		n.block[to] *= 2;
		n.grid[0] = n.grid[1] = n.grid[2] = 0;
		candidates[n_candidates++] = n;
	}
	for (int v = 0; v < e->kernel->n_variants && n_candidates < 22; v++) {
		if (strcmp(e->kernel->variants[v].name, e->variant) == 0)
			continue;
		warpest_config n = c;
		n.variant = e->kernel->variants[v].name;
		n.grid[0] = n.grid[1] = n.grid[2] = 0;
		candidates[n_candidates++] = n;
	}
	/* the neighbours share one more work limit: the search stops, and says
	 * so, when it is spent */
	int64_t budget = caller->work_limit;
	int evaluated = 0, stopped = 0, timed = 0;
	for (int i = 0; i < n_candidates && !stopped; i++) {
		warpest_ctx quiet = {{0}, 0};
		if (caller->work_limit > 0 && budget <= 0) {
			stopped = 1;
			break;
		}
		if (caller->work_limit > 0)
			candidates[i].work_limit = budget;
		/* and the time left of the estimate's own limit */
		if (caller->time_limit_ms > 0) {
			double left = caller->time_limit_ms - 1000 * (clock_seconds() - e->started);
			if (left <= 0) {
				stopped = timed = 1;
				break;
			}
			candidates[i].time_limit_ms = left;
		}
		warpest_estimate *n = estimate_one(&quiet, e->kernel, e->hw, &candidates[i], 0);
		stopped = !n && quiet.over_limit;
		timed = stopped && caller->time_limit_ms > 0 &&
			1000 * (clock_seconds() - e->started) >= caller->time_limit_ms;
		evaluated += !stopped;
		if (!n)
			continue;
		budget -= n->work;
		double t0 = e->summary.predicted_seconds, t1 = n->summary.predicted_seconds;
		if (t1 < t0 * 0.99 && e->n_neighbours < 8) {
			int j = e->n_neighbours++;
			memcpy(e->neighbours[j].block, n->launch.block, sizeof(int) * 3);
			snprintf(e->neighbours[j].variant, sizeof(e->neighbours[j].variant), "%s", n->variant);
			e->neighbours[j].seconds = t1;
			e->neighbours[j].gain = t0 / t1 - 1;
			e->neighbours[j].bottleneck = n->summary.bottleneck;
		}
		warpest_estimate_free(n);
	}
	if (stopped)
		assumption_add(&e->assumptions, "the search for better neighbouring configurations "
			"stopped at the %s limit (%d of %d evaluated)", timed ? "time" : "work", evaluated,
			n_candidates);
	/* best first */
	for (int i = 1; i < e->n_neighbours; i++)
		for (int j = i; j > 0 && e->neighbours[j].seconds < e->neighbours[j - 1].seconds; j--) {
			__typeof__(e->neighbours[0]) t = e->neighbours[j];
			e->neighbours[j] = e->neighbours[j - 1];
			e->neighbours[j - 1] = t;
		}
}

warpest_estimate *warpest_estimate_compute(warpest_ctx *ctx, const warpest_kernel *kernel,
	const warpest_hw *hw, const warpest_config *config)
{
	if (!kernel || !hw || !config) {
		ctx_error(ctx, "warpest_estimate_compute: kernel, hardware table and configuration are required");
		return NULL;
	}
	ctx_clear(ctx);
	warpest_config full;
	if (config_normalise(ctx, config, &full))
		return NULL;
	warpest_estimate *e = estimate_one(ctx, kernel, hw, &full, 1);
	if (e && !full.skip_neighbours)
		find_neighbours(e, &full);
	if (e)
		e->neighbours_searched = !full.skip_neighbours;
	return e;
}

warpest_status warpest_estimate_search_neighbours(warpest_ctx *ctx, warpest_estimate *estimate,
	const warpest_config *config)
{
	if (!estimate || !config)
		return ctx_error(ctx, "warpest_estimate_search_neighbours: an estimate and its configuration "
			"are required");
	ctx_clear(ctx);
	if (estimate->neighbours_searched)
		return ctx_error(ctx, "kernel '%s': the neighbouring configurations were searched already",
			estimate->kernel->name);
	warpest_config full;
	if (config_normalise(ctx, config, &full))
		return warpest_error_input;
	find_neighbours(estimate, &full);
	estimate->neighbours_searched = 1;
	return warpest_ok;
}

/* Used by rank: no neighbour search, and no last resort (a shape the time
 * limit stops ranks last, with its reason, at no more cost). */
warpest_estimate *estimate_compute_plain(warpest_ctx *ctx, const warpest_kernel *kernel,
	const warpest_hw *hw, const warpest_config *config);
warpest_estimate *estimate_compute_plain(warpest_ctx *ctx, const warpest_kernel *kernel,
	const warpest_hw *hw, const warpest_config *config)
{
	return estimate_one(ctx, kernel, hw, config, 0);
}
