/* Integer IR values as polynomials, and loop trip counts (eval.c). */
#ifndef WARPEST_PASS_EVAL_H
#define WARPEST_PASS_EVAL_H

#include "kernel_ctx.h"

/* The origin a float-to-integer atom carries when no load feeds the float
 * (`(int)((x + 0.5f) * scale)` of thread indices and arguments): its
 * accesses' reason names the conversion, not loaded data. */
#define WP_CVT_NO_LOAD " (float to integer of thread indices and arguments)"

/* No polynomial for a value: records why in k->why. */
static inline wp_poly *wp_fail(K *k, const char *why)
{
	k->why = why;
	return NULL;
}

/* v as a polynomial; NULL with the reason in k->why. */
wp_poly *wp_ev(K *k, LLVMValueRef v);
/* v as seen from block `use`: a value of a loop that does not hold `use` is
 * the one after its last iteration. */
wp_poly *wp_ev_at(K *k, LLVMValueRef v, int use);
/* Operand i of inst, as seen from inst's block. */
wp_poly *wp_opnd(K *k, LLVMValueRef inst, unsigned i);
/* Trip count of loop li; NULL when unknown (the reason in its trip_why),
 * and for geometric loops. */
wp_poly *wp_loop_trip(K *k, int li);
/* Marks the geometric loops (geometric.c), before any value is evaluated:
 * one header phi that the back edge shifts right or left by a constant (or
 * divides or multiplies by 2^c), and an exit test of it against a bound;
 * then their start and bound, which must be the same for every thread
 * (else g_why says why not). Sets the loops' g_* fields. */
void wp_find_geometric_loops(K *k);
/* The iteration count of loop li as a polynomial: its atom, or for a
 * geometric loop (whose atom is its variable's value) its count atom. */
wp_poly *wp_loop_counter(K *k, int li);

#endif
