/* The pass's remarks: the core's report turned into optimisation remarks
 * whose figures are named arguments (ore::NV), so that llvm-remarkutil,
 * opt-diff and opt-viewer read them without parsing prose. Kernel-level
 * remarks are under pass name "warpest" (Summary first), per-access figures
 * under "warpest-access"; advice in words sits at the source line it is
 * about. docs/pass.md lists every remark and its arguments. */
#include "internal.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A count as a plain integer (llvm-remarkutil count sums integer values;
 * it reads them as unsigned 32-bit, so callers pick units that fit). */
static void rint_arg(wp_remark *r, const char *key, double v)
{
	wp_rarg(r, key, "%.0f", v < 0 ? 0 : floor(v + 0.5));
}

static void dims3(json_object *o, const char *key, char *buf, size_t len)
{
	json_object *a = wp_jarr(o, key);
	if (!a || json_object_array_length(a) != 3) {
		snprintf(buf, len, "?");
		return;
	}
	snprintf(buf, len, "%dx%dx%d", json_object_get_int(json_object_array_get_idx(a, 0)),
		json_object_get_int(json_object_array_get_idx(a, 1)), json_object_get_int(json_object_array_get_idx(a, 2)));
}

/* "Shared-atomic" → "SharedAtomic": limiter names as argument keys. */
static void camel(const char *name, const char *suffix, char *buf, size_t len)
{
	size_t n = 0;
	int up = 1;
	for (const char *p = name; *p && n + 1 < len; p++) {
		if (!isalnum((unsigned char)*p)) {
			up = 1;
			continue;
		}
		buf[n++] = up ? (char)toupper((unsigned char)*p) : *p;
		up = 0;
	}
	buf[n] = 0;
	snprintf(buf + n, len - n, "%s", suffix);
}


/* ---------- kernel remarks ---------- */
static void config_pairs(json_object *cfg, char *buf, size_t len)
{
	size_t n = 0;
	buf[0] = 0;
	json_object_object_foreach(cfg, key, val)
	{
		if (!strcmp(key, "params") || n + 2 >= len)
			continue;
		const char *v = json_object_is_type(val, json_type_array) || json_object_is_type(val, json_type_object)
		                    ? json_object_to_json_string_ext(val, JSON_C_TO_STRING_PLAIN)
		                    : json_object_get_string(val);
		n += (size_t)snprintf(buf + n, len - n, "%s%s=%s", n ? ", " : "", key, v);
		if (n >= len)
			n = len - 1;
	}
}

