/* Special registers as polynomials (tid, ctaid, ntid, nctaid, %laneid,
 * %warpid; lane masks and clocks named as not indices), from intrinsics and
 * from inline asm that only moves one, and the number of distinct values of
 * narrow loaded or extended integers (data-dependent atomics). Leaves of the
 * evaluator (eval.c): nothing here evaluates other IR values. */
#include "sreg.h"
#include "eval.h"

#include <stdio.h>
#include <string.h>


/* Number of distinct values a loaded/extended value can take (0: unknown). */
int64_t wp_value_range(K *k, LLVMValueRef v, int depth)
{
	if (depth > 8 || !LLVMIsAInstruction(v))
		return 0;
	LLVMOpcode op = LLVMGetInstructionOpcode(v);
	if (op == LLVMZExt) {
		LLVMTypeRef t = LLVMTypeOf(LLVMGetOperand(v, 0));
		unsigned w = LLVMGetIntTypeWidth(t);
		return w < 32 ? (int64_t)1 << w : 0;
	}
	if (op == LLVMAnd) {
		LLVMValueRef c = LLVMGetOperand(v, 1);
		if (LLVMIsAConstantInt(c)) {
			long long m = LLVMConstIntGetSExtValue(c);
			if (m > 0 && m < INT64_MAX && (m & (m + 1)) == 0)
				return m + 1;
		}
		return 0;
	}
	if (op == LLVMLoad) {
		LLVMTypeRef lt = LLVMTypeOf(v);
		if (LLVMGetTypeKind(lt) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(lt) < 32)
			return (int64_t)1 << LLVMGetIntTypeWidth(lt);
		/* a load from a local array: the range of what was stored into it */
		LLVMValueRef p = LLVMGetOperand(v, 0);
		while (LLVMIsAGetElementPtrInst(p))
			p = LLVMGetOperand(p, 0);
		if (!LLVMIsAAllocaInst(p))
			return 0;
		int64_t r = 0;
		int any = 0;
		for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(k->fn); b; b = LLVMGetNextBasicBlock(b))
			for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i)) {
				if (!LLVMIsAStoreInst(i))
					continue;
				LLVMValueRef q = LLVMGetOperand(i, 1);
				while (LLVMIsAGetElementPtrInst(q))
					q = LLVMGetOperand(q, 0);
				if (q != p)
					continue;
				int64_t s = wp_value_range(k, LLVMGetOperand(i, 0), depth + 1);
				if (!s)
					return 0;
				r = s > r ? s : r;
				any = 1;
			}
		return any ? r : 0;
	}
	return 0;
}

/* The thread's index in its block, x fastest: what lanes and warps count. */
static wp_poly *linear_tid(K *k)
{
	wp_atoms *at = &k->at;
	wp_poly *t[3], *n[2];
	for (int d = 0; d < 3; d++) {
		char nm[8];
		snprintf(nm, sizeof nm, "tid.%c", 'x' + d);
		t[d] = wp_atom_poly(at, wp_atom_get(at, nm, WP_TID));
		if (d < 2) {
			snprintf(nm, sizeof nm, "ntid.%c", 'x' + d);
			n[d] = wp_atom_poly(at, wp_atom_get(at, nm, WP_NTID));
		}
	}
	return wp_add(at, t[0], wp_mul(at, n[0], wp_add(at, t[1], wp_mul(at, n[1], t[2]))));
}

/* A special register by its PTX name (tid.x, laneid, ...): %laneid is the
 * linear thread index mod 32 (exact: warps are formed in that order);
 * %warpid is the hardware warp slot, taken as the warp's index in its block
 * (an assumption); lane masks and clocks are not addresses. */
static wp_poly *sreg_named(K *k, const char *p, size_t len)
{
	static const char *regs[] = {"tid", "ctaid", "ntid", "nctaid"};
	char nm[32];
	snprintf(nm, sizeof nm, "%.*s", (int)(len < 31 ? len : 31), p);
	for (char *c = nm; *c; c++)
		if (*c == '_')
			*c = '.';
	for (int r = 0; r < 4; r++) {
		size_t n = strlen(regs[r]);
		if (strncmp(nm, regs[r], n) == 0 && nm[n] == '.' && nm[n + 1] >= 'x' && nm[n + 1] <= 'z' && !nm[n + 2])
			return wp_atom_poly(&k->at, wp_atom_get(&k->at, nm, (enum wp_atom_kind)(WP_TID + r)));
	}
	if (strcmp(nm, "laneid") == 0)
		return wp_mod(&k->at, linear_tid(k), wp_const(&k->at, 32));
	if (strcmp(nm, "warpid") == 0) {
		wp_assume(k, "%%warpid (the hardware warp slot) is taken as the warp's index in its block");
		return wp_fdiv(&k->at, linear_tid(k), wp_const(&k->at, 32));
	}
	if (strncmp(nm, "lanemask", 8) == 0)
		return wp_fail(k, wp_printf(k->ar, "lane mask %%%s (a bit pattern, not an index)", nm));
	if (strncmp(nm, "clock", 5) == 0 || strcmp(nm, "globaltimer") == 0)
		return wp_fail(k, wp_printf(k->ar, "clock value %%%s", nm));
	return wp_fail(k, wp_printf(k->ar, "special register %%%s", nm));
}

wp_poly *wp_sreg(K *k, const char *name)
{
	const char *p = name + strlen("llvm.nvvm.read.ptx.sreg.");
	return sreg_named(k, p, strlen(p));
}

/* Inline asm that only moves a special register into its result
 * ("mov.u32 $0, %laneid;", CUB's LaneId()), else NULL with a reason. */
wp_poly *wp_asm_sreg(K *k, LLVMValueRef call)
{
	size_t len;
	const char *s = LLVMGetInlineAsmAsmString(LLVMGetCalledValue(call), &len);
	char text[128];
	if (!s || len >= sizeof text || LLVMGetNumArgOperands(call) != 0)
		return wp_fail(k, "value produced by inline asm");
	memcpy(text, s, len);
	text[len] = 0;
	const char *p = text;
	while (*p == ' ' || *p == '\t')
		p++;
	if (strncmp(p, "mov.", 4) != 0)
		return wp_fail(k, "value produced by inline asm");
	const char *reg = strchr(p, '%');
	const char *dst = strchr(p, '$');
	if (!reg || !dst || dst > reg || strchr(reg + 1, '%') || strchr(reg, ';') != strrchr(text, ';'))
		return wp_fail(k, "value produced by inline asm");
	reg++;
	size_t n = 0;
	while (reg[n] && reg[n] != ';' && reg[n] != ' ' && reg[n] != '\t')
		n++;
	return sreg_named(k, reg, n);
}
