/* Values merged after a switch (switch_merge.c). */
#ifndef WARPEST_PASS_SWITCH_MERGE_H
#define WARPEST_PASS_SWITCH_MERGE_H

#include "kernel_ctx.h"

/* phi in block b, whose incoming values are in[], merged after the switch
 * that ends b's immediate dominator, whose key is `key`: the default arm's
 * value plus each case's difference times [key == case]. NULL, with no
 * failure recorded, when it is not such a merge, the key depends on loaded
 * data, or its arms differ by a varying amount. */
wp_poly *wp_switch_merge(K *k, LLVMValueRef phi, int b, wp_poly **in, const wp_poly *key);

#endif
