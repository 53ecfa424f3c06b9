/* Memory accesses of a kernel: addresses decomposed into base + byte offset
 * (GEPs, casts, pointer induction variables), the fields (arguments,
 * globals, allocas) they belong to, the accesses of loads, stores, atomics
 * and calls, data-dependent atomics, and the merging of the pieces of split
 * vector accesses. */
#include "eval.h"
#include "model_parts.h"

#include <stdlib.h>
#include <stdio.h>
#include <string.h>

/* ---------- addresses ---------- */
typedef struct addr {
	LLVMValueRef base;
	wp_poly *off;
} addr;

static int decompose(K *k, LLVMValueRef p, int use, addr *out, int depth);

static int gep_offset(K *k, LLVMValueRef g, int use, wp_poly **off)
{
	wp_atoms *at = &k->at;
	LLVMTypeRef t = LLVMGetGEPSourceElementType(g);
	int n = LLVMGetNumOperands(g);
	wp_poly *o = wp_const(at, 0);
	for (int i = 1; i < n; i++) {
		LLVMValueRef idx = LLVMGetOperand(g, (unsigned)i);
		if (i > 1 && LLVMGetTypeKind(t) == LLVMStructTypeKind) {
			unsigned e = (unsigned)LLVMConstIntGetZExtValue(idx);
			o = wp_add(at, o, wp_const(at, (int64_t)LLVMOffsetOfElement(k->td, t, e)));
			t = LLVMStructGetTypeAtIndex(t, e);
			continue;
		}
		if (i > 1) {
			LLVMTypeKind tk = LLVMGetTypeKind(t);
			if (tk != LLVMArrayTypeKind && tk != LLVMVectorTypeKind)
				return 0;
			t = LLVMGetElementType(t);
		}
		if (LLVMGetTypeKind(LLVMTypeOf(idx)) != LLVMIntegerTypeKind) {
			k->why = "vector address";
			return 0;
		}
		wp_poly *pi = LLVMIsAInstruction(g) ? wp_ev_at(k, idx, use) : wp_ev(k, idx);
		if (!pi)
			return 0;
		o = wp_add(at, o, wp_scale(at, pi, (int64_t)LLVMABISizeOfType(k->td, t)));
	}
	if (!o)
		k->why = "arithmetic overflow in the address";
	*off = o;
	return o != NULL;
}

/* An integer that is a pointer plus a byte offset: ptrtoint(q) + e,
 * ptrtoint(q) - e, through casts and disjoint ors ((T *)((uintptr_t)base +
 * y * pitch)); the pointer side is found by trying each operand. */
static int int_address(K *k, LLVMValueRef v, int use, addr *out, int depth)
{
	wp_atoms *at = &k->at;
	LLVMOpcode op = LLVMIsAInstruction(v) ? LLVMGetInstructionOpcode(v)
	                : LLVMIsAConstantExpr(v) ? LLVMGetConstOpcode(v) : LLVMRet;
	if (depth > 64) {
		k->why = "address too deep";
		return 0;
	}
	if (LLVMIsAInstruction(v))
		use = wp_block_of(k, v);
	switch (op) {
	case LLVMPtrToInt:
		return decompose(k, LLVMGetOperand(v, 0), use, out, depth + 1);
	case LLVMZExt:
	case LLVMSExt:
	case LLVMTrunc:
		return int_address(k, LLVMGetOperand(v, 0), use, out, depth + 1);
	case LLVMOr: /* a disjoint or is an add */
	case LLVMAdd:
	case LLVMSub:
		if (op == LLVMOr && (!LLVMIsAInstruction(v) || !LLVMGetIsDisjoint(v)))
			break;
		for (unsigned i = 0; i < 2 && (i == 0 || op != LLVMSub); i++) {
			if (!int_address(k, LLVMGetOperand(v, i), use, out, depth + 1))
				continue;
			LLVMValueRef e = LLVMGetOperand(v, 1 - i);
			wp_poly *o = LLVMIsAInstruction(v) ? wp_ev_at(k, e, use) : wp_ev(k, e);
			if (!o)
				return 0;
			out->off = op == LLVMSub ? wp_sub(at, out->off, o) : wp_add(at, out->off, o);
			if (!out->off)
				k->why = "arithmetic overflow in the address";
			return out->off != NULL;
		}
		break;
	default:
		break;
	}
	k->why = "pointer made from an integer";
	return 0;
}

