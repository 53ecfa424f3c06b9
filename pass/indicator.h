/* Comparisons as 0/1 values (indicator.c). */
#ifndef WARPEST_PASS_INDICATOR_H
#define WARPEST_PASS_INDICATOR_H

#include "kernel_ctx.h"

/* [l PRED r] (P_* of kernel_ctx.h) as min/max of integer polynomials. */
wp_poly *wp_indicator(K *k, int pred, const wp_poly *l, const wp_poly *r);

#endif
