/* Per-thread operation counts by loop nest (fp32/fp64 add, mul, fma, int,
 * int mad, sfu, other), a contractable multiply feeding one add counted as
 * an FMA, and address arithmetic counted as the backend leaves it: one
 * instruction per base register, constant offsets in the loads' immediates. */
#include "cond.h"
#include "model_parts.h"

#include <stdint.h>
#include <string.h>

enum { O_F32ADD, O_F32MUL, O_F32FMA, O_F64ADD, O_F64MUL, O_F64FMA, O_INT, O_INTMAD, O_SFU, O_OTHER, O_F64CVT, O_N };
static const char *op_names[O_N] = {"fp32_add", "fp32_mul", "fp32_fma", "fp64_add", "fp64_mul",
	"fp64_fma", "int", "int_mad", "sfu", "other", "fp64_convert"};

/* A conversion to or from double (F2F.F64.F32, I2F.F64, F2I.F64...): it
 * runs in the FP64 unit, scarce on GA10x/AD10x (2 lanes per SM). */
static int converts_double(LLVMValueRef i)
{
	LLVMTypeRef to = LLVMTypeOf(i), from = LLVMTypeOf(LLVMGetOperand(i, 0));
	if (LLVMGetTypeKind(to) == LLVMVectorTypeKind)
		to = LLVMGetElementType(to);
	if (LLVMGetTypeKind(from) == LLVMVectorTypeKind)
		from = LLVMGetElementType(from);
	return LLVMGetTypeKind(to) == LLVMDoubleTypeKind || LLVMGetTypeKind(from) == LLVMDoubleTypeKind;
}

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

/* Whether v is address arithmetic only: every use is the address of a
 * load, store or atomic, or feeds one through GEPs, casts, integer sums and
 * products, and phis (a pointer induction variable and its step). The
 * backend turns these into one base register per distinct address and
 * immediate offsets (counted by address_bases instead). */
enum { ADDR_NO = 1, ADDR_YES = 2, ADDR_VISITING = 3 };
static int address_only(pmap *memo, wp_arena *ar, LLVMValueRef v, int depth)
{
	uintptr_t m = (uintptr_t)wp_pmap_get(memo, v);
	if (m)
		return m != ADDR_NO; /* a cycle through a phi counts as address-only */
	wp_pmap_put(ar, memo, v, (void *)(uintptr_t)ADDR_VISITING);
	LLVMUseRef u = LLVMGetFirstUse(v);
	int ok = u != NULL && depth < 12;
	for (; u && ok; u = LLVMGetNextUse(u)) {
		LLVMValueRef user = LLVMGetUser(u);
		if (!LLVMIsAInstruction(user)) {
			ok = 0;
			break;
		}
		switch (LLVMGetInstructionOpcode(user)) {
		case LLVMLoad:
			break;
		case LLVMStore:
			ok = LLVMGetOperand(user, 1) == v; /* the address, not the value stored */
			break;
		case LLVMAtomicRMW: case LLVMAtomicCmpXchg:
			ok = LLVMGetOperand(user, 0) == v;
			break;
		case LLVMCall: {
			const char *n = wp_callee_name(user);
			ok = (strncmp(n, "llvm.nvvm.ldg.global.", 21) == 0 || strncmp(n, "llvm.nvvm.ldu.global.", 21) == 0) &&
			     LLVMGetOperand(user, 0) == v;
			break;
		}
		case LLVMGetElementPtr: case LLVMSExt: case LLVMZExt: case LLVMTrunc: case LLVMAddrSpaceCast:
		case LLVMBitCast: case LLVMAdd: case LLVMSub: case LLVMOr: case LLVMMul: case LLVMShl: case LLVMPHI:
			ok = address_only(memo, ar, user, depth + 1);
			break;
		default:
			ok = 0;
			break;
		}
	}
	wp_pmap_put(ar, memo, v, (void *)(uintptr_t)(ok ? ADDR_YES : ADDR_NO));
	return ok;
}

/* Two offsets that differ by a constant share a base register: the same
 * terms once the constant term is left out. */
static int same_base(const wp_poly *a, const wp_poly *b)
{
	int i = 0, j = 0;
	for (;;) {
		while (i < a->n && a->t[i].n == 0)
			i++;
		while (j < b->n && b->t[j].n == 0)
			j++;
		if (i == a->n || j == b->n)
			return i == a->n && j == b->n;
		const wp_term *s = &a->t[i], *t = &b->t[j];
		if (s->c != t->c || s->n != t->n || memcmp(s->f, t->f, sizeof(int) * (size_t)s->n) != 0)
			return 0;
		i++, j++;
	}
}

