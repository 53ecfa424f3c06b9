/* Advice in words, each with the figure it rests on: what limits
 * occupancy, which layer conditions break and the largest plane that
 * restores them, the assumptions behind the prediction (at the kernel's
 * line), uncoalesced accesses and shared-memory bank conflicts (at the
 * access's line). Thresholds are in docs/pass.md. */
#include "internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void occupancy(LLVMValueRef fn, const wp_kernel_names *kn, json_object *rep)
{
	json_object *occ, *cfg = NULL;
	if (!json_object_object_get_ex(rep, "occupancy", &occ))
		return;
	json_object_object_get_ex(rep, "config", &cfg);
	int warps = (int)wp_jd(occ, "warps_per_sm", 0), maxw = (int)wp_jd(occ, "max_warps_per_sm", 0);
	const char *by = wp_js(occ, "limited_by", "?");
	wp_remark *r = wp_kernel_remark(kn, "Occupancy", wp_js(rep, "gpu", "?"));
	wp_rtext(r, "occupancy ");
	wp_rarg(r, "BlocksPerSM", "%d", (int)wp_jd(occ, "blocks_per_sm", 0));
	wp_rtext(r, " blocks, ");
	wp_rarg(r, "WarpsPerSM", "%d", warps);
	wp_rtext(r, " of ");
	wp_rarg(r, "MaxWarpsPerSM", "%d", maxw);
	wp_rtext(r, " warps per SM, limited by ");
	warpest_remark_arg(r, "OccupancyLimit", by);
	if (maxw > 0 && warps < maxw) {
		if (!strcmp(by, "registers")) {
			wp_rtext(r, ": ");
			wp_rarg(r, "Registers", "%d", (int)wp_jd(cfg, "registers", 0));
			wp_rtext(r, " registers per thread; fewer (__launch_bounds__, -maxrregcount) would fit more warps");
		} else if (!strcmp(by, "shared")) {
			wp_rtext(r, ": ");
			wp_rarg(r, "SharedBytes", "%d", (int)wp_jd(cfg, "shared_bytes", 0));
			wp_rtext(r, " B of shared memory per block; less per block would fit more blocks");
		} else if (!strcmp(by, "blocks")) {
			wp_rtext(r, ": the SM's limit on resident blocks; larger blocks would fit more warps");
		} else {
			wp_rtext(r, ": the block's threads do not divide the SM's thread limit");
		}
	}
	warpest_remark_emit(fn, NULL, r);
}

static int jd_one(json_object *lc)
{
	return wp_jd(lc, "waves_back", 0) == 1;
}

static void layer_conditions(LLVMValueRef fn, const wp_kernel_names *kn, json_object *rep)
{
	json_object *lcs = wp_jarr(rep, "layer_conditions");
	for (size_t i = 0; lcs && i < json_object_array_length(lcs); i++) {
		json_object *lc = json_object_array_get_idx(lcs, i), *fits;
		int holds = json_object_object_get_ex(lc, "fits", &fits) && json_object_get_boolean(fits);
		wp_remark *r = wp_kernel_remark(kn, "LayerCondition", wp_js(rep, "gpu", "?"));
		wp_rtext(r, "layer condition ");
		wp_rarg(r, "WavesBack", "%d", (int)wp_jd(lc, "waves_back", 0));
		wp_rtext(r, jd_one(lc) ? " wave back " : " waves back ");
		warpest_remark_arg(r, "Verdict", holds ? "holds" : "broken");
		wp_rtext(r, ": ");
		wp_rarg(r, "VolumeKB", "%.0f", wp_jd(lc, "volume_bytes", 0) / 1e3);
		wp_rtext(r, " kB touched in between, L2 holds ");
		wp_rarg(r, "CapacityKB", "%.0f", wp_jd(lc, "capacity_bytes", 0) / 1e3);
		wp_rtext(r, " kB, hit rate ");
		wp_rarg(r, "HitRatePercent", "%.0f", 100 * wp_jd(lc, "hit_rate", 0));
		wp_rtext(r, "%% on ");
		wp_rarg(r, "ReusedKB", "%.0f", wp_jd(lc, "reused_bytes", 0) / 1e3);
		wp_rtext(r, " kB reused");
		const char *field = wp_js(lc, "plane_field", NULL);
		double plane = wp_jd(lc, "plane_elements", 0), maxp = wp_jd(lc, "max_plane_elements", 0);
		if (field && plane > 0 && maxp > 0) {
			wp_rtext(r, holds ? "; it holds for planes of " : "; to restore it, shrink the plane of ");
			warpest_remark_arg(r, "PlaneField", field);
			wp_rtext(r, holds ? " up to " : " to at most ");
			wp_rarg(r, "MaxPlaneElements", "%.0f", floor(maxp));
			wp_rtext(r, " elements (now ");
			wp_rarg(r, "PlaneElements", "%.0f", plane);
			wp_rtext(r, holds ? ")" : "), e.g. by blocking the domain in its inner dimensions");
		}
		warpest_remark_emit(fn, NULL, r);
	}
}

