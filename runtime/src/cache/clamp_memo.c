#include "cache/clamp_memo.h"

#include <stdlib.h>
#include <string.h>

/* Distinct coordinates a scan meets close together: a grid's block columns
 * (or rows) in real kernels are at most a few hundred. */
#define CLAMP_MEMO_SLOTS 256

struct clamp_memo {
	int n_atoms;
	unsigned mask;
	int64_t key[CLAMP_MEMO_SLOTS][3];
	unsigned char used[CLAMP_MEMO_SLOTS];
	int64_t *outputs; /* [slot][residue n | offset n | clamp key 2n] */
};

clamp_memo *clamp_memo_alloc(int n_atoms, unsigned ctaid_mask)
{
	clamp_memo *m = calloc(1, sizeof(*m));
	if (!m)
		return NULL;
	m->n_atoms = n_atoms;
	m->mask = ctaid_mask;
	m->outputs = malloc(sizeof(int64_t) * CLAMP_MEMO_SLOTS * 4 * (size_t)(n_atoms > 0 ? n_atoms : 1));
	if (!m->outputs) {
		free(m);
		return NULL;
	}
	return m;
}

void clamp_memo_free(clamp_memo *m)
{
	if (!m)
		return;
	free(m->outputs);
	free(m);
}

/* The coordinates the atoms read, the others 0, and their slot. */
static int slot_of(const clamp_memo *m, const int64_t *c, int64_t *key)
{
	uint64_t h = 0x9e3779b97f4a7c15ull;
	for (int d = 0; d < 3; d++) {
		key[d] = m->mask >> d & 1 ? c[d] : 0;
		h = (h ^ (uint64_t)key[d]) * 0xbf58476d1ce4e5b9ull;
	}
	return (int)((h ^ (h >> 31)) % CLAMP_MEMO_SLOTS);
}

int clamp_memo_get(const clamp_memo *m, const int64_t *c, int64_t *residue, int64_t *offset,
	int64_t *clamp_key)
{
	int64_t key[3];
	int s = slot_of(m, c, key);
	if (!m->used[s] || memcmp(m->key[s], key, sizeof(key)) != 0)
		return 0;
	size_t n = (size_t)m->n_atoms;
	const int64_t *out = &m->outputs[(size_t)s * 4 * n];
	memcpy(residue, out, sizeof(int64_t) * n);
	memcpy(offset, out + n, sizeof(int64_t) * n);
	memcpy(clamp_key, out + 2 * n, sizeof(int64_t) * 2 * n);
	return 1;
}

void clamp_memo_put(clamp_memo *m, const int64_t *c, const int64_t *residue, const int64_t *offset,
	const int64_t *clamp_key)
{
	int64_t key[3];
	int s = slot_of(m, c, key);
	size_t n = (size_t)m->n_atoms;
	int64_t *out = &m->outputs[(size_t)s * 4 * n];
	memcpy(m->key[s], key, sizeof(key));
	m->used[s] = 1;
	memcpy(out, residue, sizeof(int64_t) * n);
	memcpy(out + n, offset, sizeof(int64_t) * n);
	memcpy(out + 2 * n, clamp_key, sizeof(int64_t) * 2 * n);
}
