#include "kernel/quasi_affine.h"

#include <string.h>

static void qf_add(quasi_form *f, const quasi_form *g, int64_t k)
{
	f->lin.c0 += k * g->lin.c0;
	for (int i = 0; i < EXPR_N_VARYING; i++)
		f->lin.coeff[i] += k * g->lin.coeff[i];
	for (int i = 0; i < QUASI_MAX_ATOMS; i++)
		f->atom[i] += k * g->atom[i];
}

static int qf_is_constant(const quasi_form *f)
{
	for (int i = 0; i < EXPR_N_VARYING; i++)
		if (f->lin.coeff[i])
			return 0;
	for (int i = 0; i < QUASI_MAX_ATOMS; i++)
		if (f->atom[i])
			return 0;
	return 1;
}

/* Whether every coefficient and the constant of f are multiples of d. */
static int qf_divisible(const quasi_form *f, int64_t d)
{
	if (f->lin.c0 % d)
		return 0;
	for (int i = 0; i < EXPR_N_VARYING; i++)
		if (f->lin.coeff[i] % d)
			return 0;
	for (int i = 0; i < QUASI_MAX_ATOMS; i++)
		if (f->atom[i] % d)
			return 0;
	return 1;
}

static int atom_index(quasi_atoms *atoms, const quasi_atom *want)
{
	for (int i = 0; i < atoms->n; i++)
		if (memcmp(&atoms->a[i], want, sizeof(*want)) == 0)
			return i;
	if (atoms->n == QUASI_MAX_ATOMS)
		return -1;
	atoms->a[atoms->n] = *want;
	return atoms->n++;
}

/* Whether f has the same value for every thread of a block: no thread or
 * loop variable, and only atoms that are themselves block-uniform. */
static int qf_block_uniform(const quasi_form *f, const quasi_atoms *atoms)
{
	for (int i = 0; i < EXPR_N_VARYING; i++)
		if (f->lin.coeff[i] && (i < 3 || i >= 6))
			return 0;
	for (int i = 0; i < atoms->n; i++)
		if (f->atom[i] && (atoms->a[i].minmax == quasi_no_minmax ?
			!qf_block_uniform(&atoms->a[i].num, atoms) : atoms->a[i].thread_dependent))
			return 0;
	return 1;
}

/* the atoms f uses do not use loop variables */
static int atoms_loop_free(const quasi_form *f, const quasi_atoms *atoms)
{
	for (int i = 0; i < atoms->n; i++) {
		if (!f->atom[i])
			continue;
		const quasi_atom *a = &atoms->a[i];
		for (int v = 6; v < EXPR_N_VARYING; v++)
			if (a->num.lin.coeff[v] || a->other.lin.coeff[v])
				return 0;
		if (!atoms_loop_free(&a->num, atoms) || !atoms_loop_free(&a->other, atoms))
			return 0;
	}
	return 1;
}

/* f and its atoms use no loop variable */
static int qf_loop_free(const quasi_form *f, const quasi_atoms *atoms)
{
	for (int v = 6; v < EXPR_N_VARYING; v++)
		if (f->lin.coeff[v])
			return 0;
	return atoms_loop_free(f, atoms);
}

