/* The thread part of each quasi constraint of a block evaluator, by the
 * block's atom residues. Without thread-dependent clamps, every atom at a
 * thread is the block's offset plus a part fixed by the residues and the
 * thread (quasi_affine.h), so a constraint's range over a block's threads
 * is its block part plus a range that blocks with equal residues share: a
 * red-black sweep's parity term costs one pass over the threads per
 * residue instead of one per block. */
#ifndef WARPEST_QUASI_KEY_MEMO_H
#define WARPEST_QUASI_KEY_MEMO_H

#include <stdint.h>

typedef struct quasi_key_memo quasi_key_memo;

/* An empty memo for n_atoms residues and n_constraints constraints; NULL
 * when out of memory. */
quasi_key_memo *quasi_key_memo_alloc(int n_atoms, int n_constraints);
void quasi_key_memo_free(quasi_key_memo *m);

/* The 3 * n_constraints thread parts (least, greatest, first thread's
 * value) kept for these residues (n_atoms entries, read), or NULL. */
const int64_t *quasi_key_memo_find(const quasi_key_memo *m, const int64_t *residue);

/* Room for the thread parts of these residues, to be filled by the caller,
 * or NULL when the memo is full (the caller computes them itself). */
int64_t *quasi_key_memo_add(quasi_key_memo *m, const int64_t *residue);

#endif
