/* Load rounds: which of a kernel's global loads wait one after another
 * (docs/kernel-model.md, "round"). A load in a block that follows, on some
 * path, another block with global loads cannot be issued before the branch
 * between them is taken, and a guarded load's value is used where the
 * paths meet, before the next guard: the unrolled, bounds-checked loads of
 * a convolution each wait for the one before. Loads in one block, or in
 * blocks that exclude each other (if / else), share a round. */
#include "model_parts.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

static int is_global_load(const K *k, const access *a)
{
	return !a->dead && strcmp(a->kind, "store") != 0 && k->fields[a->field].space &&
	       strcmp(k->fields[a->field].space, "global") == 0;
}

void wp_load_rounds(K *k)
{
	int *chain = calloc((size_t)k->nb + 1, sizeof(int));
	int *start = calloc((size_t)k->nb + 1, sizeof(int));
	int *loads = calloc((size_t)k->nb + 1, sizeof(int));
	if (!chain || !start || !loads) {
		free(chain), free(start), free(loads);
		return; /* every load in round 0: as before rounds existed */
	}
	for (int i = 0; i < k->na; i++)
		if (is_global_load(k, &k->acc[i]))
			loads[k->acc[i].block] = 1;
	/* the longest chain of load blocks ending at each block */
	wp_longest_forward_path(k, loads, INT_MAX, start, chain);
	/* rounds count within a loop body (the core groups loads by their
	 * loops): from the body's first, and only where the body has two;
	 * bodies by innermost loop, index 0 for none */
	int *lo = malloc(sizeof(int) * ((size_t)k->nl + 1)), *hi = malloc(sizeof(int) * ((size_t)k->nl + 1));
	if (lo && hi) {
		for (int r = 0; r <= k->nl; r++)
			lo[r] = INT_MAX, hi[r] = INT_MIN;
		for (int i = 0; i < k->na; i++) {
			const access *a = &k->acc[i];
			int r = k->inner[a->block] + 1, c = chain[a->block];
			if (!is_global_load(k, a))
				continue;
			lo[r] = c < lo[r] ? c : lo[r];
			hi[r] = c > hi[r] ? c : hi[r];
		}
	}
	for (int i = 0; i < k->na; i++) {
		access *a = &k->acc[i];
		int r = k->inner[a->block] + 1;
		a->round = lo && hi && is_global_load(k, a) && hi[r] > lo[r] ? chain[a->block] - lo[r] : 0;
	}
	free(lo), free(hi);
	free(chain), free(start), free(loads);
}
