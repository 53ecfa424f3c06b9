/* The model as written, held to the core reader's limits (docs/kernel-model.md),
 * so that every model the pass writes is one the core accepts: at most 8
 * loops (the others are taken at their first iteration and counted by their
 * trip count, with an assumption) and at most 64 parameters (those no
 * expression names are left out). Works on the JSON text of expressions:
 * a dropped loop variable is replaced by its lower bound (its first
 * iteration) wherever it appears as a word. */
#include "internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WP_MAX_LOOPS 8 /* EXPR_MAX_LOOPS of the core */
#define WP_MAX_MODEL_PARAMS 64
#define MAX_SUBST_TEXT 1024 /* characters of a dropped symbol's value */

static int is_word(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == '.';
}

/* Does `text` name `word` as a whole symbol? */
static int names(const char *text, const char *word)
{
	size_t n = strlen(word);
	for (const char *p = strstr(text, word); p; p = strstr(p + 1, word))
		if ((p == text || !is_word(p[-1])) && !is_word(p[n]))
			return 1;
	return 0;
}

/* `text` with every whole-word occurrence of name[d] replaced by "(value[d])"
 * (malloc'd). */
static char *subst_names(const char *text, char **name, char **value, int nd)
{
	size_t len = strlen(text), cap = len + 1, n = 0;
	char *out = malloc(cap);
	for (size_t i = 0; out && i < len;) {
		int hit = -1;
		if (i == 0 || !is_word(text[i - 1]))
			for (int d = 0; d < nd && hit < 0; d++) {
				size_t l = strlen(name[d]);
				if (strncmp(text + i, name[d], l) == 0 && !is_word(text[i + l]))
					hit = d;
			}
		const char *put = hit >= 0 ? value[hit] : NULL;
		size_t add = put ? strlen(put) + 2 : 1;
		if (n + add + 1 > cap) {
			cap = 2 * cap + add;
			char *grown = realloc(out, cap);
			if (!grown) {
				free(out);
				return NULL;
			}
			out = grown;
		}
		if (put) {
			n += (size_t)sprintf(out + n, "(%s)", put);
			i += strlen(name[hit]);
		} else {
			out[n++] = text[i++];
		}
	}
	if (out)
		out[n] = 0;
	return out;
}

static void subst_key(json_object *o, const char *key, char **name, char **value, int nd)
{
	json_object *v;
	if (!json_object_object_get_ex(o, key, &v))
		return;
	if (json_object_is_type(v, json_type_string)) {
		char *s = subst_names(json_object_get_string(v), name, value, nd);
		if (s)
			json_object_object_add(o, key, json_object_new_string(s));
		free(s);
	} else if (json_object_is_type(v, json_type_array)) {
		for (size_t i = 0; i < json_object_array_length(v); i++) {
			json_object *e = json_object_array_get_idx(v, i);
			if (!json_object_is_type(e, json_type_string))
				continue;
			char *s = subst_names(json_object_get_string(e), name, value, nd);
			if (s)
				json_object_array_put_idx(v, i, json_object_new_string(s));
			free(s);
		}
	}
}

/* Whether o[key] is the text of a constant ("12"), into *v. */
static int constant_text(json_object *o, const char *key, long long *v)
{
	json_object *x;
	char *end;
	if (!json_object_object_get_ex(o, key, &x) || !json_object_is_type(x, json_type_string))
		return 0;
	*v = strtoll(json_object_get_string(x), &end, 10);
	return *json_object_get_string(x) && !*end;
}

/* Loops of o's "loops" list that are dropped, and the product of their trip counts. */
static double drop_from_list(json_object *o, char **drop, const double *trips, int nd)
{
	json_object *ls;
	double mult = 1;
	if (!json_object_object_get_ex(o, "loops", &ls) || !json_object_is_type(ls, json_type_array))
		return 1;
	json_object *keep = json_object_new_array();
	for (size_t i = 0; i < json_object_array_length(ls); i++) {
		const char *v = json_object_get_string(json_object_array_get_idx(ls, i));
		int d = 0;
		while (d < nd && strcmp(drop[d], v))
			d++;
		if (d < nd)
			mult *= trips[d];
		else
			json_object_array_add(keep, json_object_new_string(v));
	}
	if (json_object_array_length(keep))
		json_object_object_add(o, "loops", keep);
	else {
		json_object_put(keep);
		json_object_object_del(o, "loops");
	}
	return mult;
}

