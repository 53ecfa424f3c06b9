/* Loads and stores through a pointer merged at a join. The arms of an
 * if/else that each pick an array and an index (`n = north[ty][tx]` in one
 * arm, `n = temp[ty - 1][tx]` in the other) reach the IR as one load of a
 * phi of pointers in the join. Each arm's pointer is affine: the access is
 * split into one per arm, placed in the arm's block, so that the arm's
 * guard is its own. */
#include "model_parts.h"

#include <string.h>

#define MAX_ARMS 8

/* The blocks the arms come from, when the access can be split: the pointer
 * is a phi of the access's own block (not a loop header), and every arm
 * branches straight to it from the same loop. Returns their number, 0 when
 * it cannot be split. */
static int arm_blocks(K *k, const access *a, LLVMValueRef ptr, int *from)
{
	if (!LLVMIsAInstruction(ptr) || LLVMGetInstructionOpcode(ptr) != LLVMPHI)
		return 0;
	int x = wp_block_of(k, ptr);
	if (x != a->block || wp_header_loop(k, x) >= 0)
		return 0;
	unsigned n = LLVMCountIncoming(ptr);
	if (n < 2 || n > MAX_ARMS)
		return 0;
	for (unsigned i = 0; i < n; i++) {
		int p = wp_bindex(k, LLVMGetIncomingBlock(ptr, i));
		LLVMValueRef t = p >= 0 ? LLVMGetBasicBlockTerminator(k->bb[p]) : NULL;
		if (p < 0 || !t || LLVMGetNumSuccessors(t) != 1 || k->inner[p] != k->inner[x] ||
		    k->rpo_num[p] < 0)
			return 0;
		for (unsigned j = 0; j < i; j++)
			if (from[j] == p)
				return 0;
		from[i] = p;
	}
	return (int)n;
}

void wp_split_arms(K *k)
{
	int n = k->na;
	for (int i = 0; i < n; i++) {
		access *a = &k->acc[i];
		if (a->off || !a->why || strcmp(a->why, "address merged from different pointers (phi)") != 0)
			continue;
		int store = a->kind[0] == 's';
		if (strcmp(a->kind, "load") != 0 && !store)
			continue;
		LLVMValueRef inst = a->inst, ptr = LLVMGetOperand(inst, store ? 1 : 0);
		int from[MAX_ARMS], arms = arm_blocks(k, a, ptr, from);
		if (!arms)
			continue;
		/* each arm analysed once, as a copy in its own block; every arm's
		 * address must be affine, else the access stays whole */
		access arm[MAX_ARMS];
		int ok = 1;
		for (int j = 0; j < arms && ok; j++) {
			/* LLVM merged the arms' loads and their lines: the arm's own
			 * address computation keeps its line */
			LLVMValueRef own = LLVMGetIncomingValue(ptr, (unsigned)j);
			char *loc = wp_loc_of(k, own);
			arm[j] = *a;
			arm[j].block = from[j];
			arm[j].off = NULL;
			arm[j].why = NULL;
			if (loc) {
				arm[j].loc = loc;
				arm[j].where = own;
			}
			wp_analyse_address(k, &arm[j], own);
			ok = arm[j].off != NULL && !arm[j].assume;
		}
		if (!ok)
			continue;
		k->acc[i] = arm[0];
		for (int j = 1; j < arms; j++)
			*wp_new_access(k, inst, arm[j].kind, arm[j].bytes) = arm[j];
		wp_assume(k, "%s%s through a pointer merged from %d arms: one access per arm, each "
			"under its arm's guard", arm[0].kind, wp_where(k, inst), arms);
	}
}
