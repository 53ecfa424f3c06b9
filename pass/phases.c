/* Barrier phases: the stretch between two block-wide barriers that each
 * access and operation lies in (docs/kernel-model.md, "phase"). A block's
 * threads cannot start a phase before all of them have finished the one
 * before, so with one resident block per SM its phases run one after
 * another (docs/model.md §8). A phase is the largest number of barriers on
 * a path from the entry (back edges ignored): the loads that fill a shared
 * tile are phase 0, the loop that reads it after __syncthreads is phase 1
 * in every iteration, the stores after the loop's last barrier phase 2. */
#include "model_parts.h"

#include <string.h>

int wp_is_block_barrier(LLVMValueRef inst)
{
	if (!LLVMIsACallInst(inst))
		return 0;
	const char *n = wp_callee_name(inst);
	/* barrier0, barrier.sync, barrier.cta.sync.*: the whole block waits; an
	 * arrive does not wait, and bar.warp.sync is one warp's */
	return strncmp(n, "llvm.nvvm.barrier", 17) == 0 && !strstr(n, "arrive");
}

static int barriers_in(LLVMBasicBlockRef bb)
{
	int n = 0;
	for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
		n += wp_is_block_barrier(i);
	return n;
}

static int capped(int phase)
{
	return phase < WP_MAX_PHASE ? phase : WP_MAX_PHASE;
}

int wp_phase_at(const K *k, int b, LLVMValueRef inst)
{
	if (!k->phase_in)
		return 0;
	int p = k->phase_in[b];
	if (k->phase_out[b] == p)
		return p; /* no barrier in the block: no need to walk it */
	if (!inst)
		return k->phase_out[b];
	for (LLVMValueRef i = LLVMGetFirstInstruction(k->bb[b]); i && i != inst; i = LLVMGetNextInstruction(i))
		p += wp_is_block_barrier(i);
	return capped(p);
}

void wp_barrier_phases(K *k)
{
	int *barriers = wp_alloc(k->ar, sizeof(int) * ((size_t)k->nb + 1));
	k->phase_out = wp_alloc(k->ar, sizeof(int) * ((size_t)k->nb + 1));
	k->phase_in = wp_alloc(k->ar, sizeof(int) * ((size_t)k->nb + 1));
	for (int b = 0; b < k->nb; b++)
		barriers[b] = barriers_in(k->bb[b]);
	wp_longest_forward_path(k, barriers, WP_MAX_PHASE, k->phase_in, k->phase_out);
	for (int i = 0; i < k->na; i++) {
		access *a = &k->acc[i];
		/* a split arm's access lies in its arm, not where its instruction is */
		a->phase = wp_phase_at(k, a->block, LLVMGetInstructionParent(a->inst) == k->bb[a->block] ?
			a->inst : NULL);
	}
}
