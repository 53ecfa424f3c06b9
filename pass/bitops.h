/* Bitwise and, or, xor of polynomials as quasi-affine values (bitops.c). */
#ifndef WARPEST_PASS_BITOPS_H
#define WARPEST_PASS_BITOPS_H

#include "kernel_ctx.h"

/* a OP b for op LLVMAnd, LLVMOr (not known disjoint) or LLVMXor of an
 * integer type of `width` bits; NULL with the reason in k->why. */
wp_poly *wp_bitwise(K *k, LLVMOpcode op, const wp_poly *a, const wp_poly *b, unsigned width);

/* 2^s = num / den for s an affine form in kernel arguments (a shift by
 * one, 1 << stage, or by stage + 1, log2n - 1 - stage): each argument a
 * becomes a parameter of the model that the core derives from it, exp2_a
 * (params[].exp2_of), in num for positive coefficients and in den for
 * negative ones; the constant a power of two on its side. 0, or -1 with
 * the reason in k->why when s is anything else. */
int wp_exp2_ratio(K *k, const wp_poly *s, wp_poly **num, wp_poly **den);

/* x shifted left (`left`) or right by s, as a polynomial: by a constant, times or
 * over 2^s for s in kernel arguments (wp_exp2_ratio); a value built from
 * loaded data shifted by a variable amount stays that data (its power of
 * two would only scale a value the analysis cannot know, and would make
 * the amount a parameter the estimate needs). NULL with the reason in
 * k->why. */
wp_poly *wp_shift(K *k, int left, const wp_poly *x, const wp_poly *s);

#endif
