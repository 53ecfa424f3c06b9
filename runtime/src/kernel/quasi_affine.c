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

static int atom_index(quasi_atoms *atoms, int is_mod, int64_t d, const quasi_form *num)
{
	for (int i = 0; i < atoms->n; i++)
		if (atoms->a[i].is_mod == is_mod && atoms->a[i].divisor == d &&
		    memcmp(&atoms->a[i].num, num, sizeof(*num)) == 0)
			return i;
	if (atoms->n == QUASI_MAX_ATOMS)
		return -1;
	atoms->a[atoms->n].is_mod = is_mod;
	atoms->a[atoms->n].divisor = d;
	atoms->a[atoms->n].num = *num;
	return atoms->n++;
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
		int i = atom_index(atoms, is_mod, d, &a);
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
	for (int i = 0; i < atoms->n; i++) {
		const quasi_atom *a = &atoms->a[i];
		int64_t n = quasi_form_eval(&a->num, i, v, values);
		values[i] = a->is_mod ? floor_mod(n, a->divisor) : floor_div(n, a->divisor);
	}
}

void quasi_atoms_block(const quasi_atoms *atoms, const int64_t *ctaid, int64_t *residue,
	int64_t *offset)
{
	for (int i = 0; i < atoms->n; i++) {
		const quasi_atom *a = &atoms->a[i];
		/* n = (block part) + (thread and loop part); for floor the quotient
		 * of the block part adds to every thread's value, for mod nothing */
		int64_t n = a->num.lin.c0 + a->num.lin.coeff[3] * ctaid[0] +
			a->num.lin.coeff[4] * ctaid[1] + a->num.lin.coeff[5] * ctaid[2];
		for (int j = 0; j < i; j++)
			n += a->num.atom[j] * offset[j];
		residue[i] = floor_mod(n, a->divisor);
		offset[i] = a->is_mod ? 0 : floor_div(n, a->divisor);
	}
}
