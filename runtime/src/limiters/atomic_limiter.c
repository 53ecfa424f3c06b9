/* The shared-memory atomic limiter (SPEC §5.5): turns the per-access counts
 * of the block evaluation into paper 001's N, n, e, c and asks the
 * single-server model (shared_atomic.c) for the busy time. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "limiters/atomic_limiter.h"
#include "limiters/shared_atomic.h"

void atomic_model_run(const launch *l, const access_stats *access, double scale,
	atomic_result *r, assumption_list *assumptions)
{
	const warpest_hw *hw = l->hw;
	satomic_access acc[64];
	int n = 0;
	char assumption[160] = "";
	for (int i = 0; i < l->n_accesses && n < 64; i++) {
		const bound_access *b = &l->accesses[i];
		const km_access *a = b->src;
		const access_stats *s = &access[i];
		if (b->field->space != km_space_shared || (a->kind != km_atomic && a->kind != km_cas) ||
		    s->instructions <= 0)
			continue;
		satomic_access *x = &acc[n++];
		memset(x, 0, sizeof(*x));
		x->warp_instructions = s->instructions * scale;
		x->active_lanes = s->lanes / s->instructions;
		if (a->kind == km_cas)
			x->cls = satomic_cas;
		else if (!a->uses_result && hw->cc_major >= 8)
			x->cls = satomic_unused;
		else
			x->cls = satomic_rmw;
		if (!a->analysable) {
			x->address.kind = satomic_address_data;
			const char *text = a->contention[0] ? a->contention : SATOMIC_DEFAULT_CONTENTION;
			if (satomic_contention_parse(NULL, text, &x->address.contention))
				satomic_contention_parse(NULL, SATOMIC_DEFAULT_CONTENTION,
					&x->address.contention);
			satomic_contention_format(&x->address.contention, assumption, sizeof(assumption));
			if (!a->contention[0])
				strncat(assumption, " (default)", sizeof(assumption) - strlen(assumption) - 1);
		} else if (s->same_address_ways >= s->lanes - 1e-9) {
			x->address.kind = satomic_address_uniform;
		} else {
			x->address.kind = satomic_address_distinct;
			x->address.bank_wavefronts = s->data_wavefronts / s->instructions;
		}
	}
	if (n == 0)
		return;
	double sms = hw->sm_count.value;
	satomic_launch launch_info;
	/* the busy blocks spread over the SMs (idle ones retire at once) */
	double busy = (double)l->busy_blocks;
	launch_info.sms_used = busy < sms ? busy : sms;
	double blocks_here = ceil(busy / sms);
	launch_info.resident_warps_per_sm =
		(blocks_here < l->blocks_per_sm ? blocks_here : l->blocks_per_sm) * l->warps_per_block;
	satomic_input in;
	satomic_result res;
	if (satomic_kernel_input(acc, n, &launch_info, &in) != warpest_ok ||
	    satomic_estimate(&in, &hw->atomics, &res) != warpest_ok) {
		assumption_add(assumptions, "shared-memory atomics present but not modelled: %s",
			hw->atomics.present ? "the model rejected the inputs" :
			"the hardware table has no atomic T(n,e,c) table");
		return;
	}
	r->present = 1;
	r->instructions_per_sm = in.warp_instructions_per_sm;
	r->resident_warps = in.queue_length;
	r->active_lanes = in.e;
	r->cas_fraction = in.queue_length > 0 ? in.cas_in_queue / in.queue_length : 0;
	r->service_cycles = res.service_cycles;
	r->busy_cycles_per_sm = res.busy_cycles;
	r->seconds = res.busy_cycles / (hw->clock_mhz.value * 1e6);
	r->provisional = res.provisional;
	snprintf(r->assumption, sizeof(r->assumption), "%s", assumption[0] ? assumption :
		"addresses are affine: no contention assumption needed");
	/* res.note says when the T table is provisional */
	if (res.note[0])
		assumption_add(assumptions, "%s", res.note);
}
