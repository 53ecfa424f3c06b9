/* Geometric loops are unrolled once a launch fixes their bounds: halving
 * ones (`for (s = n / 2; s > 0; s >>= 1)`, a tree reduction) and doubling
 * ones (`for (s = 1; s < blockDim.x; s *= 2)`, an interleaved reduction or a
 * scan). Every access and operation entry inside one becomes a copy per
 * value of its variable, in which the variable is that constant. The copies
 * are ordinary accesses (affine where the original was affine once the
 * variable is a constant: `2*s*tid.x` too), so the rest of the estimate
 * needs no notion of a geometric loop; the report folds them back into the
 * model's accesses (launch_model_access). docs/model.md "Geometric loops". */
#ifndef WARPEST_GEOMETRIC_UNROLL_H
#define WARPEST_GEOMETRIC_UNROLL_H

#include "base/ctx.h"
#include "kernel/kernel_model.h"

/* Copies of one model beyond this many accesses are refused (an error). */
#define GEOMETRIC_MAX_ACCESSES 65536

typedef struct geometric_unroll {
	warpest_kernel *kernel;  /* the unrolled model (owned; shares the original's fields,
	                          * variants and assumptions); NULL: nothing to unroll */
	int *origin;             /* per access of `kernel`: the original model's index (owned) */
	int n_notes;
	char notes[EXPR_MAX_LOOPS][192]; /* per geometric loop: its values, for the assumptions */
} geometric_unroll;

/* Unrolls k's geometric loops under the parameter and size values in env
 * (indexed by symbol). Returns 0 with out->kernel NULL when k has none;
 * non-zero with a message in ctx when a loop would never end, the copies
 * would exceed GEOMETRIC_MAX_ACCESSES, or memory runs out. */
int geometric_unroll_build(warpest_ctx *ctx, __warpest_keep const warpest_kernel *k, const int64_t *env,
	geometric_unroll *out);
void geometric_unroll_release(geometric_unroll *u);

#endif