int quasi_linearize(const expr *e, const symbol_table *table, const int64_t *env,
	quasi_atoms *atoms, quasi_form *out)
{
	quasi_form a, b;
	memset(out, 0, sizeof(*out));
	switch (e->kind) {
	case expr_const:
		out->lin.c0 = e->value;
		return 1;
	case expr_sym: {
		int v = expr_varying_index(table, e->sym);
		if (v >= 0)
			out->lin.coeff[v] = 1;
		else
			out->lin.c0 = env[e->sym];
		return 1;
	}
	case expr_add:
	case expr_sub:
		if (!quasi_linearize(e->a, table, env, atoms, &a) ||
		    !quasi_linearize(e->b, table, env, atoms, &b))
			return 0;
		*out = a;
		qf_add(out, &b, e->kind == expr_add ? 1 : -1);
		return 1;
	case expr_neg:
		if (!quasi_linearize(e->a, table, env, atoms, &a))
			return 0;
		qf_add(out, &a, -1);
		return 1;
	case expr_mul:
		if (!quasi_linearize(e->a, table, env, atoms, &a) ||
		    !quasi_linearize(e->b, table, env, atoms, &b))
			return 0;
		if (qf_is_constant(&a)) {
			qf_add(out, &b, a.lin.c0);
			return 1;
		}
		if (qf_is_constant(&b)) {
			qf_add(out, &a, b.lin.c0);
			return 1;
		}
		return 0;
	case expr_div:
	case expr_mod: {
		if (!quasi_linearize(e->a, table, env, atoms, &a) ||
		    !quasi_linearize(e->b, table, env, atoms, &b) || !qf_is_constant(&b) ||
		    b.lin.c0 <= 0)
			return 0;
		int64_t d = b.lin.c0;
		int is_mod = e->kind == expr_mod;
		if (qf_is_constant(&a)) {
			out->lin.c0 = is_mod ? floor_mod(a.lin.c0, d) : floor_div(a.lin.c0, d);
			return 1;
		}
		if (qf_divisible(&a, d)) {
			/* exact: n / d stays a form, n mod d is 0 */
			if (!is_mod)
				qf_add(out, &a, 1), out->lin.c0 /= d;
			for (int i = 0; !is_mod && i < EXPR_N_VARYING; i++)
				out->lin.coeff[i] /= d;
			for (int i = 0; !is_mod && i < QUASI_MAX_ATOMS; i++)
				out->atom[i] /= d;
			return 1;
		}
		quasi_atom want;
		memset(&want, 0, sizeof(want));
		want.is_mod = is_mod;
		want.divisor = d;
		want.num = a;
		int i = atom_index(atoms, &want);
		if (i < 0)
			return 0;
		out->atom[i] = 1;
		return 1;
	}
	case expr_min:
	case expr_max: {
		if (!quasi_linearize(e->a, table, env, atoms, &a) ||
		    !quasi_linearize(e->b, table, env, atoms, &b))
			return 0;
		int is_min = e->kind == expr_min;
		if (qf_is_constant(&a) && qf_is_constant(&b)) {
			out->lin.c0 = (a.lin.c0 < b.lin.c0) == is_min ? a.lin.c0 : b.lin.c0;
			return 1;
		}
		/* a clamp of the block's position: one value per block, a
		 * translation from block to block; a clamp of the thread's (no
		 * loop inside): the lanes' pattern changes at the kink, which the
		 * block classes key */
		int uniform = qf_block_uniform(&a, atoms) && qf_block_uniform(&b, atoms);
		if (!uniform && (!qf_loop_free(&a, atoms) || !qf_loop_free(&b, atoms)))
			return 0;
		quasi_atom want;
		memset(&want, 0, sizeof(want));
		want.divisor = 1;
		want.num = a;
		want.minmax = is_min ? quasi_min : quasi_max;
		want.other = b;
		want.thread_dependent = !uniform;
		int i = atom_index(atoms, &want);
		if (i < 0)
			return 0;
		out->atom[i] = 1;
		return 1;
	}
	default:
		return 0;
	}
}

void quasi_atoms_eval(const quasi_atoms *atoms, const int64_t *v, int64_t *values)
{
	quasi_atoms_eval_masked(atoms, v, values, ~(uint32_t)0);
}

uint32_t quasi_form_atom_mask(const quasi_form *f, const quasi_atoms *atoms)
{
	uint32_t mask = 0;
	for (int i = atoms->n - 1; i >= 0; i--)
		if (f->atom[i] || (mask >> i & 1)) {
			const quasi_atom *a = &atoms->a[i];
			mask |= (uint32_t)1 << i;
			for (int j = 0; j < i; j++)
				if (a->num.atom[j] || a->other.atom[j])
					mask |= (uint32_t)1 << j;
		}
	return mask;
}

void quasi_atoms_eval_masked(const quasi_atoms *atoms, const int64_t *v, int64_t *values,
	uint32_t mask)
{
	for (int i = 0; i < atoms->n; i++) {
		if (!(mask >> i & 1))
			continue;
		const quasi_atom *a = &atoms->a[i];
		int64_t n = quasi_form_eval(&a->num, i, v, values);
		if (a->minmax != quasi_no_minmax) {
			int64_t m = quasi_form_eval(&a->other, i, v, values);
			values[i] = (n < m) == (a->minmax == quasi_min) ? n : m;
		} else
			values[i] = a->is_mod ? floor_mod(n, a->divisor) : floor_div(n, a->divisor);
	}
}

int64_t quasi_form_block_part(const quasi_form *f, int n_atoms, const int64_t *ctaid,
	const int64_t *offset)
{
	int64_t n = f->lin.c0 + f->lin.coeff[3] * ctaid[0] + f->lin.coeff[4] * ctaid[1] +
		f->lin.coeff[5] * ctaid[2];
	for (int j = 0; j < n_atoms; j++)
		n += f->atom[j] * offset[j];
	return n;
}

