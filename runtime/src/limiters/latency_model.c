/* The latency and occupancy term: each memory level's achievable rate from
 * Little's law (work in flight / time per round), with the latency growing
 * as the level fills, capped by the level's peak through a p-norm. The
 * formulas and their calibration are in docs/model.md §8. */
#include "limiters/latency_model.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

double latency_achievable_rate(const level_demand *d, double in_flight)
{
	if (in_flight <= 0 || d->peak_rate <= 0)
		return 0;
	/* B = N / (T0 + k L B / P): the positive root of a B^2 + T0 B - N = 0,
	 * written so that a -> 0 stays exact (B -> N / T0) */
	double t0 = d->latency_seconds + d->overhead_seconds;
	double a = LATENCY_QUEUE_FACTOR * d->latency_seconds / d->peak_rate;
	double bound = 2 * in_flight / (t0 + sqrt(t0 * t0 + 4 * a * in_flight));
	if (bound <= 0)
		return 0;
	/* smooth min of the two rates: (P^-p + B^-p)^(-1/p), scaled by P to stay
	 * in range */
	double excess = pow(d->peak_rate / bound, LATENCY_CAP_EXPONENT);
	/* a correction below 1e-9 is no physics, only rounding: the peak itself, so
	 * that saturated configurations tie exactly (the ranking's tie-breaks) */
	if (excess < 1e-9)
		return d->peak_rate;
	return d->peak_rate / pow(1 + excess, 1 / LATENCY_CAP_EXPONENT);
}

double latency_saturation_warps(const level_demand *d, double work_per_warp, double sm_count)
{
	if (work_per_warp <= 0 || sm_count <= 0)
		return 0;
	/* B = P when the in-flight work is P (T0 + k L) */
	double t = d->latency_seconds * (1 + LATENCY_QUEUE_FACTOR) + d->overhead_seconds;
	return d->peak_rate * t / (sm_count * work_per_warp);
}

static int global_load(const launch *l, int i)
{
	return l->accesses[i].field->space == km_space_global && l->accesses[i].src->kind != km_store;
}

static int same_nest(const km_access *a, const km_access *b)
{
	return a->n_loops == b->n_loops && !memcmp(a->loops, b->loops, sizeof(int) * (size_t)a->n_loops);
}

/* A warp's iterations of the loop nest of global load k, averaged over the
 * launch's warps, where some loop of the nest has varying bounds: the
 * most-executed load of the nest, counted by the memory model lane by lane
 * (a warp runs an iteration when any of its lanes does: its lanes'
 * largest trip count). -1: every loop of the nest is constant, or no counts. */
static double varying_nest_trips(const launch *l, const latency_inputs *in, int k,
	double warps_total)
{
	const km_access *o = l->accesses[k].src;
	int varying = 0;
	for (int j = 0; j < o->n_loops; j++)
		varying |= !loop_modelled_constant(&l->loops[o->loops[j]]);
	if (!varying || !in->access || warps_total <= 0)
		return -1;
	double most = 0;
	for (int m = 0; m < l->n_accesses; m++)
		if (global_load(l, m) && same_nest(l->accesses[m].src, o) &&
		    in->access[m].instructions * in->scale > most)
			most = in->access[m].instructions * in->scale;
	return most / warps_total;
}

/* Dependent load rounds per thread. Loads of one iteration are in flight
 * together unless the model puts them in different rounds (the pass: blocks
 * one after another on a path, a conditional branch between them), and
 * iterations are dependent (Chosen, docs/model.md §8): for the loads of each
 * loop nest, the trip product times their distinct rounds; the nests run one
 * after another, so their rounds add.
 * A nest with a loop whose bounds vary counts a warp's iterations averaged
 * over the warps (varying_nest_trips). */