static int decompose(K *k, LLVMValueRef p, int use, addr *out, int depth)
{
	wp_atoms *at = &k->at;
	if (depth > 64) {
		k->why = "address too deep";
		return 0;
	}
	if (LLVMIsAArgument(p) || LLVMIsAGlobalVariable(p) || LLVMIsAAllocaInst(p)) {
		out->base = p;
		out->off = wp_const(at, 0);
		return 1;
	}
	LLVMOpcode op;
	if (LLVMIsAInstruction(p))
		op = LLVMGetInstructionOpcode(p);
	else if (LLVMIsAConstantExpr(p))
		op = LLVMGetConstOpcode(p);
	else {
		k->why = "address is a constant";
		return 0;
	}
	if (LLVMIsAInstruction(p))
		use = wp_block_of(k, p);
	switch (op) {
	case LLVMAddrSpaceCast:
	case LLVMBitCast:
		return decompose(k, LLVMGetOperand(p, 0), use, out, depth + 1);
	case LLVMGetElementPtr: {
		wp_poly *o;
		if (!decompose(k, LLVMGetOperand(p, 0), use, out, depth + 1))
			return 0;
		if (!gep_offset(k, p, use, &o))
			return 0;
		out->off = wp_add(at, out->off, o);
		if (!out->off)
			k->why = "arithmetic overflow in the address";
		return out->off != NULL;
	}
	case LLVMPHI: {
		/* pointer induction variable: phi(start, phi + step) */
		int b = wp_block_of(k, p);
		for (int li = 0; li < k->nl; li++) {
			if (k->loops[li].header != b)
				continue;
			addr s = {0}, st = {0};
			int ok = 1, have_start = 0;
			wp_poly *step = NULL;
			for (unsigned i = 0; ok && i < LLVMCountIncoming(p); i++) {
				LLVMValueRef in = LLVMGetIncomingValue(p, i);
				int from = wp_bindex(k, LLVMGetIncomingBlock(p, i));
				if (!k->loops[li].in[from]) {
					ok = decompose(k, in, from, have_start ? &st : &s, depth + 1) &&
					     (!have_start || (st.base == s.base && wp_equal(st.off, s.off)));
					have_start = 1;
				} else if (LLVMIsAGetElementPtrInst(in) && LLVMGetOperand(in, 0) == p) {
					wp_poly *o;
					ok = gep_offset(k, in, from, &o) && !(wp_loops(at, o) & k->at.a[k->loops[li].atom].loops);
					ok = ok && (!step || wp_equal(step, o));
					step = o;
				} else {
					ok = 0;
				}
			}
			if (ok && have_start && step) {
				out->base = s.base;
				out->off = wp_add(at, s.off, wp_mul(at, step, wp_loop_counter(k, li)));
				return out->off != NULL;
			}
			k->why = "pointer phi that is not an induction variable";
			return 0;
		}
		addr first = {0};
		for (unsigned i = 0; i < LLVMCountIncoming(p); i++) {
			addr a = {0};
			if (!decompose(k, LLVMGetIncomingValue(p, i), wp_bindex(k, LLVMGetIncomingBlock(p, i)), &a, depth + 1))
				return 0;
			if (i && (a.base != first.base || !wp_equal(a.off, first.off))) {
				k->why = "address merged from different pointers (phi)";
				return 0;
			}
			first = a;
		}
		*out = first;
		return 1;
	}
	case LLVMSelect: {
		addr a = {0}, b = {0};
		if (decompose(k, LLVMGetOperand(p, 1), use, &a, depth + 1) &&
		    decompose(k, LLVMGetOperand(p, 2), use, &b, depth + 1) && a.base == b.base &&
		    wp_equal(a.off, b.off)) {
			*out = a;
			return 1;
		}
		k->why = "address chosen by a select";
		return 0;
	}
	case LLVMLoad:
		k->why = "pointer loaded from memory (pointer chasing)";
		return 0;
	case LLVMIntToPtr:
		return int_address(k, LLVMGetOperand(p, 0), use, out, depth + 1);
	case LLVMCall:
		k->why = wp_printf(k->ar, "pointer returned by a call to '%s'", wp_callee_name(p));
		return 0;
	default:
		k->why = "unsupported pointer operation";
		return 0;
	}
}