/* Residue and offset of floor or mod atom i, whose numerator's block part
 * is n (quasi_atoms_block). */
static void split_block_part(const quasi_atoms *atoms, int i, int64_t n, const quasi_spans *spans,
	int64_t *residue, int64_t *offset)
{
	const quasi_atom *a = &atoms->a[i];
	residue[i] = floor_mod(n, a->divisor);
	offset[i] = a->is_mod ? 0 : floor_div(n, a->divisor);
	if (spans && (spans->mask >> i & 1) && residue[i] + spans->lo[i] >= 0 &&
	    residue[i] + spans->hi[i] < a->divisor) {
		/* floor: the quotient at every thread; mod: r plus the thread part */
		if (a->is_mod)
			offset[i] = residue[i];
		residue[i] = -1;
	}
}

void quasi_atoms_block(const quasi_atoms *atoms, const int64_t *ctaid, const quasi_spans *spans,
	int64_t *residue, int64_t *offset)
{
	for (int i = 0; i < atoms->n; i++) {
		const quasi_atom *a = &atoms->a[i];
		/* n = (block part) + (thread and loop part); for floor the quotient
		 * of the block part adds to every thread's value, for mod nothing */
		int64_t n = quasi_form_block_part(&a->num, i, ctaid, offset);
		if (a->thread_dependent) {
			residue[i] = 0;
			offset[i] = n;
			continue;
		}
		if (a->minmax != quasi_no_minmax) {
			/* block-uniform: its whole value moves with the block */
			int64_t m = quasi_form_block_part(&a->other, i, ctaid, offset);
			residue[i] = 0;
			offset[i] = (n < m) == (a->minmax == quasi_min) ? n : m;
			continue;
		}
		split_block_part(atoms, i, n, spans, residue, offset);
	}
}

/* One constraint k*(a - b) + bias >= 0 (or a - b != 0) into out. */
static int cond_add(quasi_cond *out, const quasi_form *a, const quasi_form *b, int64_t k,
	int64_t bias, int ne)
{
	if (out->n == COND_MAX_CONSTRAINTS)
		return 0;
	quasi_form *f = &out->f[out->n];
	memset(f, 0, sizeof(*f));
	qf_add(f, a, k);
	qf_add(f, b, -k);
	f->lin.c0 += bias;
	out->ne[out->n++] = (unsigned char)ne;
	return 1;
}

/* The constraint -1 >= 0, which no point meets. */
static int cond_false(quasi_cond *out)
{
	quasi_form one, zero;
	memset(&one, 0, sizeof(one));
	memset(&zero, 0, sizeof(zero));
	one.lin.c0 = 1;
	return cond_add(out, &zero, &one, 1, 0, 0);
}

static int cond_into(const expr *e, const symbol_table *table, const int64_t *env, int neg,
	quasi_atoms *atoms, quasi_cond *out)
{
	if (e->kind != expr_true && !expr_is_varying(e, table))
		return expr_eval_cond(e, env) == neg ? cond_false(out) : 1;
	switch (e->kind) {
	case expr_true:
		return neg ? cond_false(out) : 1;
	case expr_not:
		return cond_into(e->a, table, env, !neg, atoms, out);
	case expr_and:
		return !neg && cond_into(e->a, table, env, 0, atoms, out) &&
			cond_into(e->b, table, env, 0, atoms, out);
	case expr_or: /* !(a || b) is !a && !b */
		return neg && cond_into(e->a, table, env, 1, atoms, out) &&
			cond_into(e->b, table, env, 1, atoms, out);
	case expr_lt: case expr_le: case expr_gt: case expr_ge: case expr_eq: case expr_ne:
		break;
	default:
		return 0;
	}
	quasi_form a, b;
	if (!quasi_linearize(e->a, table, env, atoms, &a) || !quasi_linearize(e->b, table, env, atoms, &b) ||
	    !atoms_loop_free(&a, atoms) || !atoms_loop_free(&b, atoms))
		return 0;
	expr_kind k = e->kind;
	if (neg)
		k = k == expr_lt ? expr_ge : k == expr_le ? expr_gt : k == expr_gt ? expr_le :
		    k == expr_ge ? expr_lt : k == expr_eq ? expr_ne : expr_eq;
	switch (k) {
	case expr_lt: return cond_add(out, &a, &b, -1, -1, 0); /* b - a - 1 >= 0 */
	case expr_le: return cond_add(out, &a, &b, -1, 0, 0);
	case expr_gt: return cond_add(out, &a, &b, 1, -1, 0);
	case expr_ge: return cond_add(out, &a, &b, 1, 0, 0);
	case expr_ne: return cond_add(out, &a, &b, 1, 0, 1);
	default: return cond_add(out, &a, &b, 1, 0, 0) && cond_add(out, &a, &b, -1, 0, 0);
	}
}

