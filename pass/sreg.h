/* Special registers and value ranges of narrow integers (sreg.c). */
#ifndef WARPEST_PASS_SREG_H
#define WARPEST_PASS_SREG_H

#include "kernel_ctx.h"

/* A llvm.nvvm.read.ptx.sreg.* intrinsic by its name; NULL with k->why. */
wp_poly *wp_sreg(K *k, const char *name);
/* Inline asm that only moves a special register; NULL with k->why. */
wp_poly *wp_asm_sreg(K *k, LLVMValueRef call);
/* Number of distinct values a loaded/extended value can take (0: unknown). */
int64_t wp_value_range(K *k, LLVMValueRef v, int depth);

#endif