/* The base object behind an address, even when the offset is unknown. */
static LLVMValueRef find_base(LLVMValueRef p)
{
	for (int i = 0; i < 64 && p; i++) {
		if (LLVMIsAArgument(p) || LLVMIsAGlobalVariable(p) || LLVMIsAAllocaInst(p))
			return p;
		LLVMOpcode op;
		if (LLVMIsAInstruction(p))
			op = LLVMGetInstructionOpcode(p);
		else if (LLVMIsAConstantExpr(p))
			op = LLVMGetConstOpcode(p);
		else
			return NULL;
		if (op != LLVMGetElementPtr && op != LLVMAddrSpaceCast && op != LLVMBitCast)
			return NULL;
		p = LLVMGetOperand(p, 0);
	}
	return NULL;
}

static int field_of(K *k, LLVMValueRef base, int bytes)
{
	for (int i = 0; i < k->nf; i++)
		if (k->fields[i].base == base) {
			if (bytes && (!k->fields[i].elem_bytes || bytes < k->fields[i].elem_bytes))
				k->fields[i].elem_bytes = bytes;
			return i;
		}
	if (k->nf == k->capf) {
		k->capf = k->capf ? 2 * k->capf : 8;
		field *n = wp_alloc(k->ar, (size_t)k->capf * sizeof(field));
		if (k->nf)
			if (k->nf > 0)
				memcpy(n, k->fields, (size_t)k->nf * sizeof(field));
		k->fields = n;
	}
	field *f = &k->fields[k->nf];
	memset(f, 0, sizeof(*f));
	f->base = base;
	f->elem_bytes = bytes; /* 0 (bytes) until an analysed access gives the size */
	f->align = 256;
	f->space = "global";
	if (!base) {
		f->name = "unknown";
	} else if (LLVMIsAArgument(base)) {
		unsigned n = LLVMCountParams(k->fn);
		for (unsigned i = 0; i < n; i++)
			if (LLVMGetParam(k->fn, i) == base)
				f->name = wp_arg_name(k, k->fn, i);
	} else if (LLVMIsAGlobalVariable(base)) {
		f->name = wp_global_name(k, base);
		unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(base));
		f->space = as == 3 ? "shared" : as == 4 ? "constant" : "global";
		f->align = (int)LLVMGetAlignment(base);
		if (f->align <= 0)
			f->align = 4;
		f->size_bytes = (int64_t)LLVMABISizeOfType(k->td, LLVMGlobalGetValueType(base));
	} else {
		f->name = wp_printf(k->ar, "local%d", k->nf);
		f->space = "local";
		f->align = (int)LLVMGetAlignment(base);
	}
	f->name = wp_field_name_fit(k, f->name);
	for (int i = 0; i < k->nf; i++)
		if (strcmp(k->fields[i].name, f->name) == 0)
			f->name = wp_printf(k->ar, "%s_%d", f->name, k->nf);
	return k->nf++;
}

access *wp_new_access(K *k, LLVMValueRef inst, const char *kind, int bytes)
{
	if (k->na == k->capa) {
		k->capa = k->capa ? 2 * k->capa : 32;
		access *n = wp_alloc(k->ar, (size_t)k->capa * sizeof(access));
		if (k->na)
			if (k->na > 0)
				memcpy(n, k->acc, (size_t)k->na * sizeof(access));
		k->acc = n;
	}
	access *a = &k->acc[k->na++];
	memset(a, 0, sizeof(*a));
	a->inst = inst;
	a->kind = kind;
	a->bytes = bytes;
	a->field = -1;
	a->block = wp_block_of(k, inst);
	a->loc = wp_loc_of(k, inst);
	a->uses_result = 1;
	return a;
}

/* Whether p depends on the block index (ctaid, or a quasi-affine atom of it). */
static int moves_with_block(const K *k, const wp_poly *p)
{
	for (int i = 0; i < p->n; i++)
		for (int f = 0; f < p->t[i].n; f++) {
			const wp_atom *x = &k->at.a[p->t[i].f[f]];
			if (x->kind == WP_CTAID || (x->kind == WP_QUASI && strstr(x->name, "ctaid.") != NULL))
				return 1;
		}
	return 0;
}

/* Whether an address `off` = data terms + `rest` may be costed as `rest`:
 * every data term is one data atom free of tid.x, and `rest` depends on
 * both the thread (it spreads the lanes) and the block (blocks cover
 * different data, so dropping the shift does not merge their footprints). */
