/* IR -> kernel model (docs/kernel-model.md), on the LLVM-C API: wp_extract
 * runs the stages on one kernel and builds the model (parameters, kernel
 * guard and threads, loops, fields, accesses, resources, assumptions);
 * wp_model_to_text prints it.
 *
 * Per kernel: control-flow graph, dominators (Cooper/Harvey/Kennedy), natural
 * loops with their induction variables and trip counts, integer values as
 * polynomials over tid/ctaid/ntid/nctaid, parameters and loop variables
 * (quasi-affine division, modulo, min and max as opaque atoms), guards from
 * the branch conditions that dominate each access and the path conditions of
 * joins and switch destinations, delinearised indices,
 * and per-thread operation counts. The stages are in cfg.c, eval.c, loops.c,
 * conditions.c, pathcond.c, accesses.c, lanes.c, delinearise.c, ops.c and
 * launch_infer.c;
 * their shared state is kernel_ctx.h. */
#include "cond.h"
#include "eval.h"
#include "model_parts.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------- kernels ---------- */
int wp_is_kernel(LLVMModuleRef mod, LLVMValueRef fn)
{
	if (LLVMIsDeclaration(fn))
		return 0;
	if (LLVMGetFunctionCallConv(fn) == LLVMPTXKernelCallConv)
		return 1;
	unsigned n = LLVMGetNamedMetadataNumOperands(mod, "nvvm.annotations");
	if (!n)
		return 0;
	LLVMValueRef *ops = malloc(n * sizeof(*ops));
	int found = 0;
	LLVMGetNamedMetadataOperands(mod, "nvvm.annotations", ops);
	for (unsigned i = 0; i < n && !found; i++) {
		unsigned m = LLVMGetMDNodeNumOperands(ops[i]);
		if (m < 3)
			continue;
		LLVMValueRef *o = malloc(m * sizeof(*o));
		LLVMGetMDNodeOperands(ops[i], o);
		unsigned len = 0;
		const char *s = o[1] ? LLVMGetMDString(o[1], &len) : NULL;
		if (o[0] == fn && s && len == 6 && memcmp(s, "kernel", 6) == 0)
			found = 1;
		free(o);
	}
	free(ops);
	return found;
}

static int has_fn_attr(LLVMValueRef fn, const char *name)
{
	unsigned kind = LLVMGetEnumAttributeKindForName(name, strlen(name));
	return kind && LLVMGetEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, kind) != NULL;
}

static int atom_used(K *k, const char *name)
{
	for (int i = 0; i < k->at.n; i++)
		if (strcmp(k->at.a[i].name, name) == 0)
			return 1;
	return 0;
}

/* Does the IR read ctaid.y / ctaid.z (before the inference adds atoms)? */
static void grid_dims_used(K *k, int *used)
{
	used[0] = 1;
	used[1] = atom_used(k, "ctaid.y");
	used[2] = atom_used(k, "ctaid.z");
}

static int cond_has_loop(K *k, const cond *c)
{
	if (c->op == C_CMP)
		return (wp_loops(&k->at, c->l) | wp_loops(&k->at, c->r)) != 0;
	if (c->op == C_AND || c->op == C_OR)
		return cond_has_loop(k, c->a) || cond_has_loop(k, c->b);
	return 0;
}

/* The loop bits of the kernel's geometric loops. */
static uint64_t geometric_bits(K *k)
{
	uint64_t bits = 0;
	for (int li = 0; li < k->nl; li++)
		if (k->loops[li].geometric)
			bits |= k->at.a[k->loops[li].atom].loops;
	return bits;
}

static json_object *jstr(const char *s)
{
	return json_object_new_string(s);
}

/* The parameters without a value that a thread count or a grid rule
 * subtracts (`Size - 1 - t`): the plugin's placeholder for them is small, so
 * that the placeholder launch is not empty (driver.c). */