static void summary(LLVMValueRef fn, const wp_kernel_names *kn, json_object *rep, char *cfgtext, size_t cfglen)
{
	const char *gpu = wp_js(rep, "gpu", "?");
	json_object *cfg;
	cfgtext[0] = 0;
	if (json_object_object_get_ex(rep, "config", &cfg))
		config_pairs(cfg, cfgtext, cfglen);
	wp_remark *r = wp_kernel_remark(kn, "Summary", gpu);
	wp_rtext(r, "predicted ");
	wp_rarg(r, "PredictedMicroseconds", "%.3g", wp_jd(rep, "predicted_seconds", 0) * 1e6);
	wp_rtext(r, " us, bottleneck ");
	warpest_remark_arg(r, "Bottleneck", wp_js(rep, "bottleneck", "?"));
	wp_rtext(r, " [");
	warpest_remark_arg(r, "Config", cfgtext);
	wp_rtext(r, "]");
	warpest_remark_emit(fn, NULL, r);

	json_object *m;
	if (json_object_object_get_ex(rep, "metrics", &m)) {
		r = wp_kernel_remark(kn, "Volumes", gpu);
		wp_rtext(r, "per launch ");
		rint_arg(r, "PredictedNanoseconds", wp_jd(rep, "predicted_seconds", 0) * 1e9);
		wp_rtext(r, " ns; DRAM ");
		rint_arg(r, "DRAMReadKB", wp_jd(m, "dram_read_bytes", 0) / 1e3);
		wp_rtext(r, " kB read, ");
		rint_arg(r, "DRAMWriteKB", wp_jd(m, "dram_write_bytes", 0) / 1e3);
		wp_rtext(r, " kB written; L2 ");
		rint_arg(r, "L2LoadSectors", wp_jd(m, "l2_load_sectors", 0));
		wp_rtext(r, " load and ");
		rint_arg(r, "L2StoreSectors", wp_jd(m, "l2_store_sectors", 0));
		wp_rtext(r, " store sectors; L1 ");
		rint_arg(r, "L1DataWavefronts", wp_jd(m, "l1_data_wavefronts", 0));
		wp_rtext(r, " data wavefronts; ");
		rint_arg(r, "SharedAtomicInstructions", wp_jd(m, "shared_atomic_instructions", 0));
		wp_rtext(r, " shared atomic warp-instructions; ");
		rint_arg(r, "ActiveThreads", wp_jd(rep, "active_threads", 0));
		wp_rtext(r, " active threads");
		warpest_remark_emit(fn, NULL, r);
	}

	json_object *lim = wp_jarr(rep, "limiters");
	if (lim) {
		r = wp_kernel_remark(kn, "Limiters", gpu);
		wp_rtext(r, "limiters: ");
		for (size_t i = 0; i < json_object_array_length(lim); i++) {
			json_object *l = json_object_array_get_idx(lim, i);
			const char *name = wp_js(l, "name", "?");
			char key[96];
			wp_rtext(r, "%s%s ", i ? ", " : "", name);
			camel(name, "Microseconds", key, sizeof key);
			wp_rarg(r, key, "%.3g", wp_jd(l, "seconds", 0) * 1e6);
			wp_rtext(r, " us (");
			camel(name, "Percent", key, sizeof key);
			rint_arg(r, key, 100 * wp_jd(l, "utilisation", 0));
			wp_rtext(r, "%%)");
		}
		warpest_remark_emit(fn, NULL, r);
	}
}

static void neighbours(LLVMValueRef fn, const wp_kernel_names *kn, json_object *rep)
{
	json_object *v = wp_jarr(rep, "neighbours");
	for (size_t i = 0; v && i < json_object_array_length(v) && i < 3; i++) {
		json_object *nb = json_object_array_get_idx(v, i);
		char block[64];
		dims3(nb, "block", block, sizeof block);
		const char *variant = wp_js(nb, "variant", "");
		wp_remark *r = wp_kernel_remark(kn, "Neighbour", wp_js(rep, "gpu", "?"));
		wp_rtext(r, "better configuration: block ");
		warpest_remark_arg(r, "Block", block);
		if (variant[0]) {
			wp_rtext(r, ", variant ");
			warpest_remark_arg(r, "Variant", variant);
		}
		wp_rtext(r, ", predicted ");
		wp_rarg(r, "PredictedMicroseconds", "%.3g", wp_jd(nb, "predicted_seconds", 0) * 1e6);
		wp_rtext(r, " us (");
		rint_arg(r, "GainPercent", 100 * wp_jd(nb, "gain", 0));
		wp_rtext(r, "%% less time), bottleneck ");
		warpest_remark_arg(r, "Bottleneck", wp_js(nb, "bottleneck", "?"));
		warpest_remark_emit(fn, NULL, r);
	}
}

