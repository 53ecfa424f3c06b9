/* The instruction-mix compute limit (SPEC §5.6, paper 002): per-thread
 * operation counts over the throughput of the pipe that executes them, and
 * an issue limit of one warp-instruction per scheduler per cycle. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "limiters/compute_model.h"

/* once_loops holds a bit per loop */
_Static_assert(EXPR_MAX_LOOPS <= 32, "a loop mask needs a bit per loop");


static double loop_trips(const launch *l, const km_ops *ops)
{
	double trips = 1;
	for (int i = 0; i < ops->n_loops; i++) {
		const bound_loop *bl = &l->loops[ops->loops[i]];
		trips *= loop_modelled_constant(bl) ? (double)bl->trips : 1.0;
	}
	return trips;
}

/* The entry's loops whose bounds vary (by thread, block or an outer loop),
 * as a mask of loop indices; 0 when every trip count is a constant. */
static uint32_t varying_loops(const launch *l, const km_ops *ops)
{
	uint32_t mask = 0;
	for (int i = 0; i < ops->n_loops; i++)
		if (!loop_modelled_constant(&l->loops[ops->loops[i]]))
			mask |= 1u << ops->loops[i];
	return mask;
}

/* How many times an access ran, as the entry counts it: active lanes, or
 * in a loop whose trip count varies by lane, 32 lane slots per
 * warp-instruction (a warp issues an iteration when any of its lanes runs
 * it, so its count is its lanes' largest, docs/model.md §6). */
static double access_runs(const access_stats *a, double scale, int warp_slots)
{
	return (warp_slots ? 32.0 * a->instructions : a->lanes) * scale;
}

/* The most-executed access whose loops are the entry's followed by
 * constant loops only, over those loops' trip product: how often the
 * entry's body ran by that access's count. -1: no such access. */
static double inner_access_runs(const launch *l, const km_ops *ops, const access_stats *access,
	double scale, int warp_slots)
{
	double most = -1;
	for (int i = 0; i < l->n_accesses; i++) {
		const km_access *a = l->accesses[i].src;
		if (a->n_loops <= ops->n_loops || a->copy_key != ops->copy_key ||
		    memcmp(a->loops, ops->loops, sizeof(int) * (size_t)ops->n_loops) != 0)
			continue;
		double inner = 1;
		for (int j = ops->n_loops; j < a->n_loops && inner > 0; j++) {
			const bound_loop *bl = &l->loops[a->loops[j]];
			inner = loop_modelled_constant(bl) && bl->trips > 0 ? inner * (double)bl->trips : 0;
		}
		if (inner <= 0)
			continue;
		double runs = access_runs(&access[i], scale, warp_slots) / inner;
		if (runs > most)
			most = runs;
	}
	return most;
}

/* How many times an entry's operations run in the launch: as often as the
 * access it runs with (same loops and guard), else as the most-executed
 * access in exactly the same loops, whose count follows guards, early
 * exits and thread-dependent trip counts lane by lane (a tiled kernel
 * whose surplus threads only test their bounds), or in a loop with varying
 * bounds, by an access in constant loops inside it (inner_access_runs).
 * With neither, every active thread runs every iteration of constant-trip
 * loops and one of any other loop: those loops are added to *once (NULL:
 * not wanted).
 * `warp_slots`: entries in loops with varying bounds are counted per warp
 * (access_runs). */
