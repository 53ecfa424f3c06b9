/* An expression's values over the lanes of a warp: the lane groups of a
 * data-dependent atomic (how many distinct values the affine part of its
 * address takes), and the lane offsets of a row read at a loaded start. */
#include "model_parts.h"

#include <ctype.h>
#include <string.h>

/* Value of an expression for one thread of the first block: tid.x = lane
 * (0..31 for the first warp), the other thread and block indices 0, loop variables 0
 * (uniform across the warp), ntid.* 1024 and nctaid.* 1 (they only multiply
 * block indices here). Parameters and loaded data: unknown (returns 0). */
typedef struct lane_ev {
	K *k;
	const char *s;
	int lane, ok;
} lane_ev;

static int64_t lane_atom(lane_ev *e, int atom);
static int64_t lane_expr(lane_ev *e);

static void lane_ws(lane_ev *e)
{
	while (*e->s == ' ')
		e->s++;
}

static int64_t lane_primary(lane_ev *e)
{
	lane_ws(e);
	if (*e->s == '(') {
		e->s++;
		int64_t v = lane_expr(e);
		lane_ws(e);
		if (*e->s == ')')
			e->s++;
		else
			e->ok = 0;
		return v;
	}
	if (*e->s == '-') {
		e->s++;
		return -lane_primary(e);
	}
	if (isdigit((unsigned char)*e->s)) {
		int64_t v = 0;
		while (isdigit((unsigned char)*e->s))
			v = v * 10 + (*e->s++ - '0');
		return v;
	}
	if (isalpha((unsigned char)*e->s) || *e->s == '_') {
		const char *b = e->s;
		while (isalnum((unsigned char)*e->s) || *e->s == '_' || *e->s == '.')
			e->s++;
		size_t n = (size_t)(e->s - b);
		lane_ws(e);
		if (*e->s == '(' && ((n == 3 && !strncmp(b, "min", 3)) || (n == 3 && !strncmp(b, "max", 3)))) {
			e->s++;
			int64_t x = lane_expr(e);
			lane_ws(e);
			if (*e->s == ',')
				e->s++;
			else
				e->ok = 0;
			int64_t y = lane_expr(e);
			lane_ws(e);
			if (*e->s == ')')
				e->s++;
			else
				e->ok = 0;
			return b[1] == 'i' ? (x < y ? x : y) : (x > y ? x : y);
		}
		for (int i = 0; i < e->k->at.n; i++)
			if (strlen(e->k->at.a[i].name) == n && !strncmp(e->k->at.a[i].name, b, n))
				return lane_atom(e, i);
	}
	e->ok = 0;
	return 0;
}

static int64_t lane_term(lane_ev *e)
{
	int64_t v = lane_primary(e);
	for (;;) {
		lane_ws(e);
		char op = *e->s;
		if (op != '*' && op != '/' && op != '%')
			return v;
		e->s++;
		int64_t r = lane_primary(e);
		if (op == '*')
			v *= r;
		else if (r <= 0)
			e->ok = 0;
		else if (op == '/')
			v = v >= 0 ? v / r : -((-v + r - 1) / r);
		else
			v = ((v % r) + r) % r;
	}
}

static int64_t lane_expr(lane_ev *e)
{
	int64_t v = lane_term(e);
	for (;;) {
		lane_ws(e);
		if (*e->s != '+' && *e->s != '-')
			return v;
		int neg = *e->s++ == '-';
		int64_t r = lane_term(e);
		v = neg ? v - r : v + r;
	}
}

static int64_t lane_atom(lane_ev *e, int atom)
{
	const wp_atom *a = &e->k->at.a[atom];
	switch (a->kind) {
	case WP_TID:
		return strcmp(a->name, "tid.x") == 0 ? e->lane : 0;
	case WP_CTAID:
	case WP_LOOP:
		return 0;
	case WP_NTID:
		return 1024;
	case WP_NCTAID:
		return 1;
	case WP_QUASI: {
		lane_ev sub = {e->k, a->name, e->lane, 1};
		int64_t v = lane_expr(&sub);
		lane_ws(&sub);
		if (!sub.ok || *sub.s)
			e->ok = 0;
		return v;
	}
	default:
		e->ok = 0;
		return 0;
	}
}

int wp_lane_values(K *k, const wp_poly *p, int first, int64_t out[32])
{
	if (!p)
		return 0;
	for (int lane = 0; lane < 32; lane++) {
		lane_ev e = {k, NULL, first + lane, 1};
		int64_t sum = 0;
		for (int t = 0; t < p->n; t++) {
			int64_t x = p->t[t].c;
			for (int f = 0; f < p->t[t].n; f++)
				x *= lane_atom(&e, p->t[t].f[f]);
			sum += x;
		}
		if (!e.ok)
			return 0;
		out[lane] = sum;
	}
	return 1;
}

/* Number of distinct values of p over the 32 lanes of a warp, when every value
 * is taken by the same number of lanes; 0 when unknown or uneven. */
int wp_lane_groups(K *k, const wp_poly *p)
{
	int64_t v[32];
	if (!wp_lane_values(k, p, 0, v))
		return 0;
	int groups = 0, size = -1;
	for (int i = 0; i < 32; i++) {
		int first = 1, n = 0;
		for (int j = 0; j < 32; j++) {
			first &= !(j < i && v[j] == v[i]);
			n += v[j] == v[i];
		}
		if (!first)
			continue;
		groups++;
		if (size >= 0 && n != size)
			return 0;
		size = n;
	}
	return groups;
}
