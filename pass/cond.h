/* Conditions (conditions.c), the guards of a block (guards.c) and path
 * conditions of blocks that several branches reach, with the flags (i1 phis)
 * that such joins merge (pathcond.c). */
#ifndef WARPEST_PASS_COND_H
#define WARPEST_PASS_COND_H

#include "kernel_ctx.h"

cond *wp_mkcond(K *k, int op);
cond *wp_opaque(K *k, const char *why);
cond *wp_negate(K *k, cond *c);
cond *wp_cmp_cond(K *k, wp_poly *a, wp_poly *b, int pred);
/* Condition of an i1 value, memoised. */
cond *wp_ev_cond(K *k, LLVMValueRef v, int use);
char *wp_cond_str(K *k, cond *c, LLVMValueRef br, int top);
/* Guards of block b, outermost first; returns their number. */
int wp_block_guards(K *k, int b, guard_ent **out);
/* Path condition of block x from its immediate dominator d; NULL: true. */
cond *wp_join_cond(K *k, int x, int d);
/* An i1 phi (a flag, a short-circuit `a && b`): the condition under which
 * its block is reached from a predecessor that gives it true (or a value
 * that holds), relative to the block's immediate dominator; opaque when it
 * cannot be built. */
cond *wp_phi_cond(K *k, LLVMValueRef phi);
/* A branch's condition v seen from block `use`: wp_phi_cond for an i1 phi
 * at a join, also under and/or, else wp_ev_cond (which reads a phi as
 * opaque). */
cond *wp_branch_cond(K *k, LLVMValueRef v, int use);

#endif
