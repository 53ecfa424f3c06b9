/* Ranges over a launch, and the kernel's loops bound to it: their bounds'
 * ranges, trip counts where the bounds are constant over the whole launch,
 * and which loops every lane of a warp runs alike. */
#include "launch/launch_ranges.h"

#include <stdio.h>

#include "base/ctx.h"

int launch_range_of(warpest_ctx *ctx, const launch *l, const launch_ranges *r, const expr *e,
	const char *path, int64_t *lo, int64_t *hi)
{
	if (expr_range(e, r->lo, r->hi, lo, hi) == 0)
		return 0;
	return ctx_error(ctx, "kernel '%s': %s: a value (or an intermediate one) may leave +-2^62 for "
		"this configuration (block %dx%dx%d): 64-bit overflow", l->kernel->name, path,
		l->block[0], l->block[1], l->block[2]);
}

/* Whether loop src's bounds read a symbol of class c1 or c2. */
static int bounds_read(const warpest_kernel *k, const km_loop *src, sym_class c1, sym_class c2)
{
	for (int s = 0; s < k->symbols.n; s++) {
		sym_class c = k->symbols.classes[s];
		if ((c == c1 || c == c2) &&
		    (expr_uses_symbol(src->lower, s) || (src->upper && expr_uses_symbol(src->upper, s))))
			return 1;
	}
	return 0;
}

/* Trips of a loop spanning `span` values by `step`, rounded up; 0 when the
 * span is empty. */
static int64_t trips_over(int64_t span, int64_t step)
{
	return span <= 0 ? 0 : span / step + (span % step != 0);
}

/* A loop whose bounds read a lane-varying loop varies per lane too:
 * propagated until nothing changes (loops may be listed in any order). */
static void mark_lane_varying_loops(launch *l)
{
	const warpest_kernel *k = l->kernel;
	for (int changed = 1; changed;) {
		changed = 0;
		for (int i = 0; i < k->n_loops; i++) {
			bound_loop *b = &l->loops[i];
			for (int j = 0; j < k->n_loops && b->lane_uniform && !b->constant; j++) {
				int s = k->loops[j].sym;
				if (!l->loops[j].lane_uniform && (expr_uses_symbol(b->src->lower, s) ||
				    (b->src->upper && expr_uses_symbol(b->src->upper, s)))) {
					b->lane_uniform = 0;
					changed = 1;
				}
			}
		}
	}
}

/* Loop bounds and trip counts, checked; each loop variable's range for
 * the loops and accesses inside it. */
int launch_bind_loops(warpest_ctx *ctx, launch *l, launch_ranges *r)
{
	const warpest_kernel *k = l->kernel;
	for (int i = 0; i < k->n_loops; i++) {
		bound_loop *b = &l->loops[i];
		const km_loop *src = &k->loops[i];
		char path[96];
		int64_t lower_lo, lower_hi, upper_lo = 0, upper_hi = 0, max_trips, last;
		b->src = src;
		b->constant = !expr_is_varying(src->lower, &k->symbols) &&
			(!src->upper || !expr_is_varying(src->upper, &k->symbols));
		b->block_uniform = !b->constant && !bounds_read(k, src, sym_class_thread, sym_class_loop);
		b->lane_uniform = !bounds_read(k, src, sym_class_thread, sym_class_count);
		snprintf(path, sizeof(path), "loops[%d].lower", i);
		if (launch_range_of(ctx, l, r, src->lower, path, &lower_lo, &lower_hi))
			return warpest_error_input;
		if (src->upper) {
			snprintf(path, sizeof(path), "loops[%d].upper", i);
			if (launch_range_of(ctx, l, r, src->upper, path, &upper_lo, &upper_hi))
				return warpest_error_input;
			/* span + step must stay in 64 bits: trip counts round up */
			int64_t span, sum;
			if (__builtin_sub_overflow(upper_hi, lower_lo, &span) ||
			    __builtin_add_overflow(span, src->step, &sum)) {
				snprintf(path, sizeof(path), "loops[%d]", i);
				return ctx_error(ctx, "kernel '%s': %s: upper - lower + step leaves 64 bits: "
					"64-bit overflow", k->name, path);
			}
			max_trips = trips_over(span, src->step);
		} else
			max_trips = src->assumed_trips;
		/* bounds that read threads or blocks but take one value over the
		 * whole launch (a grid-stride loop over exactly k times the grid's
		 * threads: k trips for every thread) are constant bounds */
		if (!b->constant && lower_lo == lower_hi && (!src->upper || upper_lo == upper_hi)) {
			b->constant = 1;
			b->range_constant = 1;
			b->block_uniform = 0;
			b->lane_uniform = 1;
		}
		if (b->constant) {
			b->lower = lower_lo;
			b->trips = src->upper ? trips_over(upper_lo - lower_lo, src->step) : src->assumed_trips;
		}
		/* the variable runs from the lowest lower bound to the last iteration
		 * of the longest trip */
		if (max_trips > 0 && (__builtin_mul_overflow(max_trips - 1, src->step, &last) ||
		    __builtin_add_overflow(last, lower_hi, &last) || last > EXPR_VALUE_MAX)) {
			snprintf(path, sizeof(path), "loops[%d]", i);
			return ctx_error(ctx, "kernel '%s': %s: its variable '%s' goes beyond 2^62 "
				"(%lld iterations of step %lld): 64-bit overflow", k->name, path, src->var,
				(long long)max_trips, (long long)src->step);
		}
		r->lo[src->sym] = lower_lo;
		r->hi[src->sym] = max_trips > 0 ? last : lower_hi;
	}
	mark_lane_varying_loops(l);
	return 0;
}