static void add_assumption(json_object *m, const char *text)
{
	json_object *as;
	if (!json_object_object_get_ex(m, "assumptions", &as)) {
		as = json_object_new_array();
		json_object_object_add(m, "assumptions", as);
	}
	json_object_array_add(as, json_object_new_string(text));
}

static void conform_loops(json_object *m)
{
	json_object *loops, *accs, *ops;
	if (!json_object_object_get_ex(m, "loops", &loops) || json_object_array_length(loops) <= WP_MAX_LOOPS)
		return;
	int nl = (int)json_object_array_length(loops);
	json_object_object_get_ex(m, "accesses", &accs);
	/* keep the loops that hold the most accesses (ties: outer, earlier) */
	int *uses = calloc((size_t)nl, sizeof(int)), *order = malloc((size_t)nl * sizeof(int));
	for (int l = 0; l < nl; l++) {
		const char *v = json_object_get_string(json_object_object_get(json_object_array_get_idx(loops, (size_t)l), "var"));
		for (size_t i = 0; accs && i < json_object_array_length(accs); i++) {
			json_object *ls = json_object_object_get(json_object_array_get_idx(accs, i), "loops");
			for (size_t j = 0; ls && j < json_object_array_length(ls); j++)
				uses[l] += strcmp(json_object_get_string(json_object_array_get_idx(ls, j)), v) == 0;
		}
		order[l] = l;
	}
	for (int i = 1; i < nl; i++)
		for (int j = i; j > 0 && uses[order[j]] > uses[order[j - 1]]; j--) {
			int t = order[j];
			order[j] = order[j - 1];
			order[j - 1] = t;
		}
	/* what each dropped symbol becomes (names and values owned here): a
	 * loop's variable its lower bound (its first iteration), a geometric
	 * loop's count 0 and its 'also' variables their own lower bounds */
	int cap_sub = 8 * nl;
	char **drop = malloc((size_t)nl * sizeof(char *)), **sub = malloc((size_t)cap_sub * sizeof(char *)),
	     **sub_value = malloc((size_t)cap_sub * sizeof(char *));
	double *trips = malloc((size_t)nl * sizeof(double));
	unsigned char *dropped = calloc((size_t)nl, 1);
	int nd = 0, ns = 0;
	char text[1024];
	size_t tn = (size_t)snprintf(text, sizeof text, "the kernel has %d loops, the model at most %d: loops", nl,
		WP_MAX_LOOPS);
	for (int i = WP_MAX_LOOPS; i < nl; i++) {
		json_object *l = json_object_array_get_idx(loops, (size_t)order[i]);
		json_object *lo, *tc, *cnt, *also;
		long long up, low = 0;
		double t = 1;
		int low_known = !json_object_object_get_ex(l, "lower", &lo) || constant_text(l, "lower", &low);
		if (constant_text(l, "upper", &up) && low_known && up > low)
			t = (double)(up - low);
		else if (json_object_object_get_ex(l, "trip_count", &tc))
			t = (double)json_object_get_int64(tc);
		/* the name is sub's (freed with it); drop lists the loop variables */
		drop[nd] = strdup(json_object_get_string(json_object_object_get(l, "var")));
		trips[nd] = t;
		dropped[order[i]] = 1;
		sub[ns] = drop[nd];
		sub_value[ns++] = strdup(json_object_object_get_ex(l, "lower", &lo) ? json_object_get_string(lo) : "0");
		if (json_object_object_get_ex(l, "count", &cnt)) {
			sub[ns] = strdup(json_object_get_string(cnt));
			sub_value[ns++] = strdup("0");
		}
		for (size_t a = 0; json_object_object_get_ex(l, "also", &also) &&
		     a < json_object_array_length(also) && ns < cap_sub; a++) {
			json_object *e = json_object_array_get_idx(also, a), *ev, *el;
			if (!json_object_object_get_ex(e, "var", &ev) || !json_object_object_get_ex(e, "lower", &el))
				continue;
			sub[ns] = strdup(json_object_get_string(ev));
			sub_value[ns++] = strdup(json_object_get_string(el));
		}
		if (tn < sizeof text)
			tn += (size_t)snprintf(text + tn, sizeof text - tn, "%s %s", nd ? "," : "", drop[nd]);
		nd++;
	}
	/* a lower bound may name another dropped symbol: substitute until none
	 * is left (bounds name only loops listed before, so ns passes do). A
	 * value that grows past MAX_SUBST_TEXT (bounds naming each other twice
	 * double at each pass) is taken as 0, as all of them once were. */
	for (int pass = 0; pass < ns; pass++)
		for (int d = 0; d < ns; d++) {
			char *v = subst_names(sub_value[d], sub, sub_value, ns);
			if (v && strlen(v) > MAX_SUBST_TEXT) {
				free(v);
				v = strdup("0");
			}
			if (v) {
				free(sub_value[d]);
				sub_value[d] = v;
			}
		}
	if (tn < sizeof text)
		snprintf(text + tn, sizeof text - tn, " are taken at their first iteration, their accesses and "
			"operations counted by their constant trip count (1 when unknown)");
	json_object *kept = json_object_new_array();
	for (int l = 0; l < nl; l++)
		if (!dropped[l]) {
			json_object *lo = json_object_get(json_object_array_get_idx(loops, (size_t)l));
			subst_key(lo, "lower", sub, sub_value, ns);
			subst_key(lo, "upper", sub, sub_value, ns);
			json_object_array_add(kept, lo);
		}
	json_object_object_add(m, "loops", kept);
	for (size_t i = 0; accs && i < json_object_array_length(accs); i++) {
		json_object *a = json_object_array_get_idx(accs, i), *c;
		double mult = drop_from_list(a, drop, trips, nd);
		if (mult > 1) {
			int64_t cnt = json_object_object_get_ex(a, "count", &c) ? json_object_get_int64(c) : 1;
			json_object_object_add(a, "count", json_object_new_int64(cnt * (int64_t)mult));
		}
		subst_key(a, "index", sub, sub_value, ns);
		subst_key(a, "offset", sub, sub_value, ns);
		subst_key(a, "guard", sub, sub_value, ns);
	}
	if (json_object_object_get_ex(m, "ops", &ops) && json_object_is_type(ops, json_type_array))
		for (size_t i = 0; i < json_object_array_length(ops); i++) {
			json_object *e = json_object_array_get_idx(ops, i);
			double mult = drop_from_list(e, drop, trips, nd);
			json_object_object_foreach(e, key, val) if (strcmp(key, "loops") != 0 && mult > 1)
				json_object_set_int64(val, json_object_get_int64(val) * (int64_t)mult);
		}
	subst_key(m, "guard", sub, sub_value, ns);
	add_assumption(m, text);
	for (int d = 0; d < ns; d++) {
		free(sub[d]);
		free(sub_value[d]);
	}
	free(sub);
	free(sub_value);
	free(drop);
	free(trips);
	free(dropped);
	free(uses);
	free(order);
}