static int row_shift_applies(K *k, const wp_poly *off, const wp_poly *rest)
{
	for (int i = 0; i < off->n; i++) {
		const wp_term *t = &off->t[i];
		int has = 0;
		for (int f = 0; f < t->n; f++)
			has |= k->at.a[t->f[f]].data;
		if (has && (t->n != 1 || k->at.a[t->f[0]].kind != WP_DATA || k->at.a[t->f[0]].x_dep))
			return 0;
	}
	/* rest holds no data: depending on tid.x (x_dep) is the thread part */
	return moves_with_block(k, rest) && wp_has_x_dep(&k->at, rest);
}

/* Where the first data value in p comes from, looking into quasi-affine
 * atoms (min, max, divisions of data: their names spell the data atoms'
 * names) too; "an earlier load" when none is found. */
static const char *data_origin(const K *k, const wp_poly *p)
{
	const wp_atoms *at = &k->at;
	for (int i = 0; i < p->n; i++)
		for (int f = 0; f < p->t[i].n; f++) {
			const wp_atom *x = &at->a[p->t[i].f[f]];
			if (!x->data)
				continue;
			if (x->kind == WP_DATA && x->origin)
				return x->origin;
			for (int d = 0; d < at->n; d++)
				if (at->a[d].kind == WP_DATA && at->a[d].origin && strstr(x->name, at->a[d].name))
					return at->a[d].origin;
		}
	return "an earlier load";
}

/* The data atom of an address whose data terms are one value loaded from
 * an address free of tid (the same for the whole block: an embedding row's
 * id read by the block) times a size argument (and launch constants),
 * while `rest` spreads the
 * lanes but does not move with the block (blocks would then all be costed
 * on one row); -1 when that is not the case. */
static int block_row_atom(K *k, const wp_poly *off, const wp_poly *rest)
{
	int atom = -1;
	for (int i = 0; i < off->n; i++) {
		const wp_term *t = &off->t[i];
		int d = -1, launch_constants = 1, pitch = 0;
		for (int f = 0; f < t->n; f++) {
			const wp_atom *x = &k->at.a[t->f[f]];
			if (x->data) {
				if (d >= 0 || x->kind != WP_DATA || !x->uniform)
					return -1;
				d = t->f[f];
			} else {
				launch_constants &= x->kind == WP_PARAM || x->kind == WP_NTID || x->kind == WP_NCTAID;
				pitch |= x->kind == WP_PARAM;
			}
		}
		/* times a size argument: a row pitch, so rows of different
		 * indices do not overlap (start[b] + tid.x, an element offset,
		 * would make the blocks' rows overlap: left random) */
		if (d >= 0 && (!launch_constants || !pitch))
			return -1;
		if (d >= 0 && atom >= 0 && d != atom)
			return -1;
		if (d >= 0)
			atom = d;
	}
	return atom >= 0 && !moves_with_block(k, rest) && wp_has_x_dep(&k->at, rest) ? atom : -1;
}

/* Whether data atom x is the same for the 32 lanes of a warp: loaded from
 * an address free of tid, or from an analysed address whose values over
 * the lanes of each of the first two warps agree (a row start read per
 * warp, rowptr[t / 32]; blockDim.x taken as a multiple of 32). */
static int warp_uniform_data(K *k, const wp_atom *x)
{
	if (x->kind != WP_DATA || !x->src)
		return 0;
	if (x->uniform)
		return 1;
	for (int i = 0; i < k->na; i++) {
		if (k->acc[i].inst != (LLVMValueRef)x->src)
			continue;
		int64_t v[32];
		for (int warp = 0; warp < 2; warp++) {
			if (!k->acc[i].off || !wp_lane_values(k, k->acc[i].off, 32 * warp, v))
				return 0;
			for (int lane = 1; lane < 32; lane++)
				if (v[lane] != v[0])
					return 0;
		}
		return 1;
	}
	return 0;
}

/* An address whose data terms are each a warp-uniform loaded value (times
 * a constant) and whose affine part `rest` spreads the lanes: the lanes'
 * byte offsets from lane 0's into a->lane_offsets, and 1. The base the warp
 * shares is unknown (a CSR row's start, read per warp or per block), so the
 * core costs that lane pattern at every alignment, with no reuse between
 * warps. */
