/* Selects that are min, max or clamps (select.c), read from operands the
 * evaluator has computed: no call back into it. */
#ifndef WARPEST_PASS_SELECT_H
#define WARPEST_PASS_SELECT_H

#include "kernel_ctx.h"

/* select(a OP b, t, f) with an icmp condition, and its operands' values. */
typedef struct wp_select_parts {
	LLVMValueRef sel;   /* the select */
	wp_poly *t, *f;     /* its arms */
	wp_poly *a, *b;     /* the compared values */
	wp_poly *inner[2];  /* operands of the arm that is a min or max call, if one is */
} wp_select_parts;

/* Whether v is a call to llvm.smin/umin (1) or smax/umax (2); 0: neither. */
int wp_minmax_call(LLVMValueRef v);
/* The arm of `sel` that is a min or max call while the other is not, or NULL. */
LLVMValueRef wp_select_minmax_arm(LLVMValueRef sel);
/* The select as min(t, f), max(t, f) or a clamp, or NULL when it is none
 * of them (k->why untouched). */
wp_poly *wp_select_minmax(K *k, const wp_select_parts *s);

#endif