int quasi_cond_linearize(const expr *e, const symbol_table *table, const int64_t *env,
	quasi_atoms *atoms, quasi_cond *out)
{
	out->n = 0;
	return cond_into(e, table, env, 0, atoms, out);
}

/* Atom i's residue, offset and clamp key at the block at ctaid, from the
 * range [lo, hi] of its clamp's operand difference over the block's threads
 * and that difference at the first thread. */
static void atom_block_key(const quasi_atoms *atoms, int i, const int64_t *ctaid,
	const quasi_spans *spans, int64_t lo, int64_t hi, int64_t first, int64_t *residue,
	int64_t *offset, int64_t *clamp_key)
{
	const quasi_atom *a = &atoms->a[i];
	int is_min = a->minmax == quasi_min;
	clamp_key[2 * i] = clamp_key[2 * i + 1] = 0;
	int64_t num = quasi_form_block_part(&a->num, i, ctaid, offset);
	if (!a->thread_dependent) {
		if (a->minmax != quasi_no_minmax) {
			int64_t m = quasi_form_block_part(&a->other, i, ctaid, offset);
			residue[i] = 0;
			offset[i] = (num < m) == is_min ? num : m;
		} else
			split_block_part(atoms, i, num, spans, residue, offset);
		return;
	}
	/* min takes num where num - other <= 0, max where it is >= 0 */
	int num_wins = is_min ? hi <= 0 : lo >= 0, other_wins = is_min ? lo > 0 : hi < 0;
	residue[i] = 0;
	offset[i] = other_wins ? quasi_form_block_part(&a->other, i, ctaid, offset) : num;
	clamp_key[2 * i] = num_wins ? 0 : other_wins ? 1 : 2;
	clamp_key[2 * i + 1] = num_wins || other_wins ? 0 : first;
}

void quasi_atoms_block_threads(const quasi_atoms *atoms, const int64_t *ctaid,
	const quasi_spans *spans, const int64_t (*tid)[3], int n_threads, int64_t *values,
	int64_t *residue, int64_t *offset, int64_t *clamp_key)
{
	int n = atoms->n;
	int64_t v[EXPR_N_VARYING] = {0};
	v[3] = ctaid[0], v[4] = ctaid[1], v[5] = ctaid[2];
	for (int i = 0; i < n; i++) {
		const quasi_atom *a = &atoms->a[i];
		int is_min = a->minmax == quasi_min;
		int64_t lo = 0, hi = 0, first = 0;
		/* atom i at every thread, from the earlier atoms' values there */
		for (int t = 0; t < n_threads; t++) {
			v[0] = tid[t][0], v[1] = tid[t][1], v[2] = tid[t][2];
			int64_t *vals = &values[(size_t)t * (size_t)n];
			int64_t x = quasi_form_eval(&a->num, i, v, vals);
			if (a->minmax == quasi_no_minmax) {
				vals[i] = a->is_mod ? floor_mod(x, a->divisor) : floor_div(x, a->divisor);
				continue;
			}
			int64_t y = quasi_form_eval(&a->other, i, v, vals);
			vals[i] = (x < y) == is_min ? x : y;
			int64_t d = x - y;
			if (t == 0)
				lo = hi = first = d;
			lo = d < lo ? d : lo;
			hi = d > hi ? d : hi;
		}
		atom_block_key(atoms, i, ctaid, spans, lo, hi, first, residue, offset, clamp_key);
	}
}

void quasi_atoms_varying(const quasi_atoms *atoms, unsigned char *varies)
{
	for (int i = 0; i < atoms->n; i++) {
		const quasi_atom *a = &atoms->a[i];
		int has_other = a->minmax != quasi_no_minmax;
		varies[i] = 0;
		for (int d = 0; d < 3; d++)
			varies[i] |= a->num.lin.coeff[d] != 0 || (has_other && a->other.lin.coeff[d] != 0);
		varies[i] |= quasi_form_reads_varying(&a->num, i, varies) ||
			(has_other && quasi_form_reads_varying(&a->other, i, varies));
	}
}

int quasi_form_reads_varying(const quasi_form *f, int n_atoms, const unsigned char *varies)
{
	for (int j = 0; j < n_atoms; j++)
		if (f->atom[j] && varies[j])
			return 1;
	return 0;
}

