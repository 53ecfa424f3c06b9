/* Barrier phases (docs/model.md §8): each phase's share of every limiter,
 * combined within the phase as the launch is, summed over the phases. */
#include "limiters/barrier_phases.h"

#include <math.h>
#include <stdlib.h>

#include "limiters/compute_model.h"
#include "limiters/overlap.h"

static int model_phases(const warpest_kernel *k)
{
	int last = 0;
	for (int i = 0; i < k->n_accesses; i++)
		last = k->accesses[i].phase > last ? k->accesses[i].phase : last;
	for (int i = 0; i < k->n_ops; i++)
		last = k->ops[i].phase > last ? k->ops[i].phase : last;
	return last + 1;
}

/* An access's share keys: the sectors global loads (atomics included) and
 * global stores request, L1 data-pipe cycles, shared atomics issued. */
typedef struct phase_work {
	double load_sectors, store_sectors, cycles, shared_atomics;
} phase_work;

static void add_work(const launch *l, const barrier_inputs *in, int i, phase_work *w)
{
	const bound_access *b = &l->accesses[i];
	const access_stats *a = &in->access[i];
	if (b->field->space == km_space_constant)
		return; /* the constant cache: in the compute part */
	w->cycles += a->cycles * in->scale;
	if (b->field->space == km_space_global) {
		if (b->src->kind == km_store)
			w->store_sectors += a->sectors * in->scale;
		else
			w->load_sectors += a->sectors * in->scale;
	} else if (b->field->space == km_space_shared && b->src->kind != km_load && b->src->kind != km_store) {
		w->shared_atomics += a->instructions * in->scale;
	}
}

static double share(double part, double all)
{
	return all > 0 ? part / all : 0;
}

double barrier_phases_apply(const launch *l, const barrier_inputs *in, double overlapped,
	barrier_result *r, assumption_list *assumptions)
{
	r->phases = model_phases(l->kernel);
	double sms = l->hw->sm_count.value;
	r->resident_blocks = fmin((double)l->blocks_per_sm, sms > 0 ? (double)l->busy_blocks / sms : 0);
	r->weight = r->phases > 1 && r->resident_blocks < 2 ? fmin(1, 2 - r->resident_blocks) : 0;
	r->serial_seconds = overlapped;
	if (r->weight <= 0)
		return overlapped;
	phase_work *w = calloc((size_t)r->phases + 1, sizeof(phase_work));
	if (!w) {
		r->weight = 0; /* out of memory: the phases overlap, as without barriers */
		return overlapped;
	}
	phase_work all = {0};
	for (int i = 0; i < l->n_accesses; i++) {
		add_work(l, in, i, &w[l->accesses[i].src->phase]);
		add_work(l, in, i, &all);
	}
	const latency_result *lat = in->latency;
	const double *t = in->limiter_seconds;
	double serial = 0;
	for (int p = 0; p < r->phases; p++) {
		double ld = share(w[p].load_sectors, all.load_sectors);
		double st = share(w[p].store_sectors, all.store_sectors);
		/* fills (from L2) and spills are not any access's: with the loads */
		double l1 = share(w[p].cycles + (in->l1_cycles - all.cycles) * ld, in->l1_cycles);
		double l2 = share(ld * in->l2_load_bytes + st * in->l2_store_bytes,
			in->l2_load_bytes + in->l2_store_bytes);
		double dram = share(ld * in->dram_load_bytes + st * in->dram_store_bytes,
			in->dram_load_bytes + in->dram_store_bytes);
		double part[warpest_n_limiters];
		part[warpest_limiter_l1] = t[warpest_limiter_l1] * l1;
		part[warpest_limiter_l2] = t[warpest_limiter_l2] * l2;
		part[warpest_limiter_dram] = t[warpest_limiter_dram] * dram;
		part[warpest_limiter_compute] = compute_phase_seconds(l, in->access, in->scale,
			in->active_threads, in->spill, p);
		part[warpest_limiter_shared_atomic] = t[warpest_limiter_shared_atomic] *
			share(w[p].shared_atomics, all.shared_atomics);
		latency_result phase_lat = *lat;
		phase_lat.peak_seconds[latency_l1] *= l1;
		phase_lat.peak_seconds[latency_l2] *= l2;
		phase_lat.peak_seconds[latency_dram] *= dram;
		warpest_limiter unused;
		serial += overlap_combine(part, &phase_lat, in->phi, &unused);
	}
	free(w);
	r->serial_seconds = serial;
	if (serial <= overlapped)
		return overlapped;
	double t_new = overlapped + r->weight * (serial - overlapped);
	assumption_add(assumptions, "%d barrier phases and %.3g resident block(s) per SM: a block's "
		"phases run one after another, its limiters overlapping only within each (x%.4g of "
		"the overlapped time; docs/model.md §8)", r->phases, r->resident_blocks, t_new / overlapped);
	return t_new;
}