static int lanes_pattern(K *k, access *a, const wp_poly *off, const wp_poly *rest)
{
	for (int i = 0; i < off->n; i++) {
		const wp_term *t = &off->t[i];
		int has = 0;
		for (int f = 0; f < t->n; f++)
			has |= k->at.a[t->f[f]].data;
		if (has && (t->n != 1 || !warp_uniform_data(k, &k->at.a[t->f[0]])))
			return 0;
	}
	int64_t v[32];
	if (!wp_lane_values(k, rest, 0, v))
		return 0;
	int spread = 0;
	for (int lane = 1; lane < 32; lane++)
		spread |= v[lane] != v[0];
	if (!spread)
		return 0;
	a->lane_offsets = wp_alloc(k->ar, sizeof(int64_t) * 32);
	for (int lane = 0; lane < 32; lane++)
		a->lane_offsets[lane] = v[lane] - v[0];
	return 1;
}

/* Whether the kernel has read that special register so far. */
static int atom_seen(const wp_atoms *at, const char *name)
{
	for (int i = 0; i < at->n; i++)
		if (strcmp(at->a[i].name, name) == 0)
			return 1;
	return 0;
}

/* The block's linear index, x fastest, over the grid dimensions the kernel
 * reads (a dimension it never reads has one block: naming it would make the
 * grid guess give it more). */
static wp_poly *linear_ctaid(K *k)
{
	wp_atoms *at = &k->at;
	wp_poly *index = wp_const(at, 0), *stride = wp_const(at, 1);
	for (int d = 0; d < 3; d++) {
		char c[16], n[16];
		snprintf(c, sizeof c, "ctaid.%c", 'x' + d);
		snprintf(n, sizeof n, "nctaid.%c", 'x' + d);
		if (d > 0 && !atom_seen(at, c))
			continue;
		index = wp_add(at, index, wp_mul(at, stride, wp_atom_poly(at, wp_atom_get(at, c, WP_CTAID))));
		stride = wp_mul(at, stride, wp_atom_poly(at, wp_atom_get(at, n, WP_NCTAID)));
	}
	return index;
}

