/* Delinearisation: the strides of a field's element indices (a chain of
 * parameter products) give its dimensions; each index is then split into one
 * entry per dimension. */
#include "model_parts.h"

#include <string.h>

static int param_factors(K *k, const wp_term *t, int *out)
{
	int n = 0;
	for (int f = 0; f < t->n; f++)
		if (k->at.a[t->f[f]].kind == WP_PARAM)
			out[n++] = t->f[f];
	return n;
}

static int same_multiset(const int *a, int na, const int *b, int nb)
{
	if (na != nb)
		return 0;
	for (int i = 0; i < na; i++)
		if (a[i] != b[i])
			return 0;
	return 1;
}

/* Index polynomial of access a in elements. */
wp_poly *wp_elem_index(K *k, const access *a, int elem)
{
	return wp_fdiv(&k->at, a->off, wp_const(&k->at, elem));
}

void wp_delinearise(K *k, int fi, delin *d)
{
	memset(d, 0, sizeof(*d));
	d->ok = 1;
	d->nd = 1;
	/* strides: distinct parameter products, which must form a chain */
	int ns = 0, st[4][WP_MAXF], nst[4];
	for (int i = 0; i < k->na; i++) {
		access *a = &k->acc[i];
		if (a->dead || a->field != fi || !a->off)
			continue;
		for (int t = 0; t < a->off->n; t++) {
			int pf[WP_MAXF], np = param_factors(k, &a->off->t[t], pf);
			if (!np)
				continue;
			int found = 0;
			for (int s = 0; s < ns; s++)
				found |= same_multiset(st[s], nst[s], pf, np);
			if (found)
				continue;
			if (ns == 3 || np > 3)
				return; /* 1-D */
			memcpy(st[ns], pf, sizeof(int) * (size_t)np);
			nst[ns++] = np;
		}
	}
	if (!ns)
		return;
	/* sort by size and check the chain */
	for (int i = 0; i < ns; i++)
		for (int j = i + 1; j < ns; j++)
			if (nst[j] < nst[i]) {
				int tmp[WP_MAXF], tn = nst[i];
				memcpy(tmp, st[i], sizeof tmp);
				memcpy(st[i], st[j], sizeof tmp);
				nst[i] = nst[j];
				memcpy(st[j], tmp, sizeof tmp);
				nst[j] = tn;
			}
	for (int i = 0; i < ns; i++) {
		if (nst[i] != i + 1)
			return;
		/* st[i-1] must be contained in st[i] (both sorted by rank) */
		if (i > 0) {
			int p = 0;
			for (int q = 0; q < nst[i] && p < nst[i - 1]; q++)
				if (st[i][q] == st[i - 1][p])
					p++;
			if (p != nst[i - 1])
				return;
		}
	}
	d->nd = ns + 1;
	for (int i = 0; i < ns; i++) {
		memcpy(d->stride[i + 1], st[i], sizeof st[i]);
		d->nstride[i + 1] = nst[i];
	}
	/* extents: innermost first */
	int last_param = -1;
	for (int i = 1; i <= ns; i++) {
		int extra = -1;
		for (int q = 0; q < nst[i - 1]; q++) {
			int in_prev = 0;
			if (i > 1)
				for (int r = 0; r < nst[i - 2]; r++)
					in_prev |= st[i - 2][r] == st[i - 1][q];
			if (!in_prev)
				extra = st[i - 1][q];
		}
		if (i == 1)
			extra = st[0][0];
		else {
			/* the factor of st[i-1] not in st[i-2] (multisets) */
			int used[WP_MAXF] = {0};
			extra = -1;
			for (int q = 0; q < nst[i - 1]; q++) {
				int m = 0;
				for (int r = 0; r < nst[i - 2]; r++)
					if (!used[r] && st[i - 2][r] == st[i - 1][q]) {
						used[r] = 1;
						m = 1;
						break;
					}
				if (!m)
					extra = st[i - 1][q];
			}
		}
		d->dims[ns - i + 1] = k->at.a[extra].name;
		last_param = extra;
	}
	(void)last_param;
}

/* Splits a field-element index by the strides of d; NULL if a term does not fit. */
int wp_split_index(K *k, const delin *d, const wp_poly *p, wp_poly **out)
{
	for (int i = 0; i < d->nd; i++)
		out[i] = wp_const(&k->at, 0);
	for (int t = 0; t < p->n; t++) {
		int pf[WP_MAXF], np = param_factors(k, &p->t[t], pf);
		int level = -1;
		if (!np)
			level = 0;
		for (int s = 1; s < d->nd && level < 0; s++)
			if (same_multiset(d->stride[s], d->nstride[s], pf, np))
				level = s;
		if (level < 0)
			return 0;
		/* remove the stride's factors */
		wp_term nt = {p->t[t].c, 0, {0}};
		int used[WP_MAXF] = {0};
		for (int f = 0; f < p->t[t].n; f++) {
			int skip = 0;
			for (int r = 0; level > 0 && r < d->nstride[level]; r++)
				if (!used[r] && d->stride[level][r] == p->t[t].f[f]) {
					used[r] = 1;
					skip = 1;
					break;
				}
			if (!skip)
				nt.f[nt.n++] = p->t[t].f[f];
		}
		wp_poly one = {1, &nt};
		int idx = d->nd - 1 - level;
		out[idx] = wp_add(&k->at, out[idx], &one);
		if (!out[idx])
			return 0;
	}
	return 1;
}
