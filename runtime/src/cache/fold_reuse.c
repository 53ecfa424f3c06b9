/* Register reuse across folded points: which loads of an unrolled loop
 * repeat an address an earlier iteration loaded (fold_reuse.h). */
#include "cache/fold_reuse.h"

#include <string.h>

/* Whether a and b have the same loops and the same coefficient on every
 * varying variable (they differ at most in the constant). */
static int same_shape(const bound_access *a, const bound_access *b)
{
	if (a->src->n_loops != b->src->n_loops ||
	    memcmp(a->src->loops, b->src->loops, sizeof(int) * (size_t)a->src->n_loops) != 0)
		return 0;
	return memcmp(a->addr.coeff, b->addr.coeff, sizeof(a->addr.coeff)) == 0;
}

static int is_affine_load(const bound_access *b)
{
	return b->src->kind == km_load && b->src->analysable && b->linear &&
		b->field->space != km_space_shared;
}

void fold_reuse_keep(const launch *l, double *keep)
{
	const symbol_table *symbols = &l->kernel->symbols;
	for (int i = 0; i < l->n_accesses; i++) {
		keep[i] = 1.0;
		const bound_access *a = &l->accesses[i];
		if (!is_affine_load(a))
			continue;
		for (int k = 0; k < a->src->n_loops; k++) {
			const bound_loop *loop = &l->loops[a->src->loops[k]];
			if (!loop->src->unrolled || !loop->constant || loop->trips < 2)
				continue;
			int vi = 6 + symbols->loop_index[loop->src->sym];
			/* address step per iteration: the coefficient times the loop step */
			int64_t stride = a->addr.coeff[vi] * loop->src->step;
			if (stride == 0)
				continue;
			int64_t best = 0;
			for (int j = 0; j < l->n_accesses; j++) {
				const bound_access *b = &l->accesses[j];
				if (j == i || !is_affine_load(b) || b->field != a->field || !same_shape(a, b))
					continue;
				int64_t diff = b->addr.c0 - a->addr.c0;
				/* a at iteration t reads what b read at iteration t - d */
				if (diff % stride != 0)
					continue;
				int64_t d = diff / stride;
				if (d >= 1 && d < loop->trips && (best == 0 || d < best))
					best = d;
			}
			double share = best ? (double)best / (double)loop->trips : 1.0;
			if (share < keep[i])
				keep[i] = share;
		}
	}
}

void fold_reuse_apply(const launch *l, const double *keep, block_class *cls)
{
	for (int i = 0; i < l->n_accesses; i++) {
		if (keep[i] >= 1.0)
			continue;
		access_stats *s = &cls->stats[i];
		if (l->accesses[i].field->space == km_space_global)
			cls->requested_load_sectors -= (1.0 - keep[i]) * s->sectors;
		s->instructions *= keep[i];
		s->lanes *= keep[i];
		s->data_wavefronts *= keep[i];
		s->tag_wavefronts *= keep[i];
		s->cycles *= keep[i];
		s->sectors *= keep[i];
		s->same_address_ways *= keep[i];
	}
}
