#include "kernel/expr.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Nodes are allocated in chunks and freed together with the model. */
#define ARENA_CHUNK 1024
struct expr_arena {
	expr *chunk;
	int used;
	struct expr_arena *next;
};

expr_arena *expr_arena_alloc(void)
{
	return calloc(1, sizeof(expr_arena));
}

void expr_arena_free(expr_arena *arena)
{
	while (arena) {
		expr_arena *next = arena->next;
		free(arena->chunk);
		free(arena);
		arena = next;
	}
}

static expr *arena_new(expr_arena *arena)
{
	if (!arena->chunk || arena->used == ARENA_CHUNK) {
		if (arena->chunk) {
			/* keep the full chunk in a new list cell behind the head */
			expr_arena *old = malloc(sizeof(*old));
			if (!old)
				return NULL;
			*old = *arena;
			arena->next = old;
		}
		arena->chunk = calloc(ARENA_CHUNK, sizeof(expr));
		arena->used = 0;
		if (!arena->chunk)
			return NULL;
	}
	return &arena->chunk[arena->used++];
}

expr *expr_new(expr_arena *arena, expr_kind kind, const expr *a, const expr *b)
{
	expr *e = arena_new(arena);
	if (!e)
		return NULL;
	e->kind = kind;
	e->a = a;
	e->b = b;
	int64_t size = 1;
	e->depth = 1;
	for (int i = 0; i < 2; i++) {
		const expr *c = i ? b : a;
		if (!c)
			continue;
		size += c->size;
		if (c->depth + 1 > e->depth)
			e->depth = c->depth + 1;
		e->varying |= c->varying;
	}
	e->size = size > INT_MAX ? INT_MAX : (int)size;
	return e;
}

void symbol_table_init(symbol_table *table)
{
	static const char *const builtin[sym_n_builtin] = {
		"tid.x", "tid.y", "tid.z", "ctaid.x", "ctaid.y", "ctaid.z",
		"ntid.x", "ntid.y", "ntid.z", "nctaid.x", "nctaid.y", "nctaid.z"};
	memset(table, 0, sizeof(*table));
	for (int i = 0; i < sym_n_builtin; i++)
		symbol_table_add(table, builtin[i],
			i < 3 ? sym_class_thread : i < 6 ? sym_class_block : sym_class_size);
}

int symbol_table_find(const symbol_table *table, const char *name)
{
	for (int i = 0; i < table->n; i++)
		if (strcmp(table->names[i], name) == 0)
			return i;
	return -1;
}

int symbol_table_add(symbol_table *table, const char *name, sym_class cls)
{
	if (table->n >= EXPR_MAX_SYMBOLS || strlen(name) >= sizeof(table->names[0]) ||
	    symbol_table_find(table, name) >= 0)
		return -1;
	int id = table->n++;
	strcpy(table->names[id], name);
	table->classes[id] = cls;
	table->loop_index[id] = -1;
	if (cls == sym_class_loop) {
		int k = 0;
		for (int i = 0; i < id; i++)
			if (table->classes[i] == sym_class_loop)
				k++;
		if (k >= EXPR_MAX_LOOPS) {
			table->n--;
			return -1;
		}
		table->loop_index[id] = k;
	}
	return id;
}

int expr_varying_index(const symbol_table *table, int sym)
{
	if (sym < 6)
		return sym;
	if (table->classes[sym] == sym_class_loop)
		return 6 + table->loop_index[sym];
	return -1;
}

int expr_sym_varying(const symbol_table *table, int sym)
{
	sym_class c = table->classes[sym];
	return c == sym_class_thread || c == sym_class_block || c == sym_class_loop || c == sym_class_count;
}

int expr_is_varying(const expr *e, const symbol_table *table)
{
	(void)table;
	return e ? e->varying : 0;
}

/* ---- parser ---- */

/* One pass without backtracking: a '(' may open a condition or an
 * arithmetic expression, and the operators around the result decide which
 * it had to be (conditions are the comparison kinds and up). Parsing is
 * linear in the text, stops at the first error, and its recursion is bounded
 * by EXPR_MAX_NESTING. */