static double load_rounds(const launch *l, const latency_inputs *in, double warps_total)
{
	int n = l->n_accesses;
	double rounds = 0, *distinct = calloc((size_t)n + 1, sizeof(double));
	if (!distinct)
		return 1; /* out of memory: rounds as if every load were in one */
	/* each (nest, round) counted once, at the first load of its nest */
	for (int k = 0; k < n; k++) {
		if (!global_load(l, k))
			continue;
		const km_access *o = l->accesses[k].src;
		int first = 1, nest = k;
		for (int m = 0; m < k; m++) {
			const km_access *p = l->accesses[m].src;
			if (!global_load(l, m) || !same_nest(p, o))
				continue;
			if (nest == k)
				nest = m;
			if (p->round == o->round) {
				first = 0;
				break;
			}
		}
		distinct[nest] += first;
	}
	for (int i = 0; i < n; i++) {
		if (!global_load(l, i) || distinct[i] <= 0)
			continue;
		const km_access *a = l->accesses[i].src;
		double trips = varying_nest_trips(l, in, i, warps_total);
		if (trips < 0) {
			trips = 1;
			for (int j = 0; j < a->n_loops; j++) {
				const bound_loop *bl = &l->loops[a->loops[j]];
				trips *= loop_modelled_constant(bl) && bl->trips > 0 ? (double)bl->trips : 1.0;
			}
		}
		rounds += trips * distinct[i];
	}
	free(distinct);
	return rounds > 1 ? rounds : 1;
}

/* The mean latency of a round: each level's latency weighted by the share of
 * the requested load bytes it serves (Chosen: the mean, not the slowest load
 * of the round). A kernel without loads waits on the deepest level it writes. */
static double round_latency(const hw_latency *lat, const latency_inputs *in)
{
	if (in->requested_load_bytes <= 0)
		return in->work[latency_dram] > 0 ? lat->dram : in->work[latency_l2] > 0 ? lat->l2 : lat->l1;
	double dram = fmin(1, in->dram_load_bytes / in->requested_load_bytes);
	double l2 = fmax(0, fmin(1 - dram, in->l2_load_bytes / in->requested_load_bytes - dram));
	return lat->l1 + l2 * (lat->l2 - lat->l1) + dram * (lat->dram - lat->l1);
}

void latency_model_run(const launch *l, const latency_inputs *in, latency_result *r,
	assumption_list *assumptions)
{
	const double *work = in->work;
	const warpest_hw *hw = l->hw;
	double sm_count = hw->sm_count.value, hz = hw->clock_mhz.value * 1e6;
	double peak[latency_n_levels] = { sm_count * hz, hw->l2_bandwidth.value,
		hw->dram_bandwidth.value };
	/* a measured DRAM curve over resident warps already holds the ramp */
	int dram_curve = hw->dram_bandwidth_curve.n > 0;
	if (dram_curve)
		peak[latency_dram] = hw_curve_eval(&hw->dram_bandwidth_curve, l->warps_per_sm);
	/* only the busy blocks' warps: idle blocks retire at once and leave
	 * their slots to busy ones */
	double warps_total = (double)l->busy_blocks * l->warps_per_block;
	r->applied = hw->latency.present;
	r->rounds = load_rounds(l, in, warps_total);
	r->round_latency_cycles = r->applied ? round_latency(&hw->latency, in) : 0;
	/* a warp's lifetime: its rounds one after another, and the overhead once */
	double lifetime_latency = r->rounds * r->round_latency_cycles / hz;
	r->resident_warps = fmin((double)l->warps_per_sm, warps_total / sm_count);
	r->saturation_warps = 0;
	if (!r->applied)
		assumption_add(assumptions, "hardware table '%s' has no measured latencies: memory "
			"levels at their peak bandwidth at any occupancy, limiters combined by the max "
			"(docs/hardware-table.md latency_cycles)", hw->id);
	int binding = -1;
	for (int i = 0; i < latency_n_levels; i++) {
		r->peak_seconds[i] = peak[i] > 0 ? work[i] / peak[i] : 0;
		r->rate[i] = peak[i];
		r->seconds[i] = r->peak_seconds[i];
		if (work[i] > 0 && (binding < 0 || r->peak_seconds[i] > r->peak_seconds[binding]))
			binding = i;
		if (!r->applied || work[i] <= 0 || warps_total <= 0 || (i == latency_dram && dram_curve))
			continue;
		level_demand d = { work[i], peak[i], lifetime_latency, LATENCY_OVERHEAD_CYCLES / hz };
		double per_warp = work[i] / warps_total;
		r->rate[i] = latency_achievable_rate(&d, sm_count * r->resident_warps * per_warp);
		r->seconds[i] = r->rate[i] > 0 ? work[i] / r->rate[i] : 0;
	}
	if (r->applied && binding >= 0 && warps_total > 0) {
		level_demand d = { work[binding], peak[binding], lifetime_latency,
			LATENCY_OVERHEAD_CYCLES / hz };
		r->saturation_warps = latency_saturation_warps(&d, work[binding] / warps_total, sm_count);
	}
}
