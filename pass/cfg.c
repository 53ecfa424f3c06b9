/* Control-flow graph of a kernel: successors and predecessors, reverse
 * postorder, dominators (Cooper/Harvey/Kennedy) and natural loops (blocks,
 * nesting, loop variables, exits and latches). Trip counts are in eval.c. */
#include "kernel_ctx.h"

#include <stdio.h>
#include <string.h>

void wp_build_cfg(K *k)
{
	k->nb = (int)LLVMCountBasicBlocks(k->fn);
	k->bb = wp_alloc(k->ar, (size_t)k->nb * sizeof(*k->bb));
	LLVMGetBasicBlocks(k->fn, k->bb);
	for (int i = 0; i < k->nb; i++)
		wp_pmap_put(k->ar, &k->bidx, k->bb[i], (void *)(intptr_t)(i + 1));
	k->succ = wp_alloc(k->ar, (size_t)k->nb * sizeof(int *));
	k->nsucc = wp_alloc(k->ar, (size_t)k->nb * sizeof(int));
	k->pred = wp_alloc(k->ar, (size_t)k->nb * sizeof(int *));
	k->npred = wp_alloc(k->ar, (size_t)k->nb * sizeof(int));
	for (int i = 0; i < k->nb; i++) {
		LLVMValueRef t = LLVMGetBasicBlockTerminator(k->bb[i]);
		int n = t ? (int)LLVMGetNumSuccessors(t) : 0;
		k->succ[i] = wp_alloc(k->ar, (size_t)(n + 1) * sizeof(int));
		for (int s = 0; s < n; s++) {
			int j = wp_bindex(k, LLVMGetSuccessor(t, (unsigned)s));
			k->succ[i][k->nsucc[i]++] = j;
			k->npred[j]++;
		}
	}
	for (int i = 0; i < k->nb; i++) {
		k->pred[i] = wp_alloc(k->ar, (size_t)(k->npred[i] + 1) * sizeof(int));
		k->npred[i] = 0;
	}
	for (int i = 0; i < k->nb; i++)
		for (int s = 0; s < k->nsucc[i]; s++) {
			int j = k->succ[i][s];
			k->pred[j][k->npred[j]++] = i;
		}
	/* reverse postorder by an explicit stack */
	int *order = wp_alloc(k->ar, (size_t)k->nb * sizeof(int));
	int *stack = wp_alloc(k->ar, (size_t)k->nb * sizeof(int));
	int *pos = wp_alloc(k->ar, (size_t)k->nb * sizeof(int));
	unsigned char *seen = wp_alloc(k->ar, (size_t)k->nb);
	int sp = 0, no = 0;
	stack[sp++] = 0;
	seen[0] = 1;
	while (sp) {
		int b = stack[sp - 1];
		if (pos[b] < k->nsucc[b]) {
			int s = k->succ[b][pos[b]++];
			if (!seen[s]) {
				seen[s] = 1;
				stack[sp++] = s;
			}
		} else {
			order[no++] = b;
			sp--;
		}
	}
	k->rpo_num = wp_alloc(k->ar, (size_t)k->nb * sizeof(int));
	for (int i = 0; i < k->nb; i++)
		k->rpo_num[i] = -1;
	int *rpo = wp_alloc(k->ar, (size_t)no * sizeof(int));
	for (int i = 0; i < no; i++) {
		rpo[i] = order[no - 1 - i];
		k->rpo_num[rpo[i]] = i;
	}
	k->idom = wp_alloc(k->ar, (size_t)k->nb * sizeof(int));
	for (int i = 0; i < k->nb; i++)
		k->idom[i] = -1;
	k->idom[0] = 0;
	for (int changed = 1; changed;) {
		changed = 0;
		for (int i = 1; i < no; i++) {
			int b = rpo[i], nd = -1;
			for (int p = 0; p < k->npred[b]; p++) {
				int q = k->pred[b][p];
				if (k->idom[q] < 0)
					continue;
				if (nd < 0) {
					nd = q;
					continue;
				}
				int x = q, y = nd;
				while (x != y) {
					while (k->rpo_num[x] > k->rpo_num[y])
						x = k->idom[x];
					while (k->rpo_num[y] > k->rpo_num[x])
						y = k->idom[y];
				}
				nd = x;
			}
			if (nd >= 0 && k->idom[b] != nd) {
				k->idom[b] = nd;
				changed = 1;
			}
		}
	}
}