void wp_analyse_address(K *k, access *a, LLVMValueRef ptr)
{
	addr ad = {0};
	k->why = NULL;
	if (!decompose(k, ptr, a->block, &ad, 0)) {
		LLVMValueRef b = find_base(ptr);
		a->field = field_of(k, b, 0);
		a->why = wp_strdup(k->ar, k->why ? k->why : "address not affine");
		return;
	}
	a->field = field_of(k, ad.base, a->bytes);
	if (!wp_has_data(&k->at, ad.off)) {
		a->off = ad.off;
		return;
	}
	/* data-dependent: an atomic with one data term of known range keeps its
	 * affine part and gets a contention assumption */
	wp_poly *rest = wp_const(&k->at, 0);
	int n_data = 0, ok = 1;
	int64_t range = 0, scale = 0;
	const char *origin = NULL;
	for (int i = 0; i < ad.off->n; i++) {
		wp_term *t = &ad.off->t[i];
		int has = 0;
		for (int f = 0; f < t->n; f++)
			has |= k->at.a[t->f[f]].data;
		if (!has) {
			wp_poly one = {1, t};
			rest = wp_add(&k->at, rest, &one);
			continue;
		}
		n_data++;
		if (t->n != 1 || k->at.a[t->f[0]].kind != WP_DATA) {
			ok = 0;
			continue;
		}
		range = k->at.a[t->f[0]].range;
		scale = t->c;
		origin = k->at.a[t->f[0]].origin;
	}
	if (!origin)
		origin = data_origin(k, ad.off);
	if ((a->kind[0] == 'a' || a->kind[0] == 'c') && ok && n_data == 1 && range > 0 && scale == a->bytes) {
		/* The core reads `contention` only for unanalysable accesses (an
		 * analysable one is costed from its address alone, which would put all
		 * lanes of listing 1 on one word). The affine part survives as the
		 * number of address groups it forms in a warp (`/G`) and in the reason. */
		a->contention = range;
		a->groups = wp_lane_groups(k, rest);
		wp_poly *elems = wp_content(rest) % a->bytes == 0 ? wp_fdiv(&k->at, rest, wp_const(&k->at, a->bytes)) : NULL;
		char *affine = elems ? wp_str(&k->at, elems) : wp_str(&k->at, rest);
		a->why = wp_printf(k->ar, "address depends on data loaded at %s (plus %s %s)", origin,
			elems ? "element" : "byte offset", affine ? affine : "?");
		if (a->groups > 1)
			wp_assume(k, "atomic%s: data-dependent address (value loaded at %s) assumed uniform over %lld "
				"elements; its affine part forms %d address groups per warp",
				wp_where(k, a->inst), origin, (long long)range, a->groups);
		else
			wp_assume(k, "atomic%s: data-dependent address (value loaded at %s) assumed uniform over %lld elements",
				wp_where(k, a->inst), origin, (long long)range);
		return;
	}
	if (row_shift_applies(k, ad.off, rest)) {
		/* The data term is the same for the lanes of a row and the affine
		 * part moves with the thread and the block: the rows stay
		 * contiguous, shifted by data (dedispersion's per-channel delay, a
		 * CSR row start read per warp). The affine part is costed as if the
		 * shift were 0: exact counts per request up to the shift's
		 * alignment, footprints shifted by it. */
		a->off = rest;
		wp_poly *elems = wp_content(rest) % a->bytes == 0 ? wp_fdiv(&k->at, rest, wp_const(&k->at, a->bytes)) : NULL;
		wp_assume(k, "%s%s: the data-dependent part of the address (value from %s) is the same "
			"for lanes that share threadIdx.y and .z; costed as its affine part (%s %s), the shift "
			"taken as 0", a->kind, wp_where(k, a->inst), origin, elems ? "element" : "byte offset",
			wp_str(&k->at, elems ? elems : rest));
		return;
	}
	int row = block_row_atom(k, ad.off, rest);
	wp_poly *own = row >= 0 ? wp_subst(&k->at, ad.off, row, linear_ctaid(k)) : NULL;
	if (own) {
		/* A row read by the whole block at a loaded index (an embedding
		 * lookup, a gather of rows): its lanes stay contiguous. Costed with
		 * the index taken as the block's own number: rows of their own, no
		 * reuse between blocks, as for a random index. */
		a->off = own;
		wp_assume(k, "%s%s: the data-dependent part of the address (value from %s) is the same "
			"for the whole block; costed with the value taken as the block's linear index (each "
			"block on a row of its own, no reuse between blocks)", a->kind, wp_where(k, a->inst),
			origin);
		return;
	}
	size_t ol = strlen(origin), cl = strlen(WP_CVT_NO_LOAD);
	a->why = ol > cl && !strcmp(origin + ol - cl, WP_CVT_NO_LOAD) ?
		wp_printf(k->ar, "address depends on a float-to-integer conversion at %.*s of thread "
			"indices and arguments", (int)(ol - cl), origin) :
		wp_printf(k->ar, "address depends on data loaded at %s", origin);
	if (lanes_pattern(k, a, ad.off, rest)) {
		a->assume = "lanes";
		wp_poly *elems = wp_content(rest) % a->bytes == 0 ? wp_fdiv(&k->at, rest, wp_const(&k->at, a->bytes)) : NULL;
		wp_assume(k, "%s%s: the data-dependent part of the address (value from %s) is the same "
			"for the lanes of a warp (blockDim.x a multiple of 32); costed as the lanes' pattern "
			"of its affine part (%s %s) at an unknown base, no reuse between warps", a->kind,
			wp_where(k, a->inst), origin, elems ? "element" : "byte offset",
			wp_str(&k->at, elems ? elems : rest));
		return;
	}
	/* the same for a warp when every loaded term is and nothing else
	 * depends on tid (a row start read by the block), else random */
	int uniform = 1;
	for (int i = 0; i < ad.off->n && uniform; i++)
		for (int f = 0; f < ad.off->t[i].n; f++) {
			const wp_atom *x = &k->at.a[ad.off->t[i].f[f]];
			if ((x->data && !x->uniform) || x->kind == WP_TID || (x->kind == WP_QUASI && x->varying))
				uniform = 0;
		}
	a->assume = uniform ? "uniform" : "random";
}

