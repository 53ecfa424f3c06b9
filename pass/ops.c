/* Per-thread operation counts by loop nest (fp32/fp64 add, mul, fma, int,
 * int mad, sfu, other), a contractable multiply feeding one add counted as
 * an FMA. */
#include "model_parts.h"

#include <string.h>

enum { O_F32ADD, O_F32MUL, O_F32FMA, O_F64ADD, O_F64MUL, O_F64FMA, O_INT, O_INTMAD, O_SFU, O_OTHER, O_N };
static const char *op_names[O_N] = {"fp32_add", "fp32_mul", "fp32_fma", "fp64_add", "fp64_mul",
	"fp64_fma", "int", "int_mad", "sfu", "other"};

static int fp_kind(LLVMTypeRef t, int *lanes)
{
	*lanes = 1;
	if (LLVMGetTypeKind(t) == LLVMVectorTypeKind) {
		*lanes = (int)LLVMGetVectorSize(t);
		t = LLVMGetElementType(t);
	}
	LLVMTypeKind k = LLVMGetTypeKind(t);
	return k == LLVMDoubleTypeKind ? 2 : (k == LLVMFloatTypeKind || k == LLVMHalfTypeKind || k == LLVMBFloatTypeKind) ? 1 : 0;
}

void wp_count_ops(K *k, json_object *model)
{
	int nkeys = k->nl + 1;
	long long (*cnt)[O_N] = wp_alloc(k->ar, (size_t)nkeys * sizeof(*cnt));
	pmap fused = {0};
	for (int b = 0; b < k->nb; b++) {
		if (k->rpo_num[b] < 0)
			continue;
		long long *c = cnt[k->inner[b] + 1];
		for (LLVMValueRef i = LLVMGetFirstInstruction(k->bb[b]); i; i = LLVMGetNextInstruction(i)) {
			int lanes, fk = fp_kind(LLVMTypeOf(i), &lanes);
			int base = fk == 2 ? O_F64ADD : O_F32ADD;
			switch (LLVMGetInstructionOpcode(i)) {
			case LLVMFAdd: case LLVMFSub:
				if (fk && !wp_pmap_get(&fused, i))
					c[base] += lanes;
				break;
			case LLVMFMul: {
				/* a contractable multiply feeding one add becomes an FMA in the backend */
				LLVMUseRef u = LLVMGetFirstUse(i);
				LLVMValueRef user = u && !LLVMGetNextUse(u) ? LLVMGetUser(u) : NULL;
				int contract = LLVMCanValueUseFastMathFlags(i) &&
				               (LLVMGetFastMathFlags(i) & LLVMFastMathAllowContract);
				if (fk && contract && user && LLVMIsAInstruction(user) &&
				    (LLVMGetInstructionOpcode(user) == LLVMFAdd || LLVMGetInstructionOpcode(user) == LLVMFSub) &&
				    (LLVMGetFastMathFlags(user) & LLVMFastMathAllowContract) && !wp_pmap_get(&fused, user)) {
					wp_pmap_put(k->ar, &fused, user, (void *)1);
					c[base + 2] += lanes;
				} else if (fk) {
					c[base + 1] += lanes;
				}
				break;
			}
			case LLVMFDiv: case LLVMFRem: c[O_SFU] += lanes; break;
			case LLVMAdd: case LLVMSub: case LLVMAnd: case LLVMOr: case LLVMXor: case LLVMShl:
			case LLVMLShr: case LLVMAShr: case LLVMICmp: case LLVMSelect: case LLVMGetElementPtr:
				c[O_INT] += lanes;
				break;
			case LLVMMul: c[O_INTMAD] += lanes; break;
			case LLVMSDiv: case LLVMUDiv: case LLVMSRem: case LLVMURem:
			case LLVMFCmp: case LLVMFPToSI: case LLVMFPToUI: case LLVMSIToFP: case LLVMUIToFP:
			case LLVMFPTrunc: case LLVMFPExt: case LLVMFNeg:
				c[O_OTHER] += lanes;
				break;
			case LLVMCall: {
				const char *n = wp_callee_name(i);
				if (strncmp(n, "llvm.fma.", 9) == 0 || strncmp(n, "llvm.fmuladd.", 13) == 0 ||
				    strncmp(n, "llvm.nvvm.fma.", 14) == 0) {
					if (fk)
						c[base + 2] += lanes;
				} else if (strstr(n, "sqrt") || strstr(n, "rsqrt") || strstr(n, "ex2") || strstr(n, "lg2") ||
				           strstr(n, ".sin") || strstr(n, ".cos") || strstr(n, "rcp") || strstr(n, "llvm.exp") ||
				           strstr(n, "llvm.log")) {
					c[O_SFU] += lanes;
				} else if (strncmp(n, "llvm.fabs", 9) == 0 || strncmp(n, "llvm.smin", 9) == 0 ||
				           strncmp(n, "llvm.smax", 9) == 0 || strncmp(n, "llvm.umin", 9) == 0 ||
				           strncmp(n, "llvm.umax", 9) == 0) {
					c[O_INT] += lanes;
				}
				break;
			}
			default:
				break;
			}
		}
	}
	json_object *arr = json_object_new_array();
	for (int key = 0; key < nkeys; key++) {
		int any = 0;
		for (int o = 0; o < O_N; o++)
			any |= cnt[key][o] != 0;
		if (!any)
			continue;
		json_object *e = json_object_new_object();
		if (key > 0) {
			json_object *loops = json_object_new_array();
			int chain[64], nc = 0;
			for (int li = key - 1; li >= 0 && nc < 64; li = k->loops[li].parent)
				chain[nc++] = li;
			for (int c = nc - 1; c >= 0; c--)
				json_object_array_add(loops, json_object_new_string(k->at.a[k->loops[chain[c]].atom].name));
			json_object_object_add(e, "loops", loops);
		}
		for (int o = 0; o < O_N; o++)
			if (cnt[key][o])
				json_object_object_add(e, op_names[o], json_object_new_int64(cnt[key][o]));
		json_object_array_add(arr, e);
	}
	json_object_object_add(model, "ops", arr);
}