typedef struct parser {
	expr_arena *arena;
	const symbol_table *table;
	const char *text;
	int pos;
	char *err;
	int err_size;
	int failed;
	int nesting;
	int def_depth;           /* the deepest def referenced (its def_depth) */
} parser;

static void fail(parser *p, int pos, const char *fmt, ...)
{
	if (p->failed)
		return;
	p->failed = 1;
	char what[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	snprintf(p->err, (size_t)p->err_size, "column %d: %s", pos + 1, what);
}

static void skip_space(parser *p)
{
	while (isspace((unsigned char)p->text[p->pos]))
		p->pos++;
}

static int accept(parser *p, const char *tok)
{
	skip_space(p);
	size_t n = strlen(tok);
	if (strncmp(p->text + p->pos, tok, n) == 0) {
		p->pos += (int)n;
		return 1;
	}
	return 0;
}

static int is_cond(const expr *e)
{
	return e->kind >= expr_lt;
}

/* A new node, within the size and depth limits (they also bound the trees
 * defs are expanded into). */
static const expr *node(parser *p, expr_kind kind, const expr *a, const expr *b)
{
	if (p->failed)
		return NULL;
	expr *e = expr_new(p->arena, kind, a, b);
	if (!e)
		fail(p, p->pos, "%s", "out of memory");
	else if (e->depth > EXPR_MAX_DEPTH)
		fail(p, p->pos, "expression nested more than %d levels deep (defs expanded)",
			EXPR_MAX_DEPTH);
	else if (e->size > EXPR_MAX_NODES)
		fail(p, p->pos, "expression has more than %d nodes (defs expanded)", EXPR_MAX_NODES);
	return p->failed ? NULL : e;
}

static const expr *const_node(parser *p, int64_t v)
{
	expr *e = (expr *)node(p, expr_const, NULL, NULL);
	if (e)
		e->value = v;
	return e;
}

/* Operands of arithmetic must not be conditions, and the reverse. */
static const expr *want_value(parser *p, const expr *e, int pos)
{
	if (e && is_cond(e)) {
		fail(p, pos, "%s", "expected an arithmetic expression, not a condition");
		return NULL;
	}
	return e;
}

static const expr *want_cond(parser *p, const expr *e)
{
	if (e && !is_cond(e)) {
		skip_space(p);
		fail(p, p->pos, "%s", "expected a comparison (<, <=, >, >=, ==, !=)");
		return NULL;
	}
	return e;
}

static int enter(parser *p)
{
	if (++p->nesting > EXPR_MAX_NESTING) {
		fail(p, p->pos, "nested more than %d levels deep", EXPR_MAX_NESTING);
		return 0;
	}
	return 1;
}

static const expr *parse_sum(parser *p);
static const expr *parse_or(parser *p);

static const expr *parse_primary(parser *p)
{
	skip_space(p);
	int start = p->pos;
	const char *s = p->text + p->pos;
	if (isdigit((unsigned char)*s)) {
		char *end;
		errno = 0;
		long long v = strtoll(s, &end, 10);
		if (errno == ERANGE) {
			fail(p, start, "%s", "integer literal out of the 64-bit range");
			return NULL;
		}
		p->pos += (int)(end - s);
		return const_node(p, v);
	}
	if (*s == '(') {
		p->pos++;
		const expr *e = parse_or(p);
		if (!p->failed && !accept(p, ")"))
			fail(p, p->pos, "%s", "expected ')'");
		return p->failed ? NULL : e;
	}
	if (isalpha((unsigned char)*s) || *s == '_') {
		char name[64];
		int n = 0;
		while ((isalnum((unsigned char)s[n]) || s[n] == '_') && n < 60)
			n++;
		/* `tid.x`-style builtins carry a dotted suffix */
		if (s[n] == '.' && (s[n + 1] == 'x' || s[n + 1] == 'y' || s[n + 1] == 'z') &&
		    !isalnum((unsigned char)s[n + 2]))
			n += 2;
		memcpy(name, s, (size_t)n);
		name[n] = '\0';
		p->pos += n;
		if (strcmp(name, "true") == 0)
			return node(p, expr_true, NULL, NULL);
		if (strcmp(name, "min") == 0 || strcmp(name, "max") == 0) {
			if (!accept(p, "(")) {
				fail(p, p->pos, "expected '(' after '%s'", name);
				return NULL;
			}
			skip_space(p);
			const expr *a = want_value(p, parse_or(p), p->pos);
			if (!p->failed && !accept(p, ","))
				fail(p, p->pos, "%s", "expected ','");
			skip_space(p);
			const expr *b = p->failed ? NULL : want_value(p, parse_or(p), p->pos);
			if (!p->failed && !accept(p, ")"))
				fail(p, p->pos, "%s", "expected ')'");
			return node(p, name[1] == 'i' ? expr_min : expr_max, a, b);
		}
		int id = symbol_table_find(p->table, name);
		if (id < 0) {
			fail(p, start, "unknown symbol '%s'", name);
			return NULL;
		}
		if (p->table->classes[id] == sym_class_def) {
			if (p->table->def_depth[id] > p->def_depth)
				p->def_depth = p->table->def_depth[id];
			return p->table->defs[id];
		}
		expr *e = (expr *)node(p, expr_sym, NULL, NULL);
		if (e) {
			e->sym = id;
			e->varying = !expr_sym_varying(p->table, id) ? 0 :
				p->table->geometric[id] ? EXPR_VARYING_GEOMETRIC : EXPR_VARYING_PLAIN;
		}
		return e;
	}
	if (*s == '\0')
		fail(p, start, "%s", "unexpected end of expression");
	else
		fail(p, start, "unexpected '%c'", *s);
	return NULL;
}

static const expr *parse_unary(parser *p)
{
	skip_space(p);
	int pos = p->pos;
	char c = p->text[pos];
	if (c != '-' && c != '+')
		return parse_primary(p);
	p->pos++;
	if (!enter(p))
		return NULL;
	const expr *a = want_value(p, parse_unary(p), pos);
	p->nesting--;
	return c == '-' ? node(p, expr_neg, a, NULL) : a;
}

static const expr *parse_term(parser *p)
{
	const expr *e = parse_unary(p);
	while (!p->failed) {
		skip_space(p);
		int op_pos = p->pos;
		char c = p->text[p->pos];
		if (c != '*' && c != '/' && c != '%')
			return e;
		if (!want_value(p, e, op_pos))
			return NULL;
		p->pos++;
		const expr *r = want_value(p, parse_unary(p), op_pos);
		if (p->failed)
			return NULL;
		if (c == '*') {
			if ((e->varying & EXPR_VARYING_PLAIN) && (r->varying & EXPR_VARYING_PLAIN)) {
				fail(p, op_pos, "%s", "non-affine expression: product of two "
					"thread-, block- or loop-dependent terms");
				return NULL;
			}
			e = node(p, expr_mul, e, r);
		} else {
			if (r->varying & EXPR_VARYING_PLAIN) {
				fail(p, op_pos, "%s", "non-affine expression: divisor depends on "
					"thread, block or loop variables");
				return NULL;
			}
			e = node(p, c == '/' ? expr_div : expr_mod, e, r);
		}
	}
	return NULL;
}

static const expr *parse_sum(parser *p)
{
	const expr *e = parse_term(p);
	while (!p->failed) {
		skip_space(p);
		int op_pos = p->pos;
		char c = p->text[p->pos];
		if (c != '+' && c != '-')
			return e;
		if (!want_value(p, e, op_pos))
			return NULL;
		p->pos++;
		const expr *r = want_value(p, parse_term(p), op_pos);
		e = node(p, c == '+' ? expr_add : expr_sub, e, r);
	}
	return NULL;
}

/* At most one comparison: `a < b < c` is an error. */
static const expr *parse_cmp(parser *p)
{
	static const struct { const char *tok; expr_kind kind; } ops[] = {
		{"<=", expr_le}, {">=", expr_ge}, {"==", expr_eq}, {"!=", expr_ne},
		{"<", expr_lt}, {">", expr_gt}};
	const expr *a = parse_sum(p);
	if (p->failed)
		return NULL;
	skip_space(p);
	int op_pos = p->pos;
	for (unsigned i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		if (accept(p, ops[i].tok)) {
			if (!want_value(p, a, op_pos))
				return NULL;
			return node(p, ops[i].kind, a, want_value(p, parse_sum(p), op_pos));
		}
	return a;
}

static const expr *parse_not(parser *p)
{
	skip_space(p);
	if (p->text[p->pos] != '!' || p->text[p->pos + 1] == '=')
		return parse_cmp(p);
	p->pos++;
	if (!enter(p))
		return NULL;
	const expr *a = want_cond(p, parse_not(p));
	p->nesting--;
	return node(p, expr_not, a, NULL);
}

/* `op` joins conditions: && (over parse_not) or || (over parse_and). */
static const expr *parse_logic(parser *p, const char *op, expr_kind kind,
	const expr *(*operand)(parser *))
{
	const expr *e = operand(p);
	while (!p->failed) {
		skip_space(p);
		if (strncmp(p->text + p->pos, op, 2) != 0)
			return e;
		if (!want_cond(p, e))
			return NULL;
		p->pos += 2;
		e = node(p, kind, e, want_cond(p, operand(p)));
	}
	return NULL;
}

static const expr *parse_and(parser *p)
{
	return parse_logic(p, "&&", expr_and, parse_not);
}

static const expr *parse_or(parser *p)
{
	if (!enter(p))
		return NULL;
	const expr *e = parse_logic(p, "||", expr_or, parse_and);
	p->nesting--;
	return e;
}

const expr *expr_parse_def(expr_arena *arena, const symbol_table *table, const char *text,
	int want_condition, char *err, int err_size, int *def_depth)
{
	parser p = {arena, table, text, 0, err, err_size, 0, 0, 0};
	const expr *e;
	if (want_condition)
		e = want_cond(&p, parse_or(&p));
	else {
		/* arithmetic: a comparison after the value is left over */
		p.nesting = 1;
		e = want_value(&p, parse_sum(&p), 0);
	}
	skip_space(&p);
	if (!p.failed && p.text[p.pos] != '\0')
		fail(&p, p.pos, "unexpected '%c'", p.text[p.pos]);
	if (def_depth)
		*def_depth = p.def_depth;
	return p.failed ? NULL : e;
}

const expr *expr_parse(expr_arena *arena, const symbol_table *table, const char *text,
	int want_condition, char *err, int err_size)
{
	return expr_parse_def(arena, table, text, want_condition, err, err_size, NULL);
}

/* ---- printing ---- */

typedef struct outbuf { char *buf; int size, len; } outbuf;

static void out(outbuf *o, const char *s)
{
	int n = (int)strlen(s);
	if (o->len + n < o->size)
		memcpy(o->buf + o->len, s, (size_t)n + 1);
	o->len += n;
}

static void print_rec(const expr *e, const symbol_table *t, outbuf *o)
{
	static const char *const bin[] = {
		[expr_add] = " + ", [expr_sub] = " - ", [expr_mul] = "*", [expr_div] = "/",
		[expr_mod] = " % ", [expr_lt] = " < ", [expr_le] = " <= ", [expr_gt] = " > ",
		[expr_ge] = " >= ", [expr_eq] = " == ", [expr_ne] = " != ",
		[expr_and] = " && ", [expr_or] = " || "};
	char num[32];
	switch (e->kind) {
	case expr_const:
		snprintf(num, sizeof(num), "%lld", (long long)e->value);
		out(o, num);
		return;
	case expr_sym:
		out(o, t->names[e->sym]);
		return;
	case expr_neg:
		out(o, "-(");
		print_rec(e->a, t, o);
		out(o, ")");
		return;
	case expr_not:
		out(o, "!(");
		print_rec(e->a, t, o);
		out(o, ")");
		return;
	case expr_true:
		out(o, "true");
		return;
	case expr_min:
	case expr_max:
		out(o, e->kind == expr_min ? "min(" : "max(");
		print_rec(e->a, t, o);
		out(o, ", ");
		print_rec(e->b, t, o);
		out(o, ")");
		return;
	default:
		out(o, "(");
		print_rec(e->a, t, o);
		out(o, bin[e->kind]);
		print_rec(e->b, t, o);
		out(o, ")");
	}
}

int expr_print(const expr *e, const symbol_table *table, char *buf, int size)
{
	outbuf o = {buf, size, 0};
	if (size > 0)
		buf[0] = '\0';
	print_rec(e, table, &o);
	return o.len;
}

/* ---- evaluation ---- */

int64_t expr_eval(const expr *e, const int64_t *env)
{
	switch (e->kind) {
	case expr_const: return e->value;
	case expr_sym: return env[e->sym];
	case expr_add: return expr_eval(e->a, env) + expr_eval(e->b, env);
	case expr_sub: return expr_eval(e->a, env) - expr_eval(e->b, env);
	case expr_mul: return expr_eval(e->a, env) * expr_eval(e->b, env);
	case expr_neg: return -expr_eval(e->a, env);
	case expr_div: return floor_div(expr_eval(e->a, env), expr_eval(e->b, env));
	case expr_mod: return floor_mod(expr_eval(e->a, env), expr_eval(e->b, env));
	case expr_min: {
		int64_t a = expr_eval(e->a, env), b = expr_eval(e->b, env);
		return a < b ? a : b;
	}
	case expr_max: {
		int64_t a = expr_eval(e->a, env), b = expr_eval(e->b, env);
		return a > b ? a : b;
	}
	default:
		return expr_eval_cond(e, env);
	}
}

int expr_eval_cond(const expr *e, const int64_t *env)
{
	switch (e->kind) {
	case expr_lt: return expr_eval(e->a, env) < expr_eval(e->b, env);
	case expr_le: return expr_eval(e->a, env) <= expr_eval(e->b, env);
	case expr_gt: return expr_eval(e->a, env) > expr_eval(e->b, env);
	case expr_ge: return expr_eval(e->a, env) >= expr_eval(e->b, env);
	case expr_eq: return expr_eval(e->a, env) == expr_eval(e->b, env);
	case expr_ne: return expr_eval(e->a, env) != expr_eval(e->b, env);
	case expr_and: return expr_eval_cond(e->a, env) && expr_eval_cond(e->b, env);
	case expr_or: return expr_eval_cond(e->a, env) || expr_eval_cond(e->b, env);
	case expr_not: return !expr_eval_cond(e->a, env);
	case expr_true: return 1;
	default: return expr_eval(e, env) != 0;
	}
}

/* ---- linearisation ---- */

static int is_constant_form(const linear_form *f)
{
	for (int i = 0; i < EXPR_N_VARYING; i++)
		if (f->coeff[i])
			return 0;
	return 1;
}

/* Checked: 0 when a coefficient leaves 64 bits (the caller then treats the
 * expression as not affine and evaluates it per lane, within its range). */
int linear_form_scale(linear_form *f, int64_t k)
{
	int bad = __builtin_mul_overflow(f->c0, k, &f->c0);
	for (int i = 0; i < EXPR_N_VARYING; i++)
		bad |= __builtin_mul_overflow(f->coeff[i], k, &f->coeff[i]);
	return !bad;
}

int linear_form_add(linear_form *f, const linear_form *g, int64_t sign)
{
	int bad = 0;
	for (int i = -1; i < EXPR_N_VARYING; i++) {
		int64_t *x = i < 0 ? &f->c0 : &f->coeff[i];
		int64_t y = i < 0 ? g->c0 : g->coeff[i];
		bad |= sign > 0 ? __builtin_add_overflow(*x, y, x) : __builtin_sub_overflow(*x, y, x);
	}
	return !bad;
}

int expr_linearize(const expr *e, const symbol_table *table, const int64_t *env,
	linear_form *out)
{
	linear_form a, b;
	memset(out, 0, sizeof(*out));
	switch (e->kind) {
	case expr_const:
		out->c0 = e->value;
		return 1;
	case expr_sym: {
		int v = expr_varying_index(table, e->sym);
		if (v >= 0)
			out->coeff[v] = 1;
		else
			out->c0 = env[e->sym];
		return 1;
	}
	case expr_add:
	case expr_sub:
		if (!expr_linearize(e->a, table, env, &a) || !expr_linearize(e->b, table, env, &b))
			return 0;
		*out = a;
		return linear_form_add(out, &b, e->kind == expr_add ? 1 : -1);
	case expr_neg:
		if (!expr_linearize(e->a, table, env, out))
			return 0;
		return linear_form_scale(out, -1);
	case expr_mul:
		if (!expr_linearize(e->a, table, env, &a) || !expr_linearize(e->b, table, env, &b))
			return 0;
		if (is_constant_form(&a)) {
			*out = b;
			return linear_form_scale(out, a.c0);
		}
		if (is_constant_form(&b)) {
			*out = a;
			return linear_form_scale(out, b.c0);
		}
		return 0;
	case expr_div:
	case expr_mod:
	case expr_min:
	case expr_max:
		if (!expr_linearize(e->a, table, env, &a) || !expr_linearize(e->b, table, env, &b))
			return 0;
		if (!is_constant_form(&a) || !is_constant_form(&b)) {
			/* an exact division of an affine value stays affine */
			if (e->kind == expr_div && is_constant_form(&b) && b.c0 != 0 && b.c0 != -1) {
				int exact = a.c0 % b.c0 == 0;
				for (int i = 0; i < EXPR_N_VARYING; i++)
					exact = exact && a.coeff[i] % b.c0 == 0;
				if (exact) {
					*out = a;
					out->c0 /= b.c0;
					for (int i = 0; i < EXPR_N_VARYING; i++)
						out->coeff[i] /= b.c0;
					return 1;
				}
			}
			return 0;
		}
		switch (e->kind) {
		case expr_div: out->c0 = floor_div(a.c0, b.c0); break;
		case expr_mod: out->c0 = floor_mod(a.c0, b.c0); break;
		case expr_min: out->c0 = a.c0 < b.c0 ? a.c0 : b.c0; break;
		default: out->c0 = a.c0 > b.c0 ? a.c0 : b.c0; break;
		}
		return 1;
	default:
		return 0;
	}
}

const expr *expr_subst(expr_arena *arena, const expr *e, int sym, int64_t value)
{
	if (!e)
		return NULL;
	if (e->kind == expr_sym && e->sym == sym) {
		expr *c = expr_new(arena, expr_const, NULL, NULL);
		if (c)
			c->value = value;
		return c;
	}
	if (!e->varying || e->kind == expr_sym || e->kind == expr_const)
		return e;
	const expr *a = e->a ? expr_subst(arena, e->a, sym, value) : NULL;
	const expr *b = e->b ? expr_subst(arena, e->b, sym, value) : NULL;
	if ((e->a && !a) || (e->b && !b))
		return NULL;
	if (a == e->a && b == e->b)
		return e;
	expr *n = expr_new(arena, e->kind, a, b);
	if (n) {
		n->value = e->value;
		n->sym = e->sym;
	}
	return n;
}

int expr_uses_symbol(const expr *e, int sym)
{
	if (!e)
		return 0;
	if (e->kind == expr_sym)
		return e->sym == sym;
	return expr_uses_symbol(e->a, sym) || expr_uses_symbol(e->b, sym);
}