void wp_collect_accesses(K *k)
{
	for (int b = 0; b < k->nb; b++) {
		if (k->rpo_num[b] < 0)
			continue;
		for (LLVMValueRef i = LLVMGetFirstInstruction(k->bb[b]); i; i = LLVMGetNextInstruction(i)) {
			LLVMOpcode op = LLVMGetInstructionOpcode(i);
			access *a;
			switch (op) {
			case LLVMLoad:
				a = wp_new_access(k, i, "load", (int)LLVMStoreSizeOfType(k->td, LLVMTypeOf(i)));
				wp_analyse_address(k, a, LLVMGetOperand(i, 0));
				break;
			case LLVMStore:
				a = wp_new_access(k, i, "store",
					(int)LLVMStoreSizeOfType(k->td, LLVMTypeOf(LLVMGetOperand(i, 0))));
				wp_analyse_address(k, a, LLVMGetOperand(i, 1));
				break;
			case LLVMAtomicRMW:
				a = wp_new_access(k, i, "atomic",
					(int)LLVMStoreSizeOfType(k->td, LLVMTypeOf(LLVMGetOperand(i, 1))));
				a->uses_result = LLVMGetFirstUse(i) != NULL;
				wp_analyse_address(k, a, LLVMGetOperand(i, 0));
				break;
			case LLVMAtomicCmpXchg:
				a = wp_new_access(k, i, "cas",
					(int)LLVMStoreSizeOfType(k->td, LLVMTypeOf(LLVMGetOperand(i, 1))));
				wp_analyse_address(k, a, LLVMGetOperand(i, 0));
				break;
			case LLVMCall: {
				const char *n = wp_callee_name(i);
				LLVMValueRef callee = LLVMGetCalledValue(i);
				unsigned na = (unsigned)LLVMGetNumArgOperands(i);
				if (strncmp(n, "llvm.nvvm.ldg.global.", 21) == 0 ||
				    strncmp(n, "llvm.nvvm.ldu.global.", 21) == 0) {
					a = wp_new_access(k, i, "load", (int)LLVMStoreSizeOfType(k->td, LLVMTypeOf(i)));
					wp_analyse_address(k, a, LLVMGetOperand(i, 0));
					break;
				}
				if (strncmp(n, "llvm.nvvm.atomic.", 17) == 0) {
					a = wp_new_access(k, i, "atomic", (int)LLVMStoreSizeOfType(k->td, LLVMTypeOf(i)));
					a->uses_result = LLVMGetFirstUse(i) != NULL;
					wp_analyse_address(k, a, LLVMGetOperand(i, 0));
					break;
				}
				int is_mem = strncmp(n, "llvm.memcpy", 11) == 0 || strncmp(n, "llvm.memmove", 12) == 0 ||
				             strncmp(n, "llvm.memset", 11) == 0;
				if (strncmp(n, "llvm.", 5) == 0 && !is_mem) {
					int ptr_args = 0;
					for (unsigned q = 0; q < na; q++)
						ptr_args |= LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(i, q))) == LLVMPointerTypeKind;
					if (!ptr_args || strncmp(n, "llvm.lifetime", 13) == 0 || strncmp(n, "llvm.dbg", 8) == 0 ||
					    strncmp(n, "llvm.nvvm.barrier", 17) == 0 || strncmp(n, "llvm.assume", 11) == 0)
						break;
				}
				if (is_mem && na >= 3 && LLVMIsAConstantInt(LLVMGetOperand(i, 2)) &&
				    LLVMConstIntGetZExtValue(LLVMGetOperand(i, 2)) <= 256) {
					/* block copies of known size (structs): affine accesses of
					 * len bytes, split into pieces of at most 16 by split_odd */
					int len = (int)LLVMConstIntGetZExtValue(LLVMGetOperand(i, 2));
					a = wp_new_access(k, i, "store", len);
					wp_analyse_address(k, a, LLVMGetOperand(i, 0));
					if (strncmp(n, "llvm.memset", 11) != 0) {
						a = wp_new_access(k, i, "load", len);
						wp_analyse_address(k, a, LLVMGetOperand(i, 1));
					}
					break;
				}
				const char *what = is_mem ? n
				                   : LLVMIsAInlineAsm(callee) ? "inline asm"
				                   : *n                       ? n
				                                              : "an indirect call";
				int any = 0;
				for (unsigned q = 0; q < na; q++) {
					LLVMValueRef arg = LLVMGetOperand(i, q);
					if (LLVMGetTypeKind(LLVMTypeOf(arg)) != LLVMPointerTypeKind)
						continue;
					int store = is_mem ? q == 0 : 1;
					a = wp_new_access(k, i, store ? "store" : "load", 4);
					a->field = field_of(k, find_base(arg), 0);
					a->why = wp_printf(k->ar, "memory accessed by %s%s", LLVMIsAInlineAsm(callee) || is_mem ? "" : "a call to ", what);
					any = 1;
				}
				if (!any && !LLVMIsAInlineAsm(callee) && strncmp(n, "llvm.", 5) != 0)
					wp_assume(k, "call to '%s'%s not analysed", *n ? n : "(indirect)", wp_where(k, i));
				if (!any && LLVMIsAInlineAsm(callee))
					wp_assume(k, "inline asm%s not analysed", wp_where(k, i));
				break;
			}
			default:
				break;
			}
		}
	}
}

