/* What quasi_atoms_block_threads gives a block (each atom's residue,
 * offset and clamp key), by the block coordinates the atoms read. With
 * thread-dependent clamps it evaluates every atom at every thread of the
 * block; blocks that agree on the coordinates the atoms read get the same
 * outputs, so a row filter's clamps of x (which read ctaid.x only) cost one
 * pass per block column, not one per block. Direct-mapped: a slot keeps the
 * last block that hashed to it, so a grid whose blocks all differ costs a
 * hash and a copy per block, and no more memory. */
#ifndef WARPEST_CLAMP_MEMO_H
#define WARPEST_CLAMP_MEMO_H

#include <stdint.h>

typedef struct clamp_memo clamp_memo;

/* An empty memo for n_atoms atoms reading the block coordinates in
 * `ctaid_mask` (bit d: ctaid d); NULL when out of memory. */
clamp_memo *clamp_memo_alloc(int n_atoms, unsigned ctaid_mask);
void clamp_memo_free(clamp_memo *m);

/* 1 with the outputs kept for block c copied to residue, offset (n_atoms
 * each) and clamp_key (2 * n_atoms); 0 when none is kept. */
int clamp_memo_get(const clamp_memo *m, const int64_t *c, int64_t *residue, int64_t *offset,
	int64_t *clamp_key);

/* Keeps block c's outputs, in place of what its slot held. */
void clamp_memo_put(clamp_memo *m, const int64_t *c, const int64_t *residue, const int64_t *offset,
	const int64_t *clamp_key);

#endif
