/* Integers computed through floating point from constants: after unrolling,
 * `(int)__powf(2, level)` is ex2.approx(lg2.approx(2.0) * 3.0) with every
 * operand known, a stride the address needs. The value is computed in
 * double with exact exp2/log2; a result within 1e-6 of an integer is that
 * integer (the approximate intrinsics are exact at integers on the GPU:
 * stated as an assumption), else it is truncated as fptosi does. */
#include "float_const.h"

#include <math.h>
#include <string.h>

#define MAX_DEPTH 24
/* Operands visited at most per fold: the operands form a DAG, and
 * x1 = x0 + x0, x2 = x1 + x1, ... would be visited 2^depth times */
#define MAX_VISITS 1024

typedef struct folding {
	int approx;  /* an approximate intrinsic was taken as exact */
	int visits;
} folding;

static int fold(folding *st, LLVMValueRef v, int depth, double *out);

static int fold_call(folding *st, LLVMValueRef v, int depth, double *out)
{
	const char *n = wp_callee_name(v);
	unsigned nargs = LLVMGetNumArgOperands(v);
	double a = 0, b = 0;
	if (nargs < 1 || !fold(st, LLVMGetOperand(v, 0), depth + 1, &a))
		return 0;
	if (strncmp(n, "llvm.nvvm.ex2.approx.", 21) == 0) {
		st->approx = 1;
		*out = exp2(a);
	} else if (strncmp(n, "llvm.nvvm.lg2.approx.", 21) == 0) {
		st->approx = 1;
		if (a <= 0)
			return 0;
		*out = log2(a);
	} else if (strncmp(n, "llvm.exp2.", 10) == 0) {
		*out = exp2(a);
	} else if (strncmp(n, "llvm.log2.", 10) == 0) {
		if (a <= 0)
			return 0;
		*out = log2(a);
	} else if (strncmp(n, "llvm.pow.", 9) == 0 && nargs >= 2 &&
		   fold(st, LLVMGetOperand(v, 1), depth + 1, &b)) {
		*out = pow(a, b);
	} else if (strncmp(n, "llvm.floor.", 11) == 0) {
		*out = floor(a);
	} else if (strncmp(n, "llvm.ceil.", 10) == 0) {
		*out = ceil(a);
	} else if (strncmp(n, "llvm.trunc.", 11) == 0) {
		*out = trunc(a);
	} else {
		return 0;
	}
	return isfinite(*out);
}

static int fold(folding *st, LLVMValueRef v, int depth, double *out)
{
	if (depth > MAX_DEPTH || ++st->visits > MAX_VISITS)
		return 0;
	if (LLVMIsAConstantFP(v)) {
		LLVMBool lost;
		*out = LLVMConstRealGetDouble(v, &lost);
		return isfinite(*out);
	}
	if (!LLVMIsAInstruction(v))
		return 0;
	LLVMOpcode op = LLVMGetInstructionOpcode(v);
	double a = 0, b = 0;
	switch (op) {
	case LLVMSIToFP:
	case LLVMUIToFP: {
		/* an unrolled loop's counter is a constant by now */
		LLVMValueRef x = LLVMGetOperand(v, 0);
		if (!LLVMIsAConstantInt(x) || LLVMGetIntTypeWidth(LLVMTypeOf(x)) > 64)
			return 0;
		*out = op == LLVMSIToFP ? (double)LLVMConstIntGetSExtValue(x) :
			(double)LLVMConstIntGetZExtValue(x);
		return 1;
	}
	case LLVMFPExt:
	case LLVMFPTrunc:
		return fold(st, LLVMGetOperand(v, 0), depth + 1, out);
	case LLVMFNeg:
		if (!fold(st, LLVMGetOperand(v, 0), depth + 1, &a))
			return 0;
		*out = -a;
		return 1;
	case LLVMFAdd:
	case LLVMFSub:
	case LLVMFMul:
	case LLVMFDiv:
		if (!fold(st, LLVMGetOperand(v, 0), depth + 1, &a) ||
		    !fold(st, LLVMGetOperand(v, 1), depth + 1, &b))
			return 0;
		*out = op == LLVMFAdd ? a + b : op == LLVMFSub ? a - b : op == LLVMFMul ? a * b : a / b;
		return isfinite(*out);
	case LLVMCall:
		return fold_call(st, v, depth, out);
	default:
		return 0;
	}
}

int wp_float_const_int(K *k, LLVMValueRef cvt, int64_t *out)
{
	double x;
	folding st = {0, 0};
	if (!fold(&st, LLVMGetOperand(cvt, 0), 0, &x))
		return 0;
	double r = nearbyint(x);
	if (fabs(x - r) <= 1e-6 * fmax(1.0, fabs(r)))
		x = r;
	else
		x = trunc(x);
	if (!(fabs(x) < 9.2e18) || (LLVMGetInstructionOpcode(cvt) == LLVMFPToUI && x < 0))
		return 0;
	*out = (int64_t)x;
	if (st.approx)
		wp_assume(k, "floating-point constants through approximate exp2/log2 (__powf) taken as "
			"exact%s (value %lld)", wp_where(k, cvt), (long long)*out);
	return 1;
}
