/* Internal interface of the warpest pass plugin: C11 logic on the LLVM-C API,
 * plus the few helpers plugin.cpp provides to C. */
#ifndef WARPEST_PASS_INTERNAL_H
#define WARPEST_PASS_INTERNAL_H

#include <llvm-c/Core.h>
#include <json-c/json.h>
#include <stddef.h>

#define WP_EXPORT __attribute__((visibility("default")))

#ifdef __cplusplus
extern "C" {
#endif

/* ---- provided by plugin.cpp ---- */
/* A remark under construction (plugin.cpp): plain text and named arguments
 * (key, value) in order; emitted on instruction `inst`, or on the function
 * when NULL, under pass name `pass` (e.g. "warpest", "warpest-access") and
 * remark name `name`. emit and discard free it. */
typedef struct wp_remark wp_remark;
wp_remark *warpest_remark_new(const char *pass, const char *name);
void warpest_remark_text(wp_remark *r, const char *text);
void warpest_remark_arg(wp_remark *r, const char *key, const char *value);
void warpest_remark_emit(LLVMValueRef fn, LLVMValueRef inst, wp_remark *r);
void warpest_remark_discard(wp_remark *r);
/* A compiler warning (severity 1) or note (0) through the host's diagnostic
 * engine (clang: -Werror turns the warning into an error), at the kernel's
 * line when fn is given. */
void warpest_emit_diag(LLVMModuleRef module, LLVMValueRef fn, int warning, const char *msg);
/* Demangled name of an Itanium-mangled function, malloc'd; NULL when the
 * name is not mangled. mode 0: qualified name with template arguments
 * ("ns::f<float>"), 1: with parameter types, 2: base name ("f"). */
char *warpest_demangle(const char *mangled, int mode);
/* "file:line:col" of an instruction, at the outermost inlined call site
 * (the kernel's own source line); 0 when it has no location. */
int warpest_inst_loc(LLVMValueRef inst, char *buf, size_t len);
/* Source name of argument `index` of `fn` from debug info; malloc'd, NULL if none. */
char *warpest_arg_debug_name(LLVMValueRef fn, unsigned index);

/* ---- configuration (driver.c) ---- */
#define WP_MAX_PARAMS 128
typedef struct wp_config {
	char gpu[64];
	int has_block, block[3];
	int has_grid, grid[3];
	int registers;
	int n_params;
	char param_names[WP_MAX_PARAMS][64];
	long long param_values[WP_MAX_PARAMS];
	char dump_dir[1024];
	char tables[1024];
	char kernel[256];
	int print_isl_version;
	int trip_count; /* used for loops of unknown trip count */
	int no_estimate;
	int budget_ms;  /* compile time one kernel's ranking may take; 0: the default */
	/* percent of clang's own time the module's optional work (rankings,
	 * neighbour searches) may take; -1: the default (2), unless budget-ms= is given */
	int compile_share;
} wp_config;

void wp_config_init(wp_config *c);
/* Parses "key=value;key=value" into c (adding to what is there). `bare_params`
 * accepts "name=value" for parameters (annotation syntax). Returns 0, or -1
 * with a message in err. */
int wp_config_parse(wp_config *c, const char *text, int bare_params, char *err, size_t errlen);

/* ---- compile-time budget (compile_budget.c) ---- */
/* The compile time a kernel's optional work (a ranking of block shapes, the
 * neighbour search) may take beyond its one estimate. */
typedef struct optional_budget {
	double ms;
	int share; /* the compile-share percentage that set it; -1: budget-ms= */
} optional_budget;

/* CPU time of the whole process so far, in ms. */
double wp_cpu_ms(void);
/* A kernel's optional budget: budget-ms= (default_ms where not given) when
 * given without compile-share=; else its part of the compile-share of
 * clang_ms (clang's CPU time before the pass) less spent_ms (the pass's
 * since), shared by kernels_left kernels, at most that budget. */
optional_budget wp_kernel_budget(const wp_config *cfg, double default_ms, double clang_ms,
	double spent_ms, int kernels_left);
/* The budget in a remark's words. */
void wp_budget_words(const optional_budget *ob, char *buf, size_t size);

/* Checks pass parameters without running anything (used by plugin.cpp). */
int warpest_check_params(const char *params, char *err, size_t errlen);
/* Runs the analysis on one module (plugin.cpp calls it from the pass). */
void warpest_run_module(LLVMModuleRef module, const char *params);

/* ---- extraction (extract.c) ---- */
typedef struct wp_kernel_info {
	json_object *model;       /* the kernel model */
	int n_accesses;
	LLVMValueRef *access_inst; /* instruction of model access i */
	char **access_text;        /* short description of access i */
	int n_unanalysable;
	char missing[512];         /* parameters without a value, comma separated */
	char subtracted[512];      /* of those, the ones a thread count or grid rule subtracts */
	int optnone;               /* the function is unoptimised (-O0) */
} wp_kernel_info;

int wp_is_kernel(LLVMModuleRef module, LLVMValueRef fn);
int wp_extract(LLVMModuleRef module, LLVMValueRef fn, const wp_config *config,
	wp_kernel_info *info, char *err, size_t errlen);
void wp_kernel_info_clear(wp_kernel_info *info);
/* Holds a model to the core reader's limits: loops, parameters (conform.c). */
void wp_conform(json_object *model);
/* Compact JSON text with one access, field or loop per line. malloc'd. */
char *wp_model_to_text(json_object *model);


/* ---- remarks (remarks.c, advice.c) ---- */
typedef struct wp_kernel_names {
	const char *mangled; /* the IR name (kept in metadata and dumped models) */
	char display[512];   /* demangled, without parameter types; else the IR name */
	char signature[1024]; /* demangled with parameter types; else "" */
	char arch[64];        /* the function's target-cpu, e.g. sm_90 */
} wp_kernel_names;

void wp_rtext(wp_remark *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void wp_rarg(wp_remark *r, const char *key, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* A kernel-level remark (pass "warpest") started with "Kernel (arch[, gpu]): ". */
wp_remark *wp_kernel_remark(const wp_kernel_names *kn, const char *name, const char *gpu);
/* A kernel-level remark of one text after that prefix. */
void wp_kernel_note(LLVMValueRef fn, const wp_kernel_names *kn, const char *name, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* tid./ctaid./ntid./nctaid. → threadIdx./blockIdx./blockDim./gridDim. */
void wp_cuda_words(const char *in, char *out, size_t len);
/* JSON lookups with a default: number, string, array (NULL if absent). */
double wp_jd(json_object *o, const char *key, double dflt);
const char *wp_js(json_object *o, const char *key, const char *dflt);
json_object *wp_jarr(json_object *o, const char *key);
void wp_set_fn_md(LLVMValueRef fn, const char *kind, LLVMMetadataRef md);
/* Every remark of one kernel's report (`rep`, possibly empty). */
void wp_report_remarks(LLVMValueRef fn, const wp_kernel_names *kn, const wp_kernel_info *info, json_object *rep,
	int estimated, const char *missing_note);
void wp_advice_kernel(LLVMValueRef fn, const wp_kernel_names *kn, const wp_kernel_info *info, json_object *rep);
/* Source name of argument `index` from the kernel's declaration in its
 * source file (names.c); malloc'd, NULL if not found. */
char *wp_source_arg_name(LLVMValueRef fn, unsigned index);
/* Frees what wp_source_arg_name keeps between kernels (the source file read
 * for a module's kernels without debug locations). */
void wp_source_names_release(void);
/* Whether name is an entry of list, a ", "-separated list of names. */
int wp_name_listed(const char *list, const char *name);
/* "arg2 is the 3rd parameter (int), …" for the model's parameters named argN;
 * "" when every parameter has a source name. */
void wp_arg_legend(LLVMValueRef fn, const wp_kernel_names *kn, json_object *model, char *buf, size_t len);
void wp_advice_access(LLVMValueRef fn, const wp_kernel_info *info, int i, json_object *a, const char *desc);

#ifdef __cplusplus
}
#endif
#endif
