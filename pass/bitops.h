/* Bitwise and, or, xor of polynomials as quasi-affine values (bitops.c). */
#ifndef WARPEST_PASS_BITOPS_H
#define WARPEST_PASS_BITOPS_H

#include "kernel_ctx.h"

/* a OP b for op LLVMAnd, LLVMOr (not known disjoint) or LLVMXor of an
 * integer type of `width` bits; NULL with the reason in k->why. */
wp_poly *wp_bitwise(K *k, LLVMOpcode op, const wp_poly *a, const wp_poly *b, unsigned width);

/* 2^s for s a kernel argument (a shift by it, 1 << stage): a parameter of
 * the model that the core derives from s (params[].exp2_of); NULL, with the
 * reason in k->why, when s is anything else. */
wp_poly *wp_exp2_param(K *k, const wp_poly *s);

#endif
