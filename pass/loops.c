/* Trip counts of natural loops, from the comparison of the induction
 * variable in the loop's only exit, memoised in the loop (with the reason
 * when unknown). */
#include "cond.h"
#include "eval.h"

wp_poly *wp_loop_trip(K *k, int li)
{
	loop *l = &k->loops[li];
	if (l->trip_done)
		return l->trip;
	l->trip_done = 1;
	l->trip_why = "the loop has several exits";
	int exiting = -1, n_exiting = 0;
	for (int b = 0; b < k->nb; b++) {
		if (!l->in[b])
			continue;
		for (int s = 0; s < k->nsucc[b]; s++)
			if (!l->in[k->succ[b][s]]) {
				if (exiting != b)
					n_exiting++;
				exiting = b;
				break;
			}
	}
	if (n_exiting != 1)
		return NULL;
	LLVMValueRef br = LLVMGetBasicBlockTerminator(k->bb[exiting]);
	l->trip_why = "the exit condition is not a comparison of the induction variable";
	if (!LLVMIsABranchInst(br) || !LLVMIsConditional(br))
		return NULL;
	LLVMValueRef c = LLVMGetCondition(br);
	if (!LLVMIsAICmpInst(c))
		return NULL;
	int stay_on_true = l->in[wp_bindex(k, LLVMGetSuccessor(br, 0))];
	wp_poly *a = wp_opnd(k, c, 0), *b = wp_opnd(k, c, 1);
	if (!a || !b) {
		l->trip_why = wp_printf(k->ar, "the exit condition uses a %s", k->why ? k->why : "non-affine value");
		return NULL;
	}
	uint64_t bit = k->at.a[l->atom].loops;
	int p = wp_icmp_pred(c);
	if (!(wp_loops(&k->at, a) & bit)) {
		wp_poly *t = a;
		a = b;
		b = t;
		static const int swap[] = {P_GT, P_GE, P_LT, P_LE, P_EQ, P_NE};
		p = swap[p];
	}
	if (!(wp_loops(&k->at, a) & bit) || (wp_loops(&k->at, b) & bit) || wp_has_data(&k->at, b)) {
		l->trip_why = "the loop bound depends on the loop or on loaded data";
		return NULL;
	}
	if (!stay_on_true)
		p = wp_pred_neg[p];
	wp_atoms *at = &k->at;
	wp_poly *it1 = wp_add(at, wp_atom_poly(at, l->atom), wp_const(at, 1));
	wp_poly *a0 = wp_subst(at, a, l->atom, wp_const(at, 0));
	wp_poly *a1 = wp_subst(at, a, l->atom, it1);
	wp_poly *d = wp_sub(at, a1, a);
	if (!a0 || !d || (wp_loops(at, d) & bit)) {
		l->trip_why = "the induction variable is not affine in the loop";
		return NULL;
	}
	int64_t dc = 0;
	int dconst = wp_is_const(d, &dc);
	wp_poly *J = NULL;
	if ((p == P_LT || p == P_LE) && (!dconst || dc > 0)) {
		wp_poly *num = wp_sub(at, b, a0);
		if (p == P_LE)
			num = wp_add(at, num, wp_const(at, 1));
		J = wp_fdiv(at, wp_sub(at, wp_add(at, num, d), wp_const(at, 1)), d);
	} else if ((p == P_GT || p == P_GE) && dconst && dc < 0) {
		wp_poly *num = wp_sub(at, a0, b);
		if (p == P_GE)
			num = wp_add(at, num, wp_const(at, 1));
		J = wp_fdiv(at, wp_add(at, num, wp_const(at, -dc - 1)), wp_const(at, -dc));
	} else if (p == P_NE) {
		J = wp_fdiv(at, wp_sub(at, b, a0), d);
	}
	if (!J) {
		l->trip_why = "the exit test cannot be turned into a trip count";
		return NULL;
	}
	/* a test in a latch (end of iteration j) runs iteration j first */
	int is_latch = 0;
	for (int s = 0; s < k->nsucc[exiting]; s++)
		is_latch |= k->succ[exiting][s] == l->header;
	if (is_latch)
		J = wp_add(at, J, wp_const(at, 1));
	l->trip = J;
	l->trip_why = NULL;
	return J;
}