static int model_names(json_object *v, const char *word)
{
	switch (json_object_get_type(v)) {
	case json_type_string:
		return names(json_object_get_string(v), word);
	case json_type_array:
		for (size_t i = 0; i < json_object_array_length(v); i++)
			if (model_names(json_object_array_get_idx(v, i), word))
				return 1;
		return 0;
	case json_type_object: {
		json_object_object_foreach(v, key, val)
		{
			if (strcmp(key, "params") && strcmp(key, "assumptions") && strcmp(key, "reason") &&
			    strcmp(key, "loc") && strcmp(key, "source") && strcmp(key, "kernel") && model_names(val, word))
				return 1;
		}
		return 0;
	}
	default:
		return 0;
	}
}

static void conform_params(json_object *m)
{
	json_object *ps;
	if (!json_object_object_get_ex(m, "params", &ps) || json_object_array_length(ps) <= WP_MAX_MODEL_PARAMS)
		return;
	json_object *keep = json_object_new_array();
	int left = 0;
	for (size_t i = 0; i < json_object_array_length(ps); i++) {
		json_object *p = json_object_array_get_idx(ps, i);
		const char *n = json_object_get_string(json_object_object_get(p, "name"));
		if (json_object_array_length(keep) < WP_MAX_MODEL_PARAMS && model_names(m, n))
			json_object_array_add(keep, json_object_get(p));
		else
			left++;
	}
	json_object_object_add(m, "params", keep);
	char text[160];
	snprintf(text, sizeof text, "%d integer parameters that no expression uses are left out (the model holds at most %d)",
		left, WP_MAX_MODEL_PARAMS);
	add_assumption(m, text);
}

void wp_conform(json_object *m)
{
	conform_loops(m);
	conform_params(m);
}
