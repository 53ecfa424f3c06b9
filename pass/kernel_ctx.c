/* Kernel context helpers shared by the extraction files: the pointer hash
 * map, the model's assumptions, block indices, source locations, and the
 * names of callees and arguments. */
#include "kernel_ctx.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void *wp_pmap_get(const pmap *m, const void *k)
{
	if (!m->cap)
		return NULL;
	size_t h = ((size_t)k >> 4) * 2654435761u;
	for (int i = 0; i < m->cap; i++) {
		int j = (int)((h + (size_t)i) & (size_t)(m->cap - 1));
		if (m->key[j] == k)
			return m->val[j];
		if (!m->key[j])
			return NULL;
	}
	return NULL;
}

void wp_pmap_put(wp_arena *ar, pmap *m, const void *k, void *v)
{
	if (2 * (m->n + 1) > m->cap) {
		pmap old = *m;
		m->cap = old.cap ? 2 * old.cap : 256;
		m->n = 0;
		m->key = wp_alloc(ar, (size_t)m->cap * sizeof(void *));
		m->val = wp_alloc(ar, (size_t)m->cap * sizeof(void *));
		for (int i = 0; i < old.cap; i++)
			if (old.key[i])
				wp_pmap_put(ar, m, old.key[i], old.val[i]);
	}
	size_t h = ((size_t)k >> 4) * 2654435761u;
	for (int i = 0;; i++) {
		int j = (int)((h + (size_t)i) & (size_t)(m->cap - 1));
		if (m->key[j] == k || !m->key[j]) {
			if (!m->key[j])
				m->n++;
			m->key[j] = k;
			m->val[j] = v;
			return;
		}
	}
}

void wp_assume(K *k, const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	for (int i = 0; i < k->nassume; i++)
		if (strcmp(k->assume[i], buf) == 0)
			return;
	if (k->nassume == k->capassume) {
		k->capassume = k->capassume ? 2 * k->capassume : 16;
		char **n = wp_alloc(k->ar, (size_t)k->capassume * sizeof(char *));
		if (k->nassume)
			if (k->nassume > 0)
				memcpy(n, k->assume, (size_t)k->nassume * sizeof(char *));
		k->assume = n;
	}
	k->assume[k->nassume++] = wp_strdup(k->ar, buf);
}

int wp_bindex(K *k, LLVMBasicBlockRef b)
{
	return (int)(intptr_t)wp_pmap_get(&k->bidx, b) - 1;
}

char *wp_loc_of(K *k, LLVMValueRef inst)
{
	char buf[512];
	if (!inst || !LLVMIsAInstruction(inst) || !warpest_inst_loc(inst, buf, sizeof buf))
		return NULL;
	return wp_strdup(k->ar, buf);
}

const char *wp_where(K *k, LLVMValueRef inst)
{
	char *l = wp_loc_of(k, inst);
	return l ? wp_printf(k->ar, " at %s", l) : "";
}

int wp_block_of(K *k, LLVMValueRef inst)
{
	return wp_bindex(k, LLVMGetInstructionParent(inst));
}

int wp_header_loop(const K *k, int b)
{
	for (int li = 0; li < k->nl; li++)
		if (k->loops[li].header == b)
			return li;
	return -1;
}

void wp_longest_forward_path(const K *k, const int *weight, int cap, int *in, int *out)
{
	/* blocks in reverse post-order; an edge to an earlier block is a back edge */
	int *order = malloc(sizeof(int) * ((size_t)k->nb + 1));
	if (!order) {
		for (int b = 0; b < k->nb; b++)
			in[b] = 0, out[b] = weight[b] < cap ? weight[b] : cap;
		return; /* out of memory: each block alone */
	}
	int n = 0;
	for (int b = 0; b < k->nb; b++) {
		in[b] = 0, out[b] = 0;
		if (k->rpo_num[b] >= 0)
			order[k->rpo_num[b]] = b, n++;
	}
	for (int r = 0; r < n; r++) {
		int b = order[r], longest = 0;
		for (int p = 0; p < k->npred[b]; p++) {
			int q = k->pred[b][p];
			if (k->rpo_num[q] >= 0 && k->rpo_num[q] < r && out[q] > longest)
				longest = out[q];
		}
		in[b] = longest;
		out[b] = longest + weight[b] < cap ? longest + weight[b] : cap;
	}
	free(order);
}

const char *wp_callee_name(LLVMValueRef call)
{
	LLVMValueRef f = LLVMGetCalledValue(call);
	if (!f || !LLVMIsAFunction(f))
		return "";
	size_t len;
	const char *n = LLVMGetValueName2(f, &len);
	return n ? n : "";
}

char *wp_arg_name(K *k, LLVMValueRef fn, unsigned i)
{
	LLVMValueRef a = LLVMGetParam(fn, i);
	size_t len = 0;
	const char *n = LLVMGetValueName2(a, &len);
	if (n && len && !(n[0] >= '0' && n[0] <= '9'))
		return wp_strdup(k->ar, n);
	char *d = warpest_arg_debug_name(fn, i);
	if (!d)
		d = wp_source_arg_name(fn, i);
	if (d) {
		char *r = wp_strdup(k->ar, d);
		free(d);
		return r;
	}
	return wp_printf(k->ar, "arg%u", i);
}

const char *const wp_pred_text[] = {"<", "<=", ">", ">=", "==", "!="};
const int wp_pred_neg[] = {P_GE, P_GT, P_LE, P_LT, P_NE, P_EQ};
const int wp_pred_swap[] = {P_GT, P_GE, P_LT, P_LE, P_EQ, P_NE};

/* The comparison of an icmp (signed and unsigned alike: values are taken as
 * non-negative where it matters, see docs/pass.md). */
int wp_icmp_pred(LLVMValueRef icmp)
{
	switch (LLVMGetICmpPredicate(icmp)) {
	case LLVMIntSLT: case LLVMIntULT: return P_LT;
	case LLVMIntSLE: case LLVMIntULE: return P_LE;
	case LLVMIntSGT: case LLVMIntUGT: return P_GT;
	case LLVMIntSGE: case LLVMIntUGE: return P_GE;
	case LLVMIntEQ: return P_EQ;
	default: return P_NE;
	}
}
