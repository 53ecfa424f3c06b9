/* Repeated loads: a load whose address an earlier load already read, with
 * nothing in between that may write memory, is served from the register
 * that earlier load filled. The backend removes such loads once address
 * spaces are inferred and constant offsets split off (GVN at -O2 misses
 * them where the two addresses are computed by different expressions, as in
 * a fully unrolled convolution whose taps of neighbouring outputs overlap),
 * and nvcc removes them as well, so the model counts them once. */
#include "model_parts.h"

#include <stdlib.h>
#include <string.h>

/* Calls that neither write memory nor order it: reading special registers,
 * arithmetic intrinsics, and the annotations. Anything else (a barrier, a
 * fence, an atomic, an unknown function) ends every earlier load's reuse. */
static int call_keeps_memory(LLVMValueRef call)
{
	const char *n = wp_callee_name(call);
	static const char *const pure[] = {"llvm.nvvm.read.ptx.sreg.", "llvm.fma.", "llvm.fmuladd.", "llvm.fabs.",
		"llvm.smin.", "llvm.smax.", "llvm.umin.", "llvm.umax.", "llvm.assume", "llvm.dbg.", "llvm.lifetime.",
		"llvm.sqrt.", "llvm.nvvm.fma.", "llvm.nvvm.rsqrt.", "llvm.nvvm.sqrt.", "llvm.nvvm.ex2.",
		"llvm.nvvm.lg2.", "llvm.nvvm.rcp.", "llvm.nvvm.fabs", "llvm.nvvm.fmin", "llvm.nvvm.fmax",
		"llvm.minnum.", "llvm.maxnum.", "llvm.minimum.", "llvm.maximum.", "llvm.ctpop.", "llvm.ctlz.",
		"llvm.cttz.", "llvm.abs.", "llvm.exp", "llvm.log", "llvm.floor.", "llvm.ceil.", "llvm.trunc.",
		"llvm.rint.", "llvm.round.", "llvm.copysign.", "llvm.nvvm.mul.hi.", "llvm.nvvm.mulhi.",
		"llvm.umul.", "llvm.smul.", "llvm.uadd.", "llvm.sadd.", "llvm.usub.", "llvm.ssub.", "llvm.fshl.",
		"llvm.fshr.", "llvm.bitreverse.", "llvm.bswap.", "llvm.nvvm.ldg.global.", "llvm.nvvm.ldu.global."};
	for (size_t i = 0; i < sizeof(pure) / sizeof(pure[0]); i++)
		if (strncmp(n, pure[i], strlen(pure[i])) == 0)
			return 1;
	return 0;
}

static int may_write(LLVMValueRef i)
{
	switch (LLVMGetInstructionOpcode(i)) {
	case LLVMStore: case LLVMAtomicRMW: case LLVMAtomicCmpXchg: case LLVMFence:
		return 1;
	case LLVMCall:
		return !call_keeps_memory(i);
	case LLVMLoad:
		return LLVMGetVolatile(i) || LLVMGetOrdering(i) != LLVMAtomicOrderingNotAtomic;
	default:
		return 0;
	}
}

/* Whether an instruction from `first` up to just before `stop` (NULL: the
 * block's end) may write memory. */
static int writes_in(LLVMValueRef first, LLVMValueRef stop)
{
	for (LLVMValueRef i = first; i && i != stop; i = LLVMGetNextInstruction(i))
		if (may_write(i))
			return 1;
	return 0;
}

/* Whether anything from just after `from` up to just before `to` may write
 * memory, on a path inside one iteration: the rest of from's block, every
 * block ordered between the two in reverse post-order (a superset of the
 * blocks on such paths when from's block dominates to's), and the start of
 * to's block. `writes[b]` says whether block b holds a writer. */
static int written_between(const K *k, const unsigned char *writes, const access *from, const access *to)
{
	LLVMValueRef after = LLVMGetNextInstruction(from->inst);
	if (from->block == to->block)
		return writes_in(after, to->inst);
	if (writes_in(after, NULL) || writes_in(LLVMGetFirstInstruction(k->bb[to->block]), to->inst))
		return 1;
	int lo = k->rpo_num[from->block], hi = k->rpo_num[to->block];
	for (int b = 0; b < k->nb; b++)
		if (k->rpo_num[b] > lo && k->rpo_num[b] < hi && writes[b])
			return 1;
	return 0;
}

static int plain_load(const access *a)
{
	if (a->dead || !a->off || strcmp(a->kind, "load") != 0 || a->field < 0)
		return 0;
	return LLVMGetInstructionOpcode(a->inst) != LLVMLoad ||
	       (!LLVMGetVolatile(a->inst) && LLVMGetOrdering(a->inst) == LLVMAtomicOrderingNotAtomic);
}

/* Above this many loads the pairwise search is skipped (every load stays). */
#define MAX_LOADS_COMPARED 4096

void wp_merge_repeats(K *k)
{
	int n_loads = 0;
	for (int i = 0; i < k->na; i++)
		n_loads += plain_load(&k->acc[i]);
	if (n_loads < 2)
		return;
	if (n_loads > MAX_LOADS_COMPARED) {
		wp_assume(k, "repeated loads not looked for (%d loads): each counts", n_loads);
		return;
	}
	unsigned char *writes = calloc((size_t)k->nb + 1, 1);
	int *loads = malloc(sizeof(int) * (size_t)n_loads);
	if (!writes || !loads) {
		free(writes), free(loads);
		return; /* every load stays: what the model said before repeats were merged */
	}
	for (int b = 0; b < k->nb; b++)
		writes[b] = (unsigned char)writes_in(LLVMGetFirstInstruction(k->bb[b]), NULL);
	n_loads = 0;
	for (int i = 0; i < k->na; i++)
		if (plain_load(&k->acc[i]))
			loads[n_loads++] = i;
	int merged = 0;
	for (int q = 0; q < n_loads; q++) {
		int j = loads[q];
		access *b = &k->acc[j];
		for (int r = 0; r < n_loads; r++) {
			int i = loads[r];
			const access *a = &k->acc[i];
			if (i == j || a->dead || a->field != b->field || a->bytes != b->bytes ||
			    k->inner[a->block] != k->inner[b->block])
				continue;
			/* a runs first on every path to b: same block and earlier, or a dominating block */
			if (a->block == b->block ? i > j : !wp_dominates(k, a->block, b->block))
				continue;
			if (!wp_equal(a->off, b->off) || written_between(k, writes, a, b))
				continue;
			b->dead = 1;
			merged++;
			break;
		}
	}
	free(writes);
	free(loads);
	if (merged)
		wp_assume(k, "%d load%s repeat%s an address an earlier load read with no write between: counted once "
			"(the value stays in a register)", merged, merged == 1 ? "" : "s", merged == 1 ? "s" : "");
}