static void assumptions(LLVMValueRef fn, const wp_kernel_names *kn, const wp_kernel_info *info, json_object *rep)
{
	json_object *lists[2] = {wp_jarr(rep, "assumptions"), wp_jarr(info->model, "assumptions")};
	for (int l = 0; l < 2; l++)
		for (size_t i = 0; lists[l] && i < json_object_array_length(lists[l]); i++) {
			const char *a = json_object_get_string(json_object_array_get_idx(lists[l], i));
			if (!a)
				continue;
			/* the model's assumptions reach the report cut to the core's
			 * 255 bytes: such a cut copy gives way to the model's whole text */
			int seen = 0;
			size_t len = strlen(a);
			for (size_t j = 0; lists[1 - l] && j < json_object_array_length(lists[1 - l]) && !seen; j++) {
				const char *b = json_object_get_string(json_object_array_get_idx(lists[1 - l], j));
				seen = b && (l == 1 ? !strcmp(a, b) : len >= 255 && strlen(b) > len && !strncmp(a, b, len));
			}
			if (seen)
				continue;
			char words[2048];
			wp_cuda_words(a, words, sizeof words);
			wp_remark *r = wp_kernel_remark(kn, "Assumption", NULL);
			wp_rtext(r, "assumes ");
			warpest_remark_arg(r, "Assumption", words);
			warpest_remark_emit(fn, NULL, r);
		}
}

void wp_advice_kernel(LLVMValueRef fn, const wp_kernel_names *kn, const wp_kernel_info *info, json_object *rep)
{
	occupancy(fn, kn, rep);
	layer_conditions(fn, kn, rep);
	assumptions(fn, kn, info, rep);
}

/* The model's field of access i, or NULL. */
static json_object *field_of(const wp_kernel_info *info, int i)
{
	json_object *accs = wp_jarr(info->model, "accesses"), *fields = wp_jarr(info->model, "fields");
	if (!accs || !fields || (size_t)i >= json_object_array_length(accs))
		return NULL;
	const char *name = wp_js(json_object_array_get_idx(accs, (size_t)i), "field", "");
	for (size_t f = 0; f < json_object_array_length(fields); f++)
		if (!strcmp(wp_js(json_object_array_get_idx(fields, f), "name", ""), name))
			return json_object_array_get_idx(fields, f);
	return NULL;
}

static void uncoalesced(LLVMValueRef fn, const wp_kernel_info *info, int i, json_object *a, const char *desc)
{
	double lanes = wp_jd(a, "active_lanes_per_instruction", 0), bytes = wp_jd(a, "bytes", 0);
	double spr = wp_jd(a, "sectors_per_request", 0);
	if (lanes < 1 || bytes <= 0)
		return;
	double need = ceil(lanes * bytes / 32);
	if (spr <= 1.25 * need || spr <= need + 1)
		return;
	wp_remark *r = warpest_remark_new("warpest", "Advice");
	warpest_remark_arg(r, "Access", desc);
	wp_rtext(r, ": uncoalesced, ");
	wp_rarg(r, "SectorsPerRequest", "%.3g", spr);
	wp_rtext(r, " sectors per request where ");
	wp_rarg(r, "MinSectorsPerRequest", "%.0f", need);
	wp_rtext(r, " would do (");
	wp_rarg(r, "TrafficFactor", "%.2g", spr / need);
	wp_rtext(r, "x the L1-L2 traffic); let consecutive threadIdx.x touch consecutive elements (the last index)");
	warpest_remark_emit(fn, info->access_inst[i], r);
}

