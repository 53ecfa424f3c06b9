/* libFuzzer harness: the pass on arbitrary IR. The input is LLVM IR text
 * (or bitcode); what parses is retargeted to NVPTX, every defined function
 * becomes a kernel (ptx_kernel, the way the pass recognises kernels), and
 * the pass's extraction runs over the module as it does inside clang. The
 * seeds are llvm-stress modules and the lit suite's IR. */
#include <llvm-c/Analysis.h>
#include <llvm-c/Core.h>
#include <llvm-c/IRReader.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* pass/internal.h: the entry point plugin.cpp calls from the pass */
void warpest_run_module(LLVMModuleRef module, const char *params);

/* LLVMPTXKernelCallConv */
#define PTX_KERNEL_CC 71

static LLVMContextRef context;

static void quiet(LLVMDiagnosticInfoRef info, void *user)
{
	(void)info;
	(void)user;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > (1 << 20))
		return 0;
	if (!context) {
		context = LLVMContextCreate();
		LLVMContextSetDiagnosticHandler(context, quiet, NULL);
	}
	/* LLVM's parser aborts on a broken module that declares the current
	 * debug-info version (UpgradeDebugInfo). Clang and opt never hand the
	 * pass such a module, so the flag is renamed: debug info is then
	 * dropped, and broken modules are skipped by the verifier below. */
	char *text = malloc(size + 1);
	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	static const char flag[] = "Debug Info Version";
	for (size_t i = 0; i + sizeof flag - 1 <= size; i++)
		if (memcmp(text + i, flag, sizeof flag - 1) == 0)
			text[i] = 'd';
	/* LLVM 22's parser reads uninitialised heap memory when it rejects a
	 * value number that is too large (%9223372036854775807): harmless in
	 * opt, a SEGV under ASan's malloc fill. Not the pass's code, and clang
	 * never writes such numbers: skip them. */
	for (size_t i = 0, digits = 0; i < size; i++) {
		int digit = text[i] >= '0' && text[i] <= '9';
		digits = digit && digits ? digits + 1 : digit && i > 0 && (text[i - 1] == '%' || text[i - 1] == '@');
		if (digits > 9) {
			free(text);
			return 0;
		}
	}
	/* LLVM 22's parser crashes upgrading a !tbaa attachment that is not a
	 * TBAA node (UpgradeTBAANode: opt crashes on it too). The pass reads
	 * no TBAA, and clang writes only proper nodes: the attachments are
	 * renamed to a metadata kind of no meaning, which the parser keeps. */
	static const char tbaa[] = "!tbaa";
	for (size_t i = 0; i + sizeof tbaa - 1 <= size; i++)
		if (memcmp(text + i, tbaa, sizeof tbaa - 1) == 0)
			text[i + 4] = 'X';
	LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(text, size, "fuzz");
	free(text);
	LLVMModuleRef m = NULL;
	char *msg = NULL;
	/* takes the buffer */
	if (LLVMParseIRInContext(context, buf, &m, &msg)) {
		LLVMDisposeMessage(msg);
		return 0;
	}
	if (LLVMVerifyModule(m, LLVMReturnStatusAction, NULL)) {
		LLVMDisposeModule(m);
		return 0;
	}
	LLVMSetTarget(m, "nvptx64-nvidia-cuda");
	for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
		if (!LLVMIsDeclaration(f))
			LLVMSetFunctionCallConv(f, PTX_KERNEL_CC);
	warpest_run_module(m, "no-estimate");
	/* the pass must leave a valid module */
	if (LLVMVerifyModule(m, LLVMReturnStatusAction, NULL))
		abort();
	LLVMDisposeModule(m);
	return 0;
}
