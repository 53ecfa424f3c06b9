// warpest pass plugin: registration with the new pass manager, and the few
// things the LLVM-C API cannot do (remarks, debug names of arguments). All
// analysis is C (driver.c, extract.c).
#include "internal.h"

#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DebugProgramInstruction.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Plugins/PassPlugin.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

using namespace llvm;

static const DILocation *outermost(const Instruction *I)
{
	const DILocation *L = I->getDebugLoc().get();
	while (L && L->getInlinedAt())
		L = L->getInlinedAt();
	return L;
}

extern "C" int warpest_inst_loc(LLVMValueRef inst, char *buf, size_t len)
{
	const DILocation *L = outermost(unwrap<Instruction>(inst));
	if (!L || !L->getLine())
		return 0;
	snprintf(buf, len, "%s:%u:%u", L->getFilename().rsplit('/').second.empty() ? L->getFilename().str().c_str()
	                                                                          : L->getFilename().rsplit('/').second.str().c_str(),
		L->getLine(), L->getColumn());
	return 1;
}

/* A remark under construction: text pieces and named arguments (the
 * ore::NV convention), emitted in one go. */
struct wp_remark {
	std::string Pass, Name;
	std::vector<std::pair<std::string, std::string>> Args; /* key "" = plain text */
};

extern "C" wp_remark *warpest_remark_new(const char *pass, const char *name)
{
	wp_remark *r = new wp_remark;
	r->Pass = pass;
	r->Name = name;
	return r;
}

extern "C" void warpest_remark_text(wp_remark *r, const char *text)
{
	r->Args.emplace_back("", text);
}

extern "C" void warpest_remark_arg(wp_remark *r, const char *key, const char *value)
{
	r->Args.emplace_back(key, value);
}

extern "C" void warpest_remark_emit(LLVMValueRef fn, LLVMValueRef inst, wp_remark *r)
{
	Function *F = unwrap<Function>(fn);
	OptimizationRemarkEmitter ORE(F);
	DiagnosticLocation loc;
	const BasicBlock *BB = &F->getEntryBlock();
	if (inst) {
		Instruction *I = unwrap<Instruction>(inst);
		if (const DILocation *L = outermost(I))
			loc = DiagnosticLocation(DebugLoc(const_cast<DILocation *>(L)));
		BB = I->getParent();
	} else if (DISubprogram *sp = F->getSubprogram()) {
		loc = DiagnosticLocation(sp);
	}
	/* the pass name must outlive the remark: it is a StringRef in it */
	ORE.emit([&] {
		OptimizationRemarkAnalysis R(r->Pass.c_str(), r->Name, loc, BB);
		for (auto &A : r->Args)
			if (A.first.empty())
				R << A.second;
			else
				R << ore::NV(A.first, StringRef(A.second));
		return R;
	});
	delete r;
}

extern "C" void warpest_remark_discard(wp_remark *r)
{
	delete r;
}

extern "C" void warpest_emit_diag(LLVMModuleRef module, LLVMValueRef fn, int warning, const char *msg)
{
	std::string text(msg);
	DiagnosticSeverity sev = warning ? DS_Warning : DS_Note;
	Function *F = fn ? unwrap<Function>(fn) : nullptr;
	if (DISubprogram *sp = F ? F->getSubprogram() : nullptr) {
		F->getContext().diagnose(DiagnosticInfoGenericWithLoc(text, *F, DiagnosticLocation(sp), sev));
		return;
	}
	unwrap(module)->getContext().diagnose(DiagnosticInfoGeneric(text, sev));
}

extern "C" char *warpest_demangle(const char *mangled, int mode)
{
	ItaniumPartialDemangler D;
	if (!mangled || strncmp(mangled, "_Z", 2) != 0 || D.partialDemangle(mangled))
		return nullptr;
	if (mode == 1) {
		std::string s = demangle(mangled);
		return strdup(s.c_str());
	}
	size_t n = 0;
	/* malloc'd by the demangler */
	return mode == 2 ? D.getFunctionBaseName(nullptr, &n) : D.getFunctionName(nullptr, &n);
}

extern "C" char *warpest_arg_debug_name(LLVMValueRef fn, unsigned index)
{
	Function *F = unwrap<Function>(fn);
	auto pick = [&](const DILocalVariable *V) -> char * {
		if (V && V->getArg() == index + 1 && !V->getName().empty())
			return strdup(V->getName().str().c_str());
		return nullptr;
	};
	for (Instruction &I : instructions(*F)) {
		for (DbgVariableRecord &R : filterDbgVars(I.getDbgRecordRange()))
			if (char *n = pick(R.getVariable()))
				return n;
	}
	if (DISubprogram *SP = F->getSubprogram())
		for (const DINode *N : SP->getRetainedNodes())
			if (char *n = pick(dyn_cast<DILocalVariable>(N)))
				return n;
	return nullptr;
}

namespace {
struct WarpestPass : PassInfoMixin<WarpestPass> {
	std::string Params;
	explicit WarpestPass(std::string P) : Params(std::move(P)) {}
	PreservedAnalyses run(Module &M, ModuleAnalysisManager &)
	{
		warpest_run_module(wrap(&M), Params.c_str());
		return PreservedAnalyses::all(); // only metadata is added
	}
	static bool isRequired() { return true; }
};

bool versionMatches()
{
	unsigned major = 0, minor = 0, patch = 0;
	LLVMGetVersion(&major, &minor, &patch);
	if (major == LLVM_VERSION_MAJOR)
		return true;
	errs() << "warpest: this plugin was built for LLVM " << LLVM_VERSION_MAJOR << " but was loaded into LLVM "
	       << major << "." << minor << "; it stays inactive\n";
	return false;
}

void registerCallbacks(PassBuilder &PB)
{
	if (!versionMatches())
		return;
	PB.registerPipelineParsingCallback(
		[](StringRef Name, ModulePassManager &MPM, ArrayRef<PassBuilder::PipelineElement>) {
			if (Name == "warpest") {
				MPM.addPass(WarpestPass(""));
				return true;
			}
			if (!Name.consume_front("warpest<") || !Name.consume_back(">"))
				return false;
			std::string P = Name.str();
			char err[1024];
			if (warpest_check_params(P.c_str(), err, sizeof err)) {
				errs() << "warpest: invalid pass parameters '" << P << "': " << err << "\n";
				return false;
			}
			MPM.addPass(WarpestPass(P));
			return true;
		});
	// Inside clang: after the optimisation pipeline, on every module (the
	// pass itself skips host modules). Parameters come from WARPEST_CONFIG.
	PB.registerOptimizerLastEPCallback([](ModulePassManager &MPM, OptimizationLevel, ThinOrFullLTOPhase) {
		MPM.addPass(WarpestPass(""));
	});
}
} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK __attribute__((visibility("default"))) PassPluginLibraryInfo llvmGetPassPluginInfo()
{
	return {LLVM_PLUGIN_API_VERSION, "warpest", "0.1.0", registerCallbacks};
}