/* The constant factor C of a term C*tid.x in the one-entry index of access
 * i (consecutive lanes C elements apart), or 0. */
static long lane_stride(const wp_kernel_info *info, int i)
{
	json_object *accs = wp_jarr(info->model, "accesses");
	json_object *idx = accs && (size_t)i < json_object_array_length(accs)
	                       ? wp_jarr(json_object_array_get_idx(accs, (size_t)i), "index")
	                       : NULL;
	if (!idx || json_object_array_length(idx) != 1)
		return 0;
	const char *e = json_object_get_string(json_object_array_get_idx(idx, 0));
	for (const char *p = strstr(e, "*tid.x"); p; p = strstr(p + 1, "*tid.x")) {
		const char *q = p;
		while (q > e && q[-1] >= '0' && q[-1] <= '9')
			q--;
		if (q < p && (q == e || q[-1] == ' ' || q[-1] == '('))
			return strtol(q, NULL, 10);
	}
	return 0;
}

static void bank_conflicts(LLVMValueRef fn, const wp_kernel_info *info, int i, json_object *a, const char *desc)
{
	double bytes = wp_jd(a, "bytes", 0), dw = wp_jd(a, "data_wavefronts_per_instruction", 0);
	double need = bytes <= 4 ? 1 : bytes / 4;
	if (dw < 1.5 * need)
		return;
	wp_remark *r = warpest_remark_new("warpest", "Advice");
	warpest_remark_arg(r, "Access", desc);
	wp_rtext(r, ": ");
	wp_rarg(r, "Ways", "%.3g", dw / need);
	wp_rtext(r, "-way shared-memory bank conflict, ");
	wp_rarg(r, "DataWavefronts", "%.3g", dw);
	wp_rtext(r, " wavefronts per instruction where ");
	wp_rarg(r, "MinDataWavefronts", "%.0f", need);
	wp_rtext(r, " would do");
	json_object *f = field_of(info, i), *dims = wp_jarr(f, "dims");
	int elem = (int)wp_jd(f, "elem_bytes", 4);
	size_t nd = dims ? json_object_array_length(dims) : 0;
	char *end = NULL;
	long row = nd >= 2 ? strtol(json_object_get_string(json_object_array_get_idx(dims, nd - 1)), &end, 10) : 0;
	if (!(row > 0 && end && !*end))
		row = lane_stride(info, i); /* a flat index: the stride between lanes */
	if (row > 0 && elem > 0 && (row * elem) % 128 == 0) {
		long pad = elem < 4 ? 4 / elem : 1;
		wp_rtext(r, "; rows of ");
		warpest_remark_arg(r, "Field", wp_js(f, "name", "?"));
		wp_rtext(r, " are ");
		wp_rarg(r, "RowBytes", "%ld", row * elem);
		wp_rtext(r, " B, a multiple of the 32 banks of 4 B: declare them ");
		wp_rarg(r, "PaddedRowElements", "%ld", row + pad);
		wp_rtext(r, " elements long so that a column spreads over all banks");
	} else {
		wp_rtext(r, "; lanes that stride by a multiple of 32 words hit one bank: pad the array by one 4-byte "
			    "word per 32 words, or let consecutive lanes touch consecutive words");
	}
	warpest_remark_emit(fn, info->access_inst[i], r);
}

void wp_advice_access(LLVMValueRef fn, const wp_kernel_info *info, int i, json_object *a, const char *desc)
{
	const char *space = wp_js(a, "space", "");
	if (!strcmp(space, "global"))
		uncoalesced(fn, info, i, a, desc);
	else if (!strcmp(space, "shared"))
		bank_conflicts(fn, info, i, a, desc);
}
