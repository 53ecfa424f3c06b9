/* Halving loops (`for (s = n / 2; s > 0; s >>= 1)`: a tree reduction) are
 * unrolled once a launch fixes their bounds: every access and operation
 * entry inside one becomes a copy per value of its variable, in which the
 * variable is that constant. The copies are ordinary accesses (affine where
 * the original was affine in the variable), so the rest of the estimate
 * needs no notion of a geometric loop; the report folds them back into the
 * model's accesses (launch_model_access). docs/model.md "Halving loops". */
#ifndef WARPEST_HALVING_UNROLL_H
#define WARPEST_HALVING_UNROLL_H

#include "base/ctx.h"
#include "kernel/kernel_model.h"

/* Copies of one model beyond this many accesses are refused (an error). */
#define HALVING_MAX_ACCESSES 65536

typedef struct halving_unroll {
	warpest_kernel *kernel;  /* the unrolled model (owned; shares the original's fields,
	                          * variants and assumptions); NULL: nothing to unroll */
	int *origin;             /* per access of `kernel`: the original model's index (owned) */
	int n_notes;
	char notes[EXPR_MAX_LOOPS][192]; /* per halving loop: its values, for the assumptions */
} halving_unroll;

/* Unrolls k's halving loops under the parameter and size values in env
 * (indexed by symbol). Returns 0 with out->kernel NULL when k has none;
 * non-zero with a message in ctx when a bound is negative, the copies would
 * exceed HALVING_MAX_ACCESSES, or memory runs out. */
int halving_unroll_build(warpest_ctx *ctx, __warpest_keep const warpest_kernel *k, const int64_t *env,
	halving_unroll *out);
void halving_unroll_release(halving_unroll *u);

#endif