static void note_subtracted(K *k, wp_kernel_info *info, wp_poly *const threads[3], wp_poly *const grid[3])
{
	info->subtracted[0] = 0;
	for (int d = 0; d < 6; d++) {
		const wp_poly *p = d < 3 ? threads[d] : grid[d - 3];
		for (int t = 0; p && t < p->n; t++)
			for (int f = 0; p->t[t].c < 0 && f < p->t[t].n; f++) {
				const wp_atom *a = &k->at.a[p->t[t].f[f]];
				if (a->kind != WP_PARAM || !wp_name_listed(info->missing, a->name) ||
				    wp_name_listed(info->subtracted, a->name))
					continue;
				size_t used = strlen(info->subtracted);
				snprintf(info->subtracted + used, sizeof info->subtracted - used, "%s%s",
					used ? ", " : "", a->name);
			}
	}
}

static void build_model(K *k, wp_kernel_info *info)
{
	wp_atoms *at = &k->at;
	int cta_used[3];
	grid_dims_used(k, cta_used);
	json_object *m = json_object_new_object();
	json_object_object_add(m, "format", jstr("warpest-kernel-model"));
	json_object_object_add(m, "version", json_object_new_int(1));
	size_t len;
	const char *name = LLVMGetValueName2(k->fn, &len);
	json_object_object_add(m, "kernel", json_object_new_string_len(name, (int)len));
	const char *src = LLVMGetSourceFileName(k->mod, &len);
	if (src && len)
		json_object_object_add(m, "source", json_object_new_string_len(src, (int)len));
	char arch[64] = "";
	LLVMAttributeRef cpu = LLVMGetStringAttributeAtIndex(k->fn, LLVMAttributeFunctionIndex, "target-cpu", 10);
	if (cpu) {
		unsigned l;
		const char *v = LLVMGetStringAttributeValue(cpu, &l);
		snprintf(arch, sizeof arch, "%.*s", (int)l, v);
	}

	/* params */
	json_object *params = json_object_new_array();
	info->missing[0] = 0;
	unsigned np = LLVMCountParams(k->fn);
	for (unsigned i = 0; i < np; i++) {
		LLVMValueRef a = LLVMGetParam(k->fn, i);
		if (LLVMGetTypeKind(LLVMTypeOf(a)) != LLVMIntegerTypeKind)
			continue;
		char *pn = wp_arg_name(k, k->fn, i);
		json_object *p = json_object_new_object();
		json_object_object_add(p, "name", jstr(pn));
		int have = 0;
		for (int c = 0; c < k->cfg->n_params; c++)
			if (strcmp(k->cfg->param_names[c], pn) == 0) {
				json_object_object_add(p, "value", json_object_new_int64(k->cfg->param_values[c]));
				have = 1;
			}
		for (int j = 0; j < k->n_pow2_param; j++)
			if (strcmp(k->at.a[k->pow2_param[j]].name, pn) == 0)
				json_object_object_add(p, "power_of_two", json_object_new_boolean(1));
		if (!have) {
			size_t ml = strlen(info->missing);
			snprintf(info->missing + ml, sizeof info->missing - ml, "%s%s", ml ? ", " : "", pn);
		}
		json_object_array_add(params, p);
	}
	/* 2^argument (shifts by it): derived by the core from the argument */
	for (int i = 0; i < k->n_exp2; i++) {
		json_object *p = json_object_new_object();
		json_object_object_add(p, "name", jstr(k->at.a[k->exp2_atom[i]].name));
		json_object_object_add(p, "exp2_of", jstr(k->at.a[k->exp2_src[i]].name));
		json_object_array_add(params, p);
	}
	json_object_object_add(m, "params", params);

	/* guards: common to all accesses -> kernel guard */
	int nlive = 0;
	for (int i = 0; i < k->na; i++)
		nlive += !k->acc[i].dead;
	int first = -1;
	for (int i = 0; i < k->na && first < 0; i++)
		if (!k->acc[i].dead)
			first = i;
	guard_ent *kg = NULL;
	int nkg = 0;
	if (first >= 0) {
		access *a0 = &k->acc[first];
		kg = wp_alloc(k->ar, (size_t)(a0->ng + 1) * sizeof(*kg));
		for (int g = 0; g < a0->ng; g++) {
			int all = 1;
			for (int i = 0; i < k->na && all; i++) {
				if (k->acc[i].dead)
					continue;
				int has = 0;
				for (int h = 0; h < k->acc[i].ng; h++)
					has |= k->acc[i].g[h].br == a0->g[g].br && k->acc[i].g[h].dir == a0->g[g].dir;
				all = has;
			}
			/* conditions on loop variables stay with the accesses */
			if (all && a0->g[g].c && !cond_has_loop(k, a0->g[g].c))
				kg[nkg++] = a0->g[g];
		}
	}
	wp_poly *threads[3] = {0};
	char *kguard = NULL;
	for (int g = 0; g < nkg; g++) {
		char *s = wp_cond_str(k, kg[g].c, kg[g].br, 0);
		wp_infer_launch(k, kg[g].c, threads, NULL);
		if (s)
			kguard = kguard ? wp_printf(k->ar, "%s && %s", kguard, s) : s;
	}
	/* dimensions the kernel guard leaves open: from the access guards */
	{
		wp_poly *more[3] = {0};
		for (int i = 0; i < k->na; i++)
			for (int h = 0; !k->acc[i].dead && h < k->acc[i].ng; h++)
				wp_infer_launch(k, k->acc[i].g[h].c, more, NULL);
		for (int d = 0; d < 3; d++)
			if (!threads[d])
				threads[d] = more[d];
	}
	/* dimensions still open: block strides other than ntid, else a stated guess */
	wp_poly *grid[3] = {0};
	int guessed[3] = {0};
	for (int g = 0; g < nkg; g++)
		wp_infer_launch(k, kg[g].c, NULL, grid);
	for (int i = 0; i < k->na; i++)
		for (int h = 0; !k->acc[i].dead && h < k->acc[i].ng; h++)
			wp_infer_launch(k, k->acc[i].g[h].c, NULL, grid);
	for (int d = 0; d < 3; d++) {
		if (threads[d] || grid[d] || !cta_used[d])
			continue;
		if (k->flat_dims >> d & 1) { /* read as 0 by a flattened block index */
			grid[d] = wp_const(at, 1);
			continue;
		}
		grid[d] = wp_const(at, d == 0 ? 1024 : 64);
		guessed[d] = 1;
	}
	/* the guesses are marked, not stated: the core says so only where a
	 * launch uses one (a configuration's grid replaces it) */
	json_object *gr = json_object_new_object(), *gu = json_object_new_array();
	int any_grid = 0;
	for (int d = 0; d < 3; d++)
		if (grid[d] && !threads[d]) {
			char key[2] = {(char)('x' + d), 0};
			json_object_object_add(gr, key, jstr(wp_str(at, grid[d])));
			if (guessed[d])
				json_object_array_add(gu, jstr(key));
			any_grid = 1;
		}
	if (json_object_array_length(gu))
		json_object_object_add(gr, "guessed", gu);
	else
		json_object_put(gu);
	if (any_grid)
		json_object_object_add(m, "grid", gr);
	else
		json_object_put(gr);
	json_object *th = json_object_new_object();
	int any_threads = 0;
	for (int d = 0; d < 3; d++)
		if (threads[d]) {
			char key[2] = {(char)('x' + d), 0};
			json_object_object_add(th, key, jstr(wp_str(at, threads[d])));
			any_threads = 1;
		}
	if (any_threads)
		json_object_object_add(m, "threads", th);
	else
		json_object_put(th);
	note_subtracted(k, info, threads, grid);
	if (kguard)
		json_object_object_add(m, "guard", jstr(kguard));

	/* loops */
	json_object *loops = json_object_new_array();
	for (int li = 0; li < k->nl; li++) {
		loop *l = &k->loops[li];
		json_object *o = json_object_new_object();
		json_object_object_add(o, "var", jstr(at->a[l->atom].name));
		if (l->geometric && !l->g_why) {
			if (l->count_used)
				json_object_object_add(o, "count", jstr(at->a[l->count_atom].name));
			json_object_object_add(o, "lower", jstr(wp_str(at, l->g_start)));
			json_object_object_add(o, "shift", json_object_new_int(l->g_shift));
			json_object_object_add(o, l->g_shift > 0 ? "above" : "below", jstr(wp_str(at, l->g_bound)));
			if (l->g_first_always)
				json_object_object_add(o, "first_always", json_object_new_boolean(1));
			json_object *also = json_object_new_array();
			for (int j = 0; j < l->n_also; j++) {
				if (l->also_why[j])
					continue;
				json_object *v = json_object_new_object();
				json_object_object_add(v, "var", jstr(at->a[l->also_atom[j]].name));
				json_object_object_add(v, "lower", jstr(wp_str(at, l->also_start[j])));
				json_object_object_add(v, "shift", json_object_new_int(l->also_shift[j]));
				json_object_array_add(also, v);
			}
			if (json_object_array_length(also))
				json_object_object_add(o, "also", also);
			else
				json_object_put(also);
			char *hloc = wp_loc_of(k, LLVMGetBasicBlockTerminator(k->bb[l->header]));
			if (hloc)
				json_object_object_add(o, "loc", jstr(hloc));
			json_object_array_add(loops, o);
			continue;
		}
		wp_poly *t = wp_loop_trip(k, li);
		/* a geometric loop's value in an inner loop's bounds: the core
		 * unrolls the geometric loop and cannot substitute into shared bounds */
		if (t && (wp_loops(at, t) & geometric_bits(k))) {
			t = NULL;
			l->trip_why = wp_strdup(k->ar, "the trip count depends on a geometric loop's variable");
		}
		/* the counter always starts at 0 with step 1; the reader wants
		 * `lower` for loops of unknown trip count too */
		json_object_object_add(o, "lower", jstr("0"));
		if (t && !wp_has_data(at, t)) {
			json_object_object_add(o, "upper", jstr(wp_str(at, t)));
			json_object_object_add(o, "step", json_object_new_int(1));
		} else {
			json_object_object_add(o, "step", json_object_new_int(1));
			int tc = k->cfg->trip_count > 0 ? k->cfg->trip_count : 1;
			json_object_object_add(o, "trip_count", json_object_new_int(tc));
			const char *why = l->trip_why ? l->trip_why : "the trip count depends on loaded data";
			json_object_object_add(o, "reason", jstr(why));
			wp_assume(k, "loop %s%s: trip count unknown (%s), %d used", at->a[l->atom].name,
				wp_where(k, LLVMGetFirstInstruction(k->bb[l->header])), why, tc);
		}
		char *loc = wp_loc_of(k, LLVMGetBasicBlockTerminator(k->bb[l->header]));
		if (loc)
			json_object_object_add(o, "loc", jstr(loc));
		json_object_array_add(loops, o);
	}
	if (k->nl)
		json_object_object_add(m, "loops", loops);
	else
		json_object_put(loops);

	/* the core takes addresses affine in the varying symbols once the
	 * launch is fixed: a product of two of them (tid.x*it0) is not */
	for (int i = 0; i < k->na; i++) {
		access *a = &k->acc[i];
		for (int t = 0; !a->dead && a->off && t < a->off->n; t++) {
			int nv = 0;
			for (int f = 0; f < a->off->t[t].n; f++)
				nv += at->a[a->off->t[t].f[f]].varying;
			if (nv > 1) {
				a->off = NULL;
				a->why = "address is a product of two thread- or loop-dependent values (not affine)";
			}
		}
	}

	/* fields */
	json_object *fields = json_object_new_array();
	delin *dl = wp_alloc(k->ar, (size_t)(k->nf + 1) * sizeof(delin));
	int *use_index = wp_alloc(k->ar, (size_t)(k->nf + 1) * sizeof(int));
	int64_t shared_bytes = 0;
	for (int fi = 0; fi < k->nf; fi++) {
		field *f = &k->fields[fi];
		/* elements of 1, 2, 4, 8 or 16 bytes: a float3 field counts in floats */
		f->elem_bytes = f->elem_bytes ? f->elem_bytes & -f->elem_bytes : 1;
		if (f->elem_bytes > 16)
			f->elem_bytes = 16;
		int used = 0;
		for (int i = 0; i < k->na; i++)
			used |= !k->acc[i].dead && k->acc[i].field == fi;
		use_index[fi] = 1;
		for (int i = 0; i < k->na; i++)
			if (!k->acc[i].dead && k->acc[i].field == fi && k->acc[i].off &&
			    wp_content(k->acc[i].off) % f->elem_bytes != 0)
				use_index[fi] = 0;
		if (use_index[fi]) {
			/* delinearise the element indices */
			access *saved = wp_alloc(k->ar, (size_t)k->na * sizeof(access));
			if (k->na > 0)
				memcpy(saved, k->acc, (size_t)k->na * sizeof(access));
			for (int i = 0; i < k->na; i++)
				if (k->acc[i].field == fi && k->acc[i].off)
					k->acc[i].off = wp_elem_index(k, &k->acc[i], f->elem_bytes);
			wp_delinearise(k, fi, &dl[fi]);
			int ok = 1;
			if (dl[fi].nd > 1) {
				/* outermost extent: constant outer indices, else the next parameter */
				int64_t maxc = -1;
				int allc = 1;
				for (int i = 0; i < k->na && ok; i++) {
					access *a = &k->acc[i];
					if (a->dead || a->field != fi || !a->off)
						continue;
					wp_poly *parts[5];
					ok = wp_split_index(k, &dl[fi], a->off, parts);
					int64_t c;
					if (ok && wp_is_const(parts[0], &c))
						maxc = c > maxc ? c : maxc;
					else
						allc = 0;
				}
				if (allc && maxc >= 0) {
					dl[fi].dims[0] = wp_printf(k->ar, "%lld", (long long)maxc + 1);
				} else {
					const char *inner = dl[fi].dims[1];
					int after = 0;
					dl[fi].dims[0] = (char *)inner;
					for (unsigned i = 0; i < np; i++) {
						LLVMValueRef a = LLVMGetParam(k->fn, i);
						if (LLVMGetTypeKind(LLVMTypeOf(a)) != LLVMIntegerTypeKind)
							continue;
						char *pn = wp_arg_name(k, k->fn, i);
						if (after) {
							dl[fi].dims[0] = pn;
							break;
						}
						after = strcmp(pn, inner) == 0;
					}
				}
			}
			if (!ok)
				dl[fi].nd = 1;
			(void)saved;
		}
		if (!strcmp(f->space, "shared"))
			shared_bytes += f->size_bytes;
		if (!used)
			continue;
		json_object *o = json_object_new_object();
		json_object_object_add(o, "name", jstr(f->name));
		json_object_object_add(o, "space", jstr(f->space));
		json_object_object_add(o, "elem_bytes", json_object_new_int(f->elem_bytes));
		json_object_object_add(o, "align", json_object_new_int(f->align));
		if (use_index[fi] && dl[fi].nd > 1) {
			json_object *dims = json_object_new_array();
			for (int d = 0; d < dl[fi].nd; d++)
				json_object_array_add(dims, jstr(dl[fi].dims[d]));
			json_object_object_add(o, "dims", dims);
		}
		json_object_array_add(fields, o);
	}
	json_object_object_add(m, "fields", fields);

	/* accesses */
	json_object *accs = json_object_new_array();
	info->access_inst = calloc((size_t)nlive + 1, sizeof(LLVMValueRef));
	info->access_text = calloc((size_t)nlive + 1, sizeof(char *));
	info->n_accesses = 0;
	info->n_unanalysable = 0;
	for (int i = 0; i < k->na; i++) {
		access *a = &k->acc[i];
		if (a->dead)
			continue;
		field *f = &k->fields[a->field];
		json_object *o = json_object_new_object();
		json_object_object_add(o, "field", jstr(f->name));
		json_object_object_add(o, "kind", jstr(a->kind));
		json_object_object_add(o, "bytes", json_object_new_int(a->bytes));
		char desc[1024];
		if (a->off) {
			if (use_index[a->field]) {
				json_object *idx = json_object_new_array();
				wp_poly *parts[5];
				int n = dl[a->field].nd;
				if (n > 1 && wp_split_index(k, &dl[a->field], a->off, parts)) {
					for (int d = 0; d < n; d++)
						json_object_array_add(idx, jstr(wp_str(at, parts[d])));
				} else {
					json_object_array_add(idx, jstr(wp_str(at, a->off)));
				}
				json_object_object_add(o, "index", idx);
				size_t dl_ = (size_t)snprintf(desc, sizeof desc, "%s %s[", a->kind, f->name);
				for (size_t d = 0; d < json_object_array_length(idx) && dl_ < sizeof desc; d++)
					dl_ += (size_t)snprintf(desc + dl_, sizeof desc - dl_, "%s%s", d ? "][" : "",
						json_object_get_string(json_object_array_get_idx(idx, d)));
				if (dl_ < sizeof desc)
					snprintf(desc + dl_, sizeof desc - dl_, "]");
			} else {
				char *s = wp_str(at, a->off);
				json_object_object_add(o, "offset", jstr(s));
				snprintf(desc, sizeof desc, "%s %s+(%s) bytes", a->kind, f->name, s);
			}
		} else {
			json_object_object_add(o, "analysable", json_object_new_boolean(0));
			json_object_object_add(o, "reason", jstr(a->why));
			/* counted in every volume under a stated assumption: random
			 * lanes unless the pass saw it is the same for a warp */
			if (!a->contention) /* data-dependent atomics: counted by `contention` */
				json_object_object_add(o, "assume", jstr(a->assume ? a->assume : "random"));
			if (!a->contention && a->lane_offsets) {
				json_object *lo = json_object_new_array();
				for (int lane = 0; lane < 32; lane++)
					json_object_array_add(lo, json_object_new_int64(a->lane_offsets[lane]));
				json_object_object_add(o, "lane_offsets", lo);
			}
			snprintf(desc, sizeof desc, "%s %s not analysed: %s", a->kind, f->name, a->why);
			info->n_unanalysable++;
		}
		/* loops and guard (unanalysable accesses too: they count as instructions) */
		int chain[64], nc = 0;
		for (int li = k->inner[a->block]; li >= 0 && nc < 64; li = k->loops[li].parent)
			chain[nc++] = li;
		if (nc) {
			json_object *ls = json_object_new_array();
			for (int c = nc - 1; c >= 0; c--)
				json_object_array_add(ls, jstr(at->a[k->loops[chain[c]].atom].name));
			json_object_object_add(o, "loops", ls);
		}
		char *g = NULL;
		for (int h = 0; h < a->ng; h++) {
			int in_kernel = 0;
			for (int q = 0; q < nkg; q++)
				in_kernel |= kg[q].br == a->g[h].br && kg[q].dir == a->g[h].dir;
			if (in_kernel)
				continue;
			char *s = wp_cond_str(k, a->g[h].c, a->g[h].br, 0);
			if (s)
				g = g ? wp_printf(k->ar, "%s && %s", g, s) : s;
		}
		if (g)
			json_object_object_add(o, "guard", jstr(g));
		if (a->loc)
			json_object_object_add(o, "loc", jstr(a->loc));
		if (a->kind[0] == 'a' || a->kind[0] == 'c')
			json_object_object_add(o, "uses_result", json_object_new_boolean(a->uses_result));
		if (a->round > 0)
			json_object_object_add(o, "round", json_object_new_int(a->round));
		if (a->contention) {
			char c[32];
			if (a->groups > 1)
				snprintf(c, sizeof c, "uniform:%lld/%d", (long long)a->contention, a->groups);
			else
				snprintf(c, sizeof c, "uniform:%lld", (long long)a->contention);
			json_object_object_add(o, "contention", jstr(c));
		}
		if (a->phase > 0)
			json_object_object_add(o, "phase", json_object_new_int(a->phase));
		json_object_array_add(accs, o);
		info->access_inst[info->n_accesses] = a->where ? a->where : a->inst;
		info->access_text[info->n_accesses] = strdup(desc);
		info->n_accesses++;
	}
	json_object_object_add(m, "accesses", accs);
	wp_count_ops(k, m);
	json_object *res = json_object_new_object();
	if (k->cfg->registers > 0)
		json_object_object_add(res, "registers", json_object_new_int(k->cfg->registers));
	json_object_object_add(res, "shared_static_bytes", json_object_new_int64(shared_bytes));
	json_object_object_add(m, "resources", res);
	if (arch[0])
		wp_assume(k, "extracted from LLVM IR for %s", arch);
	json_object *as = json_object_new_array();
	for (int i = 0; i < k->nassume; i++)
		json_object_array_add(as, jstr(k->assume[i]));
	json_object_object_add(m, "assumptions", as);
	wp_conform(m);
	info->model = m;
}