/* ---------- post-processing ---------- */
static int same_guards(const access *a, const access *b)
{
	if (a->ng != b->ng)
		return 0;
	for (int i = 0; i < a->ng; i++)
		if (a->g[i].br != b->g[i].br || a->g[i].dir != b->g[i].dir)
			return 0;
	return 1;
}

/* An access of a size the model has no instruction for (a float3 or uchar3
 * copied whole: 12 or 3 bytes, a struct memcpy) becomes pieces of 16, 8, 4,
 * 2 or 1 bytes, each the widest its offset's alignment allows, as the
 * backend splits it. */
static void split_odd(K *k, int i)
{
	int64_t align = k->acc[i].off ? wp_content(k->acc[i].off) : 1;
	if (align == 0)
		align = 256; /* offset 0: the field's base */
	int total = k->acc[i].bytes, pos = 0, np = 0;
	while (pos < total) {
		int p = 16;
		while (p > 1 && (p > total - pos || pos % p || align % p))
			p /= 2;
		access *a;
		if (pos == 0) {
			a = &k->acc[i];
		} else {
			access copy = k->acc[i];
			a = wp_new_access(k, copy.inst, copy.kind, p);
			*a = copy;
			a->off = copy.off ? wp_add(&k->at, copy.off, wp_const(&k->at, pos)) : NULL;
		}
		a->bytes = p;
		pos += p;
		np++;
	}
	if (np > 1)
		wp_assume(k, "a %d-byte %s%s is modelled as %d accesses of at most 16 bytes", total, k->acc[i].kind,
			wp_where(k, k->acc[i].inst), np);
}

/* Pieces of one vector access (a float4 copy split into lanes or into a
 * float and a 12-byte memcpy) become one 8- or 16-byte access again. */
void wp_merge_lanes(K *k)
{
	for (int i = 0; i < k->na; i++) {
		access *a = &k->acc[i];
		if (a->dead || !a->off || a->bytes >= 16 || (a->kind[0] != 'l' && a->kind[0] != 's'))
			continue;
		/* constant memory: each word stays an operand of its own user */
		if (a->field >= 0 && !strcmp(k->fields[a->field].space, "constant"))
			continue;
		for (int width = 16; width >= 8; width /= 2) {
			if (a->bytes >= width || wp_content(a->off) % width != 0)
				continue;
			int parts[16], np = 0, covered = a->bytes;
			for (int progress = 1; progress && covered < width;) {
				progress = 0;
				for (int j = 0; j < k->na && covered < width; j++) {
					access *b = &k->acc[j];
					wp_poly *d = b->off && j != i ? wp_sub(&k->at, b->off, a->off) : NULL;
					int64_t c;
					if (!b->dead && d && b->field == a->field && b->kind == a->kind && b->block == a->block &&
					    same_guards(a, b) && wp_is_const(d, &c) && c == covered && covered + b->bytes <= width) {
						int dup = 0;
						for (int q = 0; q < np; q++)
							dup |= parts[q] == j;
						if (dup || np == 16)
							continue;
						parts[np++] = j;
						covered += b->bytes;
						progress = 1;
					}
				}
			}
			if (covered != width)
				continue;
			a->bytes = width;
			for (int q = 0; q < np; q++)
				k->acc[parts[q]].dead = 1;
			wp_assume(k, "%d pieces of a %s%s merged into one %d-byte access", np + 1, a->kind, wp_where(k, a->inst),
				width);
			break;
		}
	}
	int n = k->na;
	for (int i = 0; i < n; i++) {
		int b = k->acc[i].bytes;
		if (!k->acc[i].dead && b != 1 && b != 2 && b != 4 && b != 8 && b != 16)
			split_odd(k, i);
	}
}