static double entry_executions(const launch *l, const km_ops *ops, const access_stats *access,
	double scale, double threads, int warp_slots, uint32_t *once)
{
	uint32_t varying = varying_loops(l, ops);
	int slots = warp_slots && varying;
	if (ops->runs_with >= 0 && ops->runs_with < l->n_accesses)
		return access_runs(&access[ops->runs_with], scale, slots);
	double most = -1;
	for (int i = 0; i < l->n_accesses; i++) {
		const km_access *a = l->accesses[i].src;
		if (a->n_loops != ops->n_loops || a->copy_key != ops->copy_key ||
		    memcmp(a->loops, ops->loops, sizeof(int) * (size_t)ops->n_loops) != 0)
			continue;
		double runs = access_runs(&access[i], scale, slots);
		if (runs > most)
			most = runs;
	}
	if (most >= 0)
		return most;
	/* a loop's own operations with its accesses in constant loops inside it
	 * (a grid-stride loop over pixels around a loop over channels): that
	 * count over the inner trips (Chosen: exact when such an access runs
	 * in every inner iteration) */
	if (varying) {
		most = inner_access_runs(l, ops, access, scale, slots);
		if (most >= 0)
			return most;
	}
	if (once)
		*once |= varying;
	return loop_trips(l, ops) * threads;
}

double compute_dynamic_op_factor(const launch *l, const access_stats *access, double scale,
	double active_threads)
{
	double dynamic = 0, stat = 0;
	for (int i = 0; i < l->kernel->n_ops; i++) {
		const km_ops *ops = &l->kernel->ops[i];
		/* a thread's own count: lanes, not warp slots */
		double runs = entry_executions(l, ops, access, scale, active_threads, 0, NULL);
		for (int op = 0; op < km_n_ops; op++) {
			stat += ops->count[op];
			dynamic += ops->count[op] * runs;
		}
	}
	/* no operations to spread over: the static figure as it is */
	if (stat <= 0 || active_threads <= 0)
		return 1;
	return dynamic / active_threads / stat;
}

/* Operation counts (into c->ops), LSU lanes and memory warp-instructions
 * of the whole launch (phase < 0) or of one barrier phase. */
static void count_work(const launch *l, const access_stats *access, double scale,
	double active_threads, int phase, compute_result *c, double *lanes_mem, double *warp_mem)
{
	for (int i = 0; i < l->kernel->n_ops; i++) {
		const km_ops *ops = &l->kernel->ops[i];
		if (phase >= 0 && ops->phase != phase)
			continue;
		double runs = entry_executions(l, ops, access, scale, active_threads, 1,
			&c->once_loops);
		for (int op = 0; op < km_n_ops; op++)
			c->ops[op] += ops->count[op] * runs;
	}
	*lanes_mem = 0, *warp_mem = 0;
	for (int i = 0; i < l->n_accesses; i++) {
		if (phase >= 0 && l->accesses[i].src->phase != phase)
			continue;
		if (l->accesses[i].field->space == km_space_constant) {
			/* the constant cache, not the LSU: a load at a literal address is an
			 * operand of its user (no instruction); any other issues once per
			 * distinct address of the warp (its passes) */
			if (!l->accesses[i].src->operand)
				*warp_mem += access[i].data_wavefronts * scale;
			continue;
		}
		*lanes_mem += access[i].lanes * scale;
		*warp_mem += access[i].instructions * scale;
	}
}

static double fp64_ops(const compute_result *c)
{
	return c->ops[km_op_fp64_add] + c->ops[km_op_fp64_mul] + c->ops[km_op_fp64_fma];
}

static double fp32_ops(const compute_result *c)
{
	return c->ops[km_op_fp32_add] + c->ops[km_op_fp32_mul] + c->ops[km_op_fp32_fma];
}

/* Warp-instructions the model itself counts: operations per lane over 32,
 * plus the memory instructions. */
static double model_warp_instructions(const compute_result *c, double warp_mem)
{
	double thread_ops = fp64_ops(c) + fp32_ops(c) + c->ops[km_op_int] + c->ops[km_op_int_mad] +
		c->ops[km_op_sfu] + c->ops[km_op_other] + c->ops[km_op_fp64_convert];
	return thread_ops / 32.0 + warp_mem;
}

/* The pipes' and the issue limit's times from the counts; `binary`: the
 * compiler's warp-instructions (0: none). */