/* Whether a type holds a scalable vector anywhere: LLVM cannot give such a
 * type a fixed size, and asking aborts the compiler. NVPTX has none, but the
 * plugin may be handed any IR. */
static int has_scalable(LLVMTypeRef t, int depth)
{
	if (depth > 16)
		return 1;
	switch (LLVMGetTypeKind(t)) {
	case LLVMScalableVectorTypeKind:
		return 1;
	case LLVMVectorTypeKind:
	case LLVMArrayTypeKind:
		return has_scalable(LLVMGetElementType(t), depth + 1);
	case LLVMStructTypeKind: {
		unsigned n = LLVMCountStructElementTypes(t);
		for (unsigned i = 0; i < n; i++)
			if (has_scalable(LLVMStructGetTypeAtIndex(t, i), depth + 1))
				return 1;
		return 0;
	}
	default:
		return 0;
	}
}

static int uses_scalable_vectors(LLVMValueRef fn)
{
	for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b))
		for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i)) {
			if (has_scalable(LLVMTypeOf(i), 0))
				return 1;
			if (LLVMIsAGetElementPtrInst(i) && has_scalable(LLVMGetGEPSourceElementType(i), 0))
				return 1;
			if (LLVMIsAAllocaInst(i) && has_scalable(LLVMGetAllocatedType(i), 0))
				return 1;
			int n = LLVMGetNumOperands(i);
			for (int o = 0; o < n; o++)
				if (has_scalable(LLVMTypeOf(LLVMGetOperand(i, (unsigned)o)), 0))
					return 1;
		}
	return 0;
}

