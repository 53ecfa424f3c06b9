/* The atoms' part of the block-class key that is not a residue read off
 * the block: floor atoms that no block's threads split, and the block
 * coordinates the atoms read (for the clamp memo); and the loops' value
 * ranges, by which these and the constraint keys widen. */
#include "cache/block_eval_impl.h"

/* Widens [lo, hi] by the range of the loop terms of a form with these
 * coefficients (constant loops: their first and last value). */
void block_loop_range(const launch *l, const int64_t *coeff, int64_t *lo, int64_t *hi)
{
	for (int i = 0; i < l->kernel->n_loops; i++) {
		const bound_loop *bl = &l->loops[i];
		int64_t k = coeff[6 + i];
		if (!k || bl->trips <= 0)
			continue;
		int64_t first = k * bl->lower, last = k * (bl->lower + (bl->trips - 1) * bl->src->step);
		*lo += first < last ? first : last;
		*hi += first < last ? last : first;
	}
}

/* Which floor atoms (floor(n / d), no min or max) have a numerator that
 * reads only thread indices and loops of constant bounds, and the range of
 * that part over a block's threads and the loops' values. */
void floor_atom_spans(block_evaluator *ev)
{
	const launch *l = ev->l;
	for (int i = 0; i < l->atoms.n; i++) {
		const quasi_atom *a = &l->atoms.a[i];
		int ok = a->minmax == quasi_no_minmax && !a->is_mod;
		for (int j = 0; ok && j < i; j++)
			ok = a->num.atom[j] == 0;
		for (int j = 0; ok && j < l->kernel->n_loops; j++)
			ok = !a->num.lin.coeff[6 + j] || l->loops[j].constant;
		if (!ok)
			continue;
		int64_t lo = 0, hi = 0;
		for (int d = 0; d < 3; d++) {
			int64_t span = a->num.lin.coeff[d] * (l->block[d] - 1);
			if (span < 0)
				lo += span;
			else
				hi += span;
		}
		block_loop_range(l, a->num.lin.coeff, &lo, &hi);
		ev->floor_span[i][0] = lo;
		ev->floor_span[i][1] = hi;
		ev->floor_spans |= (uint32_t)1 << i;
	}
}

/* The block coordinates the atoms read (bit d: ctaid d), through either
 * operand of a clamp; an atom's reads of earlier atoms are theirs. */
unsigned atoms_ctaid_mask(const quasi_atoms *atoms)
{
	unsigned mask = 0;
	for (int i = 0; i < atoms->n; i++)
		for (int d = 0; d < 3; d++)
			if (atoms->a[i].num.lin.coeff[3 + d] ||
			    (atoms->a[i].minmax != quasi_no_minmax && atoms->a[i].other.lin.coeff[3 + d]))
				mask |= 1u << d;
	return mask;
}

/* A floor atom whose numerator stays within one multiple of its divisor
 * over the block (residue r, r + lo >= 0 and r + hi < d) has the value
 * floor(n / d), its offset, at every thread: its thread part is 0 whatever
 * r is, so blocks that differ only in such residues are alike up to the
 * translation the offset carries. Their residues are keyed as one (-1): a
 * grid-wide bound check (x / 2^20 == 0) no longer keeps every block apart. */
void mark_unsplit_floors(block_evaluator *ev)
{
	for (uint32_t m = ev->floor_spans; m; m &= m - 1) {
		int i = __builtin_ctz(m);
		int64_t r = ev->atom_residue[i], d = ev->l->atoms.a[i].divisor;
		if (r + ev->floor_span[i][0] >= 0 && r + ev->floor_span[i][1] < d)
			ev->atom_residue[i] = -1;
	}
}
