#include "cache/quasi_key_memo.h"

#include <stdlib.h>
#include <string.h>

/* Residue vectors a launch has are the product of its divisors over the
 * block's positions: a few in real kernels. Past this many, lookups would
 * cost more than they save. */
#define MEMO_MAX_ENTRIES 64

struct quasi_key_memo {
	int n_atoms, n_constraints, n;
	int64_t *residues; /* [entry][atom] */
	int64_t *parts;    /* [entry][constraint][3] */
};

quasi_key_memo *quasi_key_memo_alloc(int n_atoms, int n_constraints)
{
	quasi_key_memo *m = calloc(1, sizeof(*m));
	if (!m)
		return NULL;
	m->n_atoms = n_atoms;
	m->n_constraints = n_constraints;
	m->residues = malloc(sizeof(int64_t) * MEMO_MAX_ENTRIES * (size_t)(n_atoms > 0 ? n_atoms : 1));
	m->parts = malloc(sizeof(int64_t) * MEMO_MAX_ENTRIES * 3 * (size_t)(n_constraints > 0 ? n_constraints : 1));
	if (!m->residues || !m->parts) {
		quasi_key_memo_free(m);
		return NULL;
	}
	return m;
}

void quasi_key_memo_free(quasi_key_memo *m)
{
	if (!m)
		return;
	free(m->residues);
	free(m->parts);
	free(m);
}

const int64_t *quasi_key_memo_find(const quasi_key_memo *m, const int64_t *residue)
{
	size_t bytes = sizeof(int64_t) * (size_t)m->n_atoms;
	for (int e = 0; e < m->n; e++)
		if (memcmp(&m->residues[(size_t)e * (size_t)m->n_atoms], residue, bytes) == 0)
			return &m->parts[(size_t)e * 3 * (size_t)m->n_constraints];
	return NULL;
}

int64_t *quasi_key_memo_add(quasi_key_memo *m, const int64_t *residue)
{
	if (m->n == MEMO_MAX_ENTRIES)
		return NULL;
	int e = m->n++;
	memcpy(&m->residues[(size_t)e * (size_t)m->n_atoms], residue, sizeof(int64_t) * (size_t)m->n_atoms);
	return &m->parts[(size_t)e * 3 * (size_t)m->n_constraints];
}