int wp_extract(LLVMModuleRef mod, LLVMValueRef fn, const wp_config *cfg, wp_kernel_info *info, char *err,
	size_t errlen)
{
	memset(info, 0, sizeof(*info));
	if (uses_scalable_vectors(fn)) {
		snprintf(err, errlen, "the kernel uses scalable vector types, which have no fixed size "
			"(not NVPTX code): not analysed");
		return -1;
	}
	K kk, *k = &kk;
	memset(k, 0, sizeof(*k));
	k->ar = wp_arena_new();
	if (!k->ar) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	k->at.arena = k->ar;
	k->mod = mod;
	k->fn = fn;
	k->cfg = cfg;
	k->td = LLVMGetModuleDataLayout(mod);
	info->optnone = has_fn_attr(fn, "optnone");
	int allocas = 0;
	wp_build_cfg(k);
	wp_build_loops(k);
	wp_find_geometric_loops(k);
	for (LLVMValueRef i = LLVMGetFirstInstruction(k->bb[0]); i; i = LLVMGetNextInstruction(i))
		allocas += LLVMIsAAllocaInst(i) != NULL;
	if (allocas > 4)
		info->optnone = 1;
	wp_collect_accesses(k);
	wp_split_arms(k);
	for (int i = 0; i < k->na; i++)
		k->acc[i].ng = wp_block_guards(k, k->acc[i].block, &k->acc[i].g);
	wp_split_selects(k);
	wp_merge_repeats(k);
	wp_merge_lanes(k);
	wp_load_rounds(k);
	wp_barrier_phases(k);
	build_model(k, info);
	wp_arena_free(k->ar);
	return 0;
}

