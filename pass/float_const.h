/* Floating-point values computed from constants alone (float_const.c). */
#ifndef WARPEST_PASS_FLOAT_CONST_H
#define WARPEST_PASS_FLOAT_CONST_H

#include "kernel_ctx.h"

/* The integer that fptosi/fptoui `cvt` yields when its operand is built from
 * constants only (literals, integer constants converted, + - * /, and the
 * exp2/log2/pow intrinsics, approximate ones taken as exact): 1 with *out
 * set, 0 when the operand depends on anything else. */
int wp_float_const_int(K *k, LLVMValueRef cvt, int64_t *out);

#endif