static int has_variable_part(const wp_poly *p)
{
	for (int i = 0; i < p->n; i++)
		if (p->t[i].n > 0)
			return 1;
	return 0;
}

/* The loop nest (key: innermost loop + 1, 0 for none) in which a base
 * changes: the deepest loop its offset depends on (loop-invariant bases are
 * hoisted out of the loops that do not move them). */
static int base_nest(K *k, const wp_poly *off)
{
	uint64_t loops = wp_loops(&k->at, off);
	int key = 0, depth = -1;
	for (int l = 0; l < k->nl && l < 64; l++)
		if ((loops >> l) & 1 && k->loops[l].depth > depth)
			depth = k->loops[l].depth, key = l + 1;
	return key;
}

/* Above this many accesses, bases are not compared: one per access. */
#define MAX_BASES_COMPARED 4096

/* One integer instruction per distinct base register per iteration of the
 * nest it changes in (a strength-reduced pointer step, or the IMAD that
 * forms it), per field; an unanalysable address costs one. */
static void address_bases(K *k, long long (*cnt)[O_N], int nph)
{
	int compare = k->na <= MAX_BASES_COMPARED;
	int *nest = wp_alloc(k->ar, sizeof(int) * ((size_t)k->na + 1));
	for (int i = 0; i < k->na; i++)
		nest[i] = k->acc[i].off ? base_nest(k, k->acc[i].off) : k->inner[k->acc[i].block] + 1;
	for (int i = 0; i < k->na; i++) {
		const access *a = &k->acc[i];
		if (a->dead || a->field < 0)
			continue;
		if (!a->off) {
			cnt[nest[i] * nph + a->phase][O_INT]++;
			continue;
		}
		if (!has_variable_part(a->off))
			continue; /* an immediate address */
		int seen = 0;
		for (int j = 0; compare && j < i && !seen; j++) {
			const access *b = &k->acc[j];
			seen = !b->dead && b->off && b->field == a->field && nest[j] == nest[i] && same_base(a->off, b->off);
		}
		if (!seen)
			cnt[nest[i] * nph + a->phase][O_INT]++;
	}
}

/* The same guards, edge for edge. */
static int same_guards(const guard_ent *g, int ng, const guard_ent *h, int nh)
{
	if (ng != nh)
		return 0;
	for (int i = 0; i < ng; i++)
		if (g[i].br != h[i].br || g[i].dir != h[i].dir)
			return 0;
	return 1;
}

/* Above this many blocks, guards of blocks without accesses are not
 * computed: their operations run with their nest's most-executed access. */
#define MAX_BLOCKS_GUARDED 2048

/* For each block, the access (its index among the model's accesses) whose
 * executions its operations follow: one of its own, else one in the same
 * innermost loop under exactly the same guards; -1 for a block no guard
 * restricts (or none found): the nest's most-executed access. A bounds test
 * per unrolled copy thus counts each copy's arithmetic for the lanes that
 * pass it, not for every thread. */
static int *runs_with_of_blocks(K *k)
{
	int *rep = wp_alloc(k->ar, sizeof(int) * ((size_t)k->nb + 1));
	int *emitted = wp_alloc(k->ar, sizeof(int) * ((size_t)k->na + 1));
	for (int i = 0, n = 0; i < k->na; i++) /* as build_model emits them */
		emitted[i] = k->acc[i].dead ? -1 : n++;
	unsigned char *has_access = wp_alloc(k->ar, (size_t)k->nb + 1);
	memset(has_access, 0, (size_t)k->nb + 1);
	for (int b = 0; b < k->nb; b++)
		rep[b] = -1;
	for (int i = 0; i < k->na; i++)
		has_access[k->acc[i].block] = 1;
	for (int i = k->na - 1; i >= 0; i--)
		if (emitted[i] >= 0 && k->acc[i].ng > 0)
			rep[k->acc[i].block] = emitted[i];
	if (k->nb > MAX_BLOCKS_GUARDED)
		return rep;
	for (int b = 0; b < k->nb; b++) {
		if (rep[b] >= 0 || k->rpo_num[b] < 0)
			continue;
		if (has_access[b])
			continue; /* its accesses are unguarded (or merged away) */
		guard_ent *g;
		int ng = wp_block_guards(k, b, &g);
		for (int i = 0; ng > 0 && i < k->na && rep[b] < 0; i++) {
			const access *a = &k->acc[i];
			if (emitted[i] >= 0 && k->inner[a->block] == k->inner[b] && same_guards(g, ng, a->g, a->ng))
				rep[b] = emitted[i];
		}
	}
	return rep;
}