void wp_kernel_info_clear(wp_kernel_info *info)
{
	if (info->model)
		json_object_put(info->model);
	for (int i = 0; i < info->n_accesses; i++)
		free(info->access_text[i]);
	free(info->access_text);
	free(info->access_inst);
	memset(info, 0, sizeof(*info));
}

/* ---------- text ---------- */
static void buf_add(char **b, size_t *n, size_t *cap, const char *s)
{
	size_t l = strlen(s);
	if (*n + l + 1 > *cap) {
		*cap = (*n + l + 1) * 2;
		*b = realloc(*b, *cap);
	}
	memcpy(*b + *n, s, l + 1);
	*n += l;
}

char *wp_model_to_text(json_object *model)
{
	const int flags = JSON_C_TO_STRING_SPACED | JSON_C_TO_STRING_NOSLASHESCAPE;
	char *b = NULL;
	size_t n = 0, cap = 0;
	buf_add(&b, &n, &cap, "{\n");
	int first = 1;
	json_object_object_foreach(model, key, val)
	{
		if (!first)
			buf_add(&b, &n, &cap, ",\n");
		first = 0;
		buf_add(&b, &n, &cap, "  \"");
		buf_add(&b, &n, &cap, key);
		buf_add(&b, &n, &cap, "\": ");
		if (json_object_is_type(val, json_type_array) && json_object_array_length(val) > 0 &&
		    !json_object_is_type(json_object_array_get_idx(val, 0), json_type_string)) {
			buf_add(&b, &n, &cap, "[\n");
			size_t len = json_object_array_length(val);
			for (size_t i = 0; i < len; i++) {
				buf_add(&b, &n, &cap, "    ");
				buf_add(&b, &n, &cap, json_object_to_json_string_ext(json_object_array_get_idx(val, i), flags));
				buf_add(&b, &n, &cap, i + 1 < len ? ",\n" : "\n");
			}
			buf_add(&b, &n, &cap, "  ]");
		} else if (json_object_is_type(val, json_type_array)) {
			size_t len = json_object_array_length(val);
			buf_add(&b, &n, &cap, "[");
			for (size_t i = 0; i < len; i++) {
				buf_add(&b, &n, &cap, i ? ",\n    " : "\n    ");
				buf_add(&b, &n, &cap, json_object_to_json_string_ext(json_object_array_get_idx(val, i), flags));
			}
			buf_add(&b, &n, &cap, len ? "\n  ]" : "]");
		} else {
			buf_add(&b, &n, &cap, json_object_to_json_string_ext(val, flags));
		}
	}
	buf_add(&b, &n, &cap, "\n}\n");
	return b;
}