static void pipe_times(const warpest_hw *hw, compute_result *c, double lanes_mem, double warp_mem,
	double binary)
{
	double cycles_total = hw->sm_count.value * hw->clock_mhz.value * 1e6; /* SM-cycles per second */
	double fp64 = fp64_ops(c), fp32 = fp32_ops(c);
	struct { const char *name; double seconds; } pipes[] = {
		/* conversions to and from double run in the FP64 unit (docs/model.md §6) */
		{"fp64", (fp64 + c->ops[km_op_fp64_convert]) / (hw->fp64_per_cycle.value * cycles_total)},
		{"fp32", fp32 / (hw->fp32_per_cycle.value * cycles_total)},
		{"int", c->ops[km_op_int] / (hw->int_add_per_cycle.value * cycles_total) +
			c->ops[km_op_int_mad] / (hw->int_mad_per_cycle.value * cycles_total)},
		{"sfu", c->ops[km_op_sfu] / (hw->sfu_per_cycle.value * cycles_total)},
		{"ldst", lanes_mem / (hw->ldst_per_cycle.value * cycles_total)},
	};
	c->seconds = 0;
	snprintf(c->dominant, sizeof(c->dominant), "none");
	for (unsigned i = 0; i < sizeof(pipes) / sizeof(pipes[0]); i++)
		if (pipes[i].seconds > c->seconds) {
			c->seconds = pipes[i].seconds;
			snprintf(c->dominant, sizeof(c->dominant), "%s", pipes[i].name);
		}
	double warp_instructions = model_warp_instructions(c, warp_mem);
	/* the compiler's own count, where the configuration gives one (a
	 * loop-free kernel's SASS), when it is the larger: every thread that
	 * runs runs all of it, and a static count understates a binary that
	 * kept a loop the model's IR unrolled */
	c->from_binary = binary > warp_instructions;
	if (c->from_binary)
		warp_instructions = binary;
	c->warp_instructions = warp_instructions;
	c->issue_seconds = warp_instructions / (SCHEDULERS_PER_SM * cycles_total);
	if (c->issue_seconds > c->seconds) {
		c->seconds = c->issue_seconds;
		snprintf(c->dominant, sizeof(c->dominant), "issue");
	}
	c->flops = 2 * (c->ops[km_op_fp64_fma] + c->ops[km_op_fp32_fma]) + c->ops[km_op_fp64_add] +
		c->ops[km_op_fp64_mul] + c->ops[km_op_fp32_add] + c->ops[km_op_fp32_mul];
	double fma = fp64 >= fp32 ? c->ops[km_op_fp64_fma] : c->ops[km_op_fp32_fma];
	double all = fp64 >= fp32 ? fp64 : fp32;
	c->fma_share = all > 0 ? fma / all : 0;
}

void compute_model_run(const launch *l, const access_stats *access, double scale,
	double active_threads, const spill_result *spill, compute_result *c)
{
	double lanes_mem, warp_mem;
	count_work(l, access, scale, active_threads, -1, c, &lanes_mem, &warp_mem);
	if (spill && spill->present) {
		lanes_mem += spill->lsu_lanes;
		warp_mem += spill->warp_instructions;
	}
	pipe_times(l->hw, c, lanes_mem, warp_mem, l->thread_instructions * active_threads / 32.0);
}

double compute_phase_seconds(const launch *l, const access_stats *access, double scale,
	double active_threads, const spill_result *spill, int phase)
{
	compute_result all = {0}, part = {0};
	double lanes_all, warp_all, lanes, warp;
	count_work(l, access, scale, active_threads, -1, &all, &lanes_all, &warp_all);
	count_work(l, access, scale, active_threads, phase, &part, &lanes, &warp);
	/* spills and the compiler's count belong to no phase: shared out as the
	 * phase's share of the model's own warp-instructions */
	double total = model_warp_instructions(&all, warp_all);
	double share = total > 0 ? model_warp_instructions(&part, warp) / total : 0;
	if (spill && spill->present) {
		lanes += spill->lsu_lanes * share;
		warp += spill->warp_instructions * share;
	}
	pipe_times(l->hw, &part, lanes, warp, l->thread_instructions * active_threads / 32.0 * share);
	return part.seconds;
}