void wp_count_ops(K *k, json_object *model)
{
	/* rows: each nest's own (innermost loop + 1, first: a stable order),
	 * then one per runs-with access in use; an access lies in one nest, the
	 * nest of the blocks that run with it */
	int *rep = runs_with_of_blocks(k);
	int nkeys = k->nl + 1, *row_of_block = wp_alloc(k->ar, sizeof(int) * ((size_t)k->nb + 1));
	int *row_nest = wp_alloc(k->ar, sizeof(int) * ((size_t)k->nb + k->nl + 2));
	int *row_rep = wp_alloc(k->ar, sizeof(int) * ((size_t)k->nb + k->nl + 2));
	int *row_of_rep = wp_alloc(k->ar, sizeof(int) * ((size_t)k->na + 1)); /* 0: none yet */
	for (int key = 0; key < nkeys; key++)
		row_nest[key] = key, row_rep[key] = -1;
	for (int b = 0; b < k->nb; b++) {
		if (rep[b] < 0) {
			row_of_block[b] = k->inner[b] + 1;
			continue;
		}
		if (!row_of_rep[rep[b]]) {
			row_nest[nkeys] = k->inner[b] + 1;
			row_rep[nkeys] = rep[b];
			row_of_rep[rep[b]] = ++nkeys;
		}
		row_of_block[b] = row_of_rep[rep[b]] - 1;
	}
	/* each row split by barrier phase (phases.c): row r, phase p is r * nph + p */
	int nph = 1;
	for (int b = 0; b < k->nb; b++)
		if (k->rpo_num[b] >= 0 && wp_phase_at(k, b, NULL) + 1 > nph)
			nph = wp_phase_at(k, b, NULL) + 1;
	long long (*cnt)[O_N] = wp_alloc(k->ar, (size_t)nkeys * (size_t)nph * sizeof(*cnt));
	memset(cnt, 0, (size_t)nkeys * (size_t)nph * sizeof(*cnt));
	pmap fused = {0}, addr = {0};
	for (int b = 0; b < k->nb; b++) {
		if (k->rpo_num[b] < 0)
			continue;
		int phase = wp_phase_at(k, b, LLVMGetFirstInstruction(k->bb[b]));
		for (LLVMValueRef i = LLVMGetFirstInstruction(k->bb[b]); i; i = LLVMGetNextInstruction(i)) {
			if (wp_is_block_barrier(i) && phase < WP_MAX_PHASE)
				phase++;
			long long *c = cnt[row_of_block[b] * nph + phase];
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
			case LLVMAdd: case LLVMSub: case LLVMOr: case LLVMShl: case LLVMGetElementPtr:
				if (!address_only(&addr, k->ar, i, 0))
					c[O_INT] += lanes;
				break;
			case LLVMAnd: case LLVMXor: case LLVMLShr: case LLVMAShr: case LLVMICmp: case LLVMSelect:
				c[O_INT] += lanes;
				break;
			case LLVMMul:
				if (!address_only(&addr, k->ar, i, 0))
					c[O_INTMAD] += lanes;
				break;
			case LLVMFPToSI: case LLVMFPToUI: case LLVMSIToFP: case LLVMUIToFP: case LLVMFPTrunc: case LLVMFPExt:
				c[converts_double(i) ? O_F64CVT : O_OTHER] += lanes;
				break;
			case LLVMSDiv: case LLVMUDiv: case LLVMSRem: case LLVMURem: case LLVMFCmp: case LLVMFNeg:
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
	address_bases(k, cnt, nph);
	json_object *arr = json_object_new_array();
	for (int rp = 0; rp < nkeys * nph; rp++) {
		int row = rp / nph, phase = rp % nph, any = 0, key = row_nest[row];
		for (int o = 0; o < O_N; o++)
			any |= cnt[rp][o] != 0;
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
		if (row_rep[row] >= 0)
			json_object_object_add(e, "runs_with", json_object_new_int(row_rep[row]));
		if (phase > 0)
			json_object_object_add(e, "phase", json_object_new_int(phase));
		for (int o = 0; o < O_N; o++)
			if (cnt[rp][o])
				json_object_object_add(e, op_names[o], json_object_new_int64(cnt[rp][o]));
		json_object_array_add(arr, e);
	}
	json_object_object_add(model, "ops", arr);
}
