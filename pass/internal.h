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
/* Remark (pass name "warpest") on instruction `inst`, or on the function when NULL. */
void warpest_emit_remark(LLVMValueRef fn, LLVMValueRef inst, const char *name, const char *msg);
/* A compiler warning (severity 1) or note (0) not tied to a function. */
void warpest_emit_diag(LLVMModuleRef module, int warning, const char *msg);
/* "file:line:col" of an instruction, at the outermost inlined call site
 * (the kernel's own source line); 0 when it has no location. */
int warpest_inst_loc(LLVMValueRef inst, char *buf, size_t len);
/* Source name of argument `index` of `fn` from debug info; malloc'd, NULL if none. */
char *warpest_arg_debug_name(LLVMValueRef fn, unsigned index);

/* ---- configuration (driver.c) ---- */
#define WP_MAX_PARAMS 16
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
} wp_config;

void wp_config_init(wp_config *c);
/* Parses "key=value;key=value" into c (adding to what is there). `bare_params`
 * accepts "name=value" for parameters (annotation syntax). Returns 0, or -1
 * with a message in err. */
int wp_config_parse(wp_config *c, const char *text, int bare_params, char *err, size_t errlen);

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

#ifdef __cplusplus
}
#endif
#endif
