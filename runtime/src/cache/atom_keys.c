/* The atoms' part of the block-class key beside their residues: the spans
 * of the atoms a block's threads may not split, and the block coordinates
 * the atoms read (for the clamp memo); and the loops' value ranges, by
 * which these and the constraint keys widen. */
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

/* Which floor and mod atoms (no min or max) have a numerator that reads
 * only thread indices and loops of constant bounds, and the range of that
 * part over a block's threads and the loops' values: quasi_atoms_block
 * keys such an atom as one wherever no thread of the block takes it across
 * a multiple of its divisor (a batch index x / n with n larger than a
 * block, a 24-bit product's ctaid.x % 2^24), so those residues no longer
 * keep blocks apart. */
void unsplit_atom_spans(block_evaluator *ev)
{
	const launch *l = ev->l;
	ev->spans.mask = 0;
	for (int i = 0; i < l->atoms.n; i++) {
		const quasi_atom *a = &l->atoms.a[i];
		int ok = a->minmax == quasi_no_minmax;
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
		ev->spans.lo[i] = lo;
		ev->spans.hi[i] = hi;
		ev->spans.mask |= (uint32_t)1 << i;
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