int quasi_form_thread_coeffs(const quasi_form *f, int n, const unsigned char *varies,
	int64_t (*coef)[3], const unsigned char *known, int64_t *c)
{
	for (int d = 0; d < 3; d++)
		c[d] = f->lin.coeff[d];
	for (int j = 0; j < n; j++) {
		if (!f->atom[j] || !varies[j])
			continue;
		if (!known[j])
			return 0;
		for (int d = 0; d < 3; d++)
			c[d] += f->atom[j] * coef[j][d];
	}
	return 1;
}

void quasi_atom_affine(const quasi_atoms *atoms, int i, const unsigned char *varies,
	const int64_t *clamp_key, int64_t (*coef)[3], unsigned char *known)
{
	const quasi_atom *a = &atoms->a[i];
	coef[i][0] = coef[i][1] = coef[i][2] = 0;
	known[i] = !varies[i];
	if (known[i])
		return;
	int clamp = a->minmax != quasi_no_minmax;
	if (clamp && (!a->thread_dependent || clamp_key[2 * i] == 2))
		return;
	/* a clamp's winner, a floor's or mod's numerator */
	const quasi_form *f = clamp && clamp_key[2 * i] == 1 ? &a->other : &a->num;
	int64_t c[3];
	if (!quasi_form_thread_coeffs(f, i, varies, coef, known, c))
		return;
	for (int d = 0; d < 3; d++)
		if (!clamp && c[d] % a->divisor != 0)
			return;
	for (int d = 0; d < 3; d++)
		coef[i][d] = clamp ? c[d] : a->is_mod ? 0 : c[d] / a->divisor;
	known[i] = 1;
}

int quasi_atoms_block_keys(const quasi_atoms *atoms, const int64_t *ctaid,
	const quasi_spans *spans, const int *block, const unsigned char *varies,
	int64_t *first_values, int64_t *residue, int64_t *offset, int64_t *clamp_key)
{
	int n = atoms->n;
	/* each atom's thread-index coefficients over the block, where it is
	 * affine there (quasi_atom_affine, once its key is made) */
	int64_t coef[QUASI_MAX_ATOMS][3];
	unsigned char known[QUASI_MAX_ATOMS];
	/* the first thread: tid 0, loops at 0 */
	int64_t v[EXPR_N_VARYING] = {0};
	v[3] = ctaid[0], v[4] = ctaid[1], v[5] = ctaid[2];
	for (int i = 0; i < n; i++) {
		const quasi_atom *a = &atoms->a[i];
		int is_min = a->minmax == quasi_min;
		int64_t x = quasi_form_eval(&a->num, i, v, first_values);
		int64_t lo = 0, hi = 0, first = 0, cx[3], cy[3];
		if (a->minmax == quasi_no_minmax)
			first_values[i] = a->is_mod ? floor_mod(x, a->divisor) : floor_div(x, a->divisor);
		else {
			int64_t y = quasi_form_eval(&a->other, i, v, first_values);
			first_values[i] = (x < y) == is_min ? x : y;
			/* a thread clamp whose operands are not affine over the
			 * block: its threads must be walked */
			if (a->thread_dependent &&
			    (!quasi_form_thread_coeffs(&a->num, i, varies, coef, known, cx) ||
			     !quasi_form_thread_coeffs(&a->other, i, varies, coef, known, cy)))
				return 0;
			/* x - y over the block: its value at the first thread plus
			 * each thread index's term at its ends */
			lo = hi = first = x - y;
			for (int d = 0; d < 3 && a->thread_dependent; d++) {
				int64_t far = (cx[d] - cy[d]) * (int64_t)(block[d] - 1);
				if (far < 0)
					lo += far;
				else
					hi += far;
			}
		}
		atom_block_key(atoms, i, ctaid, spans, lo, hi, first, residue, offset, clamp_key);
		quasi_atom_affine(atoms, i, varies, clamp_key, coef, known);
	}
	return 1;
}

int quasi_atoms_read(const quasi_form *f, const quasi_atoms *atoms, int v)
{
	for (int i = 0; i < atoms->n; i++)
		if (f->atom[i] && (quasi_form_uses(&atoms->a[i].num, atoms, v) ||
		    (atoms->a[i].minmax != quasi_no_minmax && quasi_form_uses(&atoms->a[i].other, atoms, v))))
			return 1;
	return 0;
}

int quasi_form_uses(const quasi_form *f, const quasi_atoms *atoms, int v)
{
	return f->lin.coeff[v] || quasi_atoms_read(f, atoms, v);
}