int wp_dominates(K *k, int a, int b)
{
	if (k->rpo_num[b] < 0)
		return 0;
	for (;;) {
		if (a == b)
			return 1;
		if (b == 0)
			return 0;
		b = k->idom[b];
	}
}

void wp_build_loops(K *k)
{
	k->inner = wp_alloc(k->ar, (size_t)k->nb * sizeof(int));
	int cap = 8;
	k->loops = wp_alloc(k->ar, (size_t)cap * sizeof(loop));
	int *stack = wp_alloc(k->ar, (size_t)k->nb * sizeof(int));
	/* headers in RPO order so that outer loops come first */
	for (int r = 0; r < k->nb; r++) {
		int h = -1;
		for (int i = 0; i < k->nb; i++)
			if (k->rpo_num[i] == r)
				h = i;
		if (h < 0)
			continue;
		loop *l = NULL;
		for (int p = 0; p < k->npred[h]; p++) {
			int latch = k->pred[h][p];
			if (!wp_dominates(k, h, latch))
				continue;
			if (!l) {
				if (k->nl == cap) {
					loop *n = wp_alloc(k->ar, (size_t)(2 * cap) * sizeof(loop));
					if (cap > 0)
				memcpy(n, k->loops, (size_t)cap * sizeof(loop));
					k->loops = n;
					cap *= 2;
				}
				l = &k->loops[k->nl++];
				memset(l, 0, sizeof(*l));
				l->header = h;
				l->in = wp_alloc(k->ar, (size_t)k->nb);
				l->in[h] = 1;
			}
			int sp = 0;
			if (!l->in[latch]) {
				l->in[latch] = 1;
				stack[sp++] = latch;
			}
			while (sp) {
				int b = stack[--sp];
				for (int q = 0; q < k->npred[b]; q++) {
					int c = k->pred[b][q];
					if (!l->in[c] && k->rpo_num[c] >= 0) {
						l->in[c] = 1;
						stack[sp++] = c;
					}
				}
			}
		}
	}
	for (int i = 0; i < k->nl; i++) {
		loop *l = &k->loops[i];
		l->parent = -1;
		for (int j = 0; j < k->nl; j++)
			if (j != i && k->loops[j].in[l->header] && k->loops[j].header != l->header) {
				/* innermost enclosing: the one with the largest depth so far; outer loops come first */
				l->parent = j;
			}
		l->depth = l->parent < 0 ? 0 : k->loops[l->parent].depth + 1;
		char name[16];
		snprintf(name, sizeof name, "it%d", i);
		l->atom = wp_atom_get(&k->at, name, WP_LOOP);
		k->at.a[l->atom].loops = i < 64 ? (uint64_t)1 << i : 0;
		l->header_inst = LLVMGetFirstInstruction(k->bb[l->header]);
	}
	for (int b = 0; b < k->nb; b++) {
		k->inner[b] = -1;
		for (int i = 0; i < k->nl; i++)
			if (k->loops[i].in[b] && (k->inner[b] < 0 || k->loops[i].depth > k->loops[k->inner[b]].depth))
				k->inner[b] = i;
	}
}

/* The loop's only exiting block, or -1 (none or several). */
int wp_loop_exit(const K *k, const loop *l)
{
	int exiting = -1, n_exiting = 0;
	for (int b = 0; b < k->nb; b++) {
		if (!l->in[b])
			continue;
		for (int s = 0; s < k->nsucc[b]; s++)
			if (!l->in[k->succ[b][s]]) {
				if (exiting != b)
					n_exiting++;
				exiting = b;
				break;
			}
	}
	return n_exiting == 1 ? exiting : -1;
}

/* Whether the exiting block also branches back to the header: its test
 * runs at the end of an iteration. */
int wp_is_latch(const K *k, const loop *l, int exiting)
{
	for (int s = 0; s < k->nsucc[exiting]; s++)
		if (k->succ[exiting][s] == l->header)
			return 1;
	return 0;
}