void wp_report_remarks(LLVMValueRef fn, const wp_kernel_names *kn, const wp_kernel_info *info, json_object *rep,
	int estimated, const char *missing_note)
{
	char cfgtext[512] = "";
	LLVMContextRef ctx = LLVMGetModuleContext(LLVMGetGlobalParent(fn));
	if (estimated) {
		summary(fn, kn, rep, cfgtext, sizeof cfgtext);
		wp_advice_kernel(fn, kn, info, rep);
		neighbours(fn, kn, rep);
		const char *bottleneck = wp_js(rep, "bottleneck", "?");
		LLVMMetadataRef b = LLVMMDStringInContext2(ctx, bottleneck, strlen(bottleneck));
		wp_set_fn_md(fn, "warpest.bottleneck", b);
		LLVMValueRef tv = LLVMConstReal(LLVMDoubleTypeInContext(ctx), wp_jd(rep, "predicted_seconds", 0));
		wp_set_fn_md(fn, "warpest.predicted_seconds", LLVMValueAsMetadata(tv));
		LLVMMetadataRef c = LLVMMDStringInContext2(ctx, cfgtext, strlen(cfgtext));
		wp_set_fn_md(fn, "warpest.config", c);
	} else if (missing_note) {
		wp_kernel_note(fn, kn, "NeedsValues", "%s", missing_note);
	}
	/* per access: the report's entries, in model order */
	json_object *accs = wp_jarr(rep, "accesses");
	for (int i = 0; i < info->n_accesses; i++) {
		json_object *a = accs && (size_t)i < json_object_array_length(accs) ? json_object_array_get_idx(accs, (size_t)i)
		                                                                      : NULL;
		char desc[2048];
		wp_cuda_words(info->access_text[i], desc, sizeof desc);
		int bad = strstr(desc, " not analysed: ") != NULL;
		wp_remark *r = warpest_remark_new("warpest-access", bad ? "Unanalysable" : "Access");
		warpest_remark_arg(r, "Access", desc);
		int constant = a && !strcmp(wp_js(a, "space", ""), "constant");
		if (a && !bad && constant && json_object_object_get_ex(a, "warp_instructions", NULL)) {
			/* the constant cache: passes instead of L1 wavefronts */
			wp_rtext(r, ": ");
			rint_arg(r, "Bytes", wp_jd(a, "bytes", 0));
			wp_rtext(r, " B from the constant cache, ");
			wp_rarg(r, "ConstantCachePasses", "%.3g", wp_jd(a, "constant_cache_passes_per_instruction", 0));
			wp_rtext(r, " passes per instruction, ");
			rint_arg(r, "WarpInstructions", wp_jd(a, "warp_instructions", 0));
			wp_rtext(r, " warp-instructions");
			json_object *op = NULL;
			if (json_object_object_get_ex(a, "operand", &op) && json_object_get_boolean(op))
				wp_rtext(r, " (literal address: an operand of its user, no load instruction)");
		} else if (a && (!bad || json_object_object_get_ex(a, "assume", NULL)) &&
			   json_object_object_get_ex(a, "warp_instructions", NULL) &&
			   json_object_object_get_ex(a, "data_wavefronts_per_instruction", NULL)) {
			/* an unanalysed access counted under an assumption: its figures
			 * under it, named */
			if (bad) {
				wp_rtext(r, "; assumed ");
				warpest_remark_arg(r, "Assumed", wp_js(a, "assume", "?"));
			}
			wp_rtext(r, ": ");
			rint_arg(r, "Bytes", wp_jd(a, "bytes", 0));
			wp_rtext(r, " B, ");
			wp_rarg(r, "DataWavefronts", "%.3g", wp_jd(a, "data_wavefronts_per_instruction", 0));
			wp_rtext(r, " data and ");
			wp_rarg(r, "TagWavefronts", "%.3g", wp_jd(a, "tag_wavefronts_per_instruction", 0));
			wp_rtext(r, " tag wavefronts and ");
			wp_rarg(r, "SectorsPerRequest", "%.3g", wp_jd(a, "sectors_per_request", 0));
			wp_rtext(r, " sectors per request, ");
			wp_rarg(r, "L1CyclesPerInstruction", "%.3g", wp_jd(a, "l1_cycles_per_instruction", 0));
			wp_rtext(r, " L1 cycles per instruction, ");
			rint_arg(r, "WarpInstructions", wp_jd(a, "warp_instructions", 0));
			wp_rtext(r, " warp-instructions of ");
			wp_rarg(r, "ActiveLanes", "%.3g", wp_jd(a, "active_lanes_per_instruction", 0));
			wp_rtext(r, " active lanes");
		}
		warpest_remark_emit(fn, info->access_inst[i], r);
		if (a && !bad)
			wp_advice_access(fn, info, i, a, desc);
	}
}
