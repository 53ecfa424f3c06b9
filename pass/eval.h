/* Integer IR values as polynomials, and loop trip counts (eval.c). */
#ifndef WARPEST_PASS_EVAL_H
#define WARPEST_PASS_EVAL_H

#include "kernel_ctx.h"

/* v as a polynomial; NULL with the reason in k->why. */
wp_poly *wp_ev(K *k, LLVMValueRef v);
/* v as seen from block `use`: a value of a loop that does not hold `use` is
 * the one after its last iteration. */
wp_poly *wp_ev_at(K *k, LLVMValueRef v, int use);
/* Operand i of inst, as seen from inst's block. */
wp_poly *wp_opnd(K *k, LLVMValueRef inst, unsigned i);
/* Trip count of loop li; NULL when unknown (the reason in its trip_why). */
wp_poly *wp_loop_trip(K *k, int li);

#endif
