/* The loops of a kernel model (docs/kernel-model.md "Loops"): arithmetic
 * ones (lower, upper, step, or an assumed trip count) and geometric ones
 * (lower, shift, above or below, an optional count). */
#include <stdio.h>
#include <string.h>

#include "kernel/model_reader.h"

/* "also": [{"var", "lower", "shift"}]: the symbols now, the rest with the
 * loop's bounds. */
static int read_also_symbols(reader *r, json_object *l, const char *path, km_loop *loop)
{
	json_object *also = mr_get(l, "also");
	loop->n_also = 0;
	if (!also)
		return 0;
	if (!mr_get(l, "shift"))
		return mr_fail_at(r, path, "'also' lists variables that shift with a geometric loop's; "
			"this loop has no 'shift'");
	if (!json_object_is_type(also, json_type_array) || json_object_array_length(also) > KM_MAX_ALSO)
		return mr_fail_at(r, path, "'also' must be an array of at most 4 variables");
	for (size_t j = 0; j < json_object_array_length(also); j++) {
		json_object *a = json_object_array_get_idx(also, j);
		char apath[96];
		snprintf(apath, sizeof(apath), "%s.also[%zu]", path, j);
		if (!json_object_is_type(a, json_type_object))
			return mr_fail_at(r, apath, "must be an object");
		struct km_also *v = &loop->also[loop->n_also++];
		if (mr_get_name(r, a, apath, "var", v->var, sizeof(v->var), 1))
			return -1;
		v->sym = mr_add_symbol(r, apath, v->var, sym_class_count);
		if (v->sym < 0)
			return -1;
		r->k->symbols.geometric[v->sym] = 1;
	}
	return 0;
}

int mr_read_loops_symbols(reader *r, json_object *doc)
{
	json_object *arr = mr_get(doc, "loops");
	if (!arr)
		return 0;
	if (!json_object_is_type(arr, json_type_array))
		return mr_fail_at(r, "loops", "must be an array");
	if (json_object_array_length(arr) > EXPR_MAX_LOOPS)
		return mr_fail_at(r, "loops", "too many loops (at most 8)");
	for (size_t i = 0; i < json_object_array_length(arr); i++) {
		json_object *l = json_object_array_get_idx(arr, i);
		char path[64];
		snprintf(path, sizeof(path), "loops[%zu]", i);
		if (!json_object_is_type(l, json_type_object))
			return mr_fail_at(r, path, "must be an object");
		km_loop *loop = &r->k->loops[r->k->n_loops++];
		if (mr_get_name(r, l, path, "var", loop->var, sizeof(loop->var), 1))
			return -1;
		loop->sym = mr_add_symbol(r, path, loop->var, sym_class_loop);
		if (loop->sym < 0)
			return -1;
		/* known before any expression is parsed: products with it and
		 * divisions by it are affine once the loop is unrolled */
		r->k->symbols.geometric[loop->sym] = mr_get(l, "shift") != NULL;
		loop->count_sym = -1;
		if (mr_get(l, "count")) {
			char name[64];
			if (!mr_get(l, "shift"))
				return mr_fail_at(r, path, "'count' names a geometric loop's iteration count; this "
					"loop has no 'shift'");
			if (mr_get_name(r, l, path, "count", name, sizeof(name), 1))
				return -1;
			loop->count_sym = mr_add_symbol(r, path, name, sym_class_count);
			if (loop->count_sym < 0)
				return -1;
			r->k->symbols.geometric[loop->count_sym] = 1;
		}
		if (read_also_symbols(r, l, path, loop))
			return -1;
	}
	return 0;
}

/* A lower bound or bound of geometric loop i: the same for every thread,
 * though it may use the variables of geometric loops listed before it,
 * which the estimate unrolls first (a bitonic sort's stride from its size). */
static int fixed_per_launch(reader *r, int i, const expr *e)
{
	for (int j = i; j < r->k->n_loops; j++)
		if (km_loop_used_by(&r->k->loops[j], e))
			return 0;
	return !(e->varying & EXPR_VARYING_PLAIN);
}

static int read_also(reader *r, json_object *l, const char *path, int i)
{
	km_loop *loop = &r->k->loops[i];
	json_object *also = mr_get(l, "also");
	for (int j = 0; j < loop->n_also; j++) {
		json_object *a = json_object_array_get_idx(also, (size_t)j);
		char apath[96];
		snprintf(apath, sizeof(apath), "%s.also[%d]", path, j);
		static const char *const keys[] = {"var", "lower", "shift", NULL};
		int64_t shift = 0;
		if (mr_check_keys(r, a, apath, keys) || mr_get_int_max(r, a, apath, "shift", &shift, 1, -62, 62))
			return -1;
		if (shift == 0)
			return mr_fail_at(r, apath, "'shift' must not be 0");
		loop->also[j].shift = (int)shift;
		loop->also[j].lower = mr_parse_key(r, a, apath, "lower", 0, 1);
		if (!loop->also[j].lower)
			return -1;
		if (!fixed_per_launch(r, i, loop->also[j].lower))
			return mr_fail_at(r, apath, "'lower' must not depend on thread, block or loop variables, "
				"other than those of geometric loops listed before this one");
	}
	return 0;
}

/* A geometric loop: "lower" (its first value), "shift", "above" (shift > 0:
 * halving) or "below" (shift < 0: doubling), and optionally
 * "first_always"; bounds the same for every thread, since the estimate
 * unrolls it once they are known (launch/geometric_unroll.c). */
static int read_geometric(reader *r, json_object *l, const char *path, int i)
{
	km_loop *loop = &r->k->loops[i];
	int64_t shift = 0;
	if (mr_get_int_max(r, l, path, "shift", &shift, 1, -62, 62))
		return -1;
	if (shift == 0)
		return mr_fail_at(r, path, "'shift' must not be 0 (1 to 62 halves the variable, -1 to -62 "
			"doubles it)");
	if (mr_get(l, "upper") || mr_get(l, "step") || mr_get(l, "trip_count"))
		return mr_fail_at(r, path, "a geometric loop ('shift') has 'above' or 'below', not 'upper', "
			"'step' or 'trip_count'");
	const char *key = shift > 0 ? "above" : "below", *other = shift > 0 ? "below" : "above";
	if (mr_get(l, other)) {
		char what[160];
		snprintf(what, sizeof(what), "'%s' belongs to a loop that %s; this one %s (shift %lld) and "
			"needs '%s'", other, shift > 0 ? "doubles" : "halves", shift > 0 ? "halves" : "doubles",
			(long long)shift, key);
		return mr_fail_at(r, path, what);
	}
	loop->bound = mr_parse_key(r, l, path, key, 0, 1);
	if (!loop->bound)
		return -1;
	if (!fixed_per_launch(r, i, loop->lower) || !fixed_per_launch(r, i, loop->bound))
		return mr_fail_at(r, path, "a geometric loop's 'lower' and its bound must not depend on thread, "
			"block or loop variables, other than those of geometric loops listed before it");
	if (read_also(r, l, path, i))
		return -1;
	if (mr_get_bool(r, l, path, "first_always", &loop->first_always) ||
	    mr_get_bool(r, l, path, "unrolled", &loop->unrolled))
		return -1;
	loop->shift = (int)shift;
	loop->step = 1;
	return 0;
}

int mr_read_loops_bounds(reader *r, json_object *doc)
{
	json_object *arr = mr_get(doc, "loops");
	for (int i = 0; i < r->k->n_loops; i++) {
		json_object *l = json_object_array_get_idx(arr, (size_t)i);
		km_loop *loop = &r->k->loops[i];
		char path[64];
		snprintf(path, sizeof(path), "loops[%d]", i);
		static const char *const keys[] = {"var", "lower", "upper", "step", "trip_count",
			"reason", "loc", "unrolled", "shift", "above", "below", "first_always", "count", "also",
			NULL};
		if (mr_check_keys(r, l, path, keys))
			return -1;
		loop->lower = mr_parse_key(r, l, path, "lower", 0, 1);
		if (!loop->lower)
			return -1;
		if (mr_get(l, "shift")) {
			if (read_geometric(r, l, path, i))
				return -1;
			continue;
		}
		if (mr_get(l, "above") || mr_get(l, "below") || mr_get(l, "first_always"))
			return mr_fail_at(r, path, "'above', 'below' and 'first_always' belong to geometric "
				"loops, which have 'shift'");
		if (mr_get(l, "upper") && !(loop->upper = mr_parse_key(r, l, path, "upper", 0, 1)))
			return -1;
		/* a loop's bounds see the loops around it: those listed before */
		for (int j = i; j < r->k->n_loops; j++)
			if (expr_uses_symbol(loop->lower, r->k->loops[j].sym) ||
			    expr_uses_symbol(loop->upper, r->k->loops[j].sym)) {
				char what[160];
				snprintf(what, sizeof(what), "bounds use the variable '%s' of a loop not "
					"listed before this one (loops go outermost first)", r->k->loops[j].var);
				return mr_fail_at(r, path, what);
			}
		for (int j = 0; j < r->k->n_loops; j++)
			if (r->k->symbols.geometric[r->k->loops[j].sym] &&
			    (km_loop_used_by(&r->k->loops[j], loop->lower) || km_loop_used_by(&r->k->loops[j], loop->upper)))
				return mr_fail_at(r, path, "bounds use the variable of a geometric loop (one with "
					"'shift'), which the estimate unrolls");
		if (mr_get_bool(r, l, path, "unrolled", &loop->unrolled))
			return -1;
		loop->step = 1;
		if (mr_get_int_max(r, l, path, "step", &loop->step, 0, 1, EXPR_VALUE_MAX))
			return -1;
		if (!loop->upper) {
			if (mr_get_int_max(r, l, path, "trip_count", &loop->assumed_trips, 1, 0, EXPR_VALUE_MAX))
				return mr_fail_at(r, path, "a loop needs 'upper' or, when its trip count is "
					"unknown, 'trip_count' (and 'reason')");
			if (mr_get_string(r, l, path, "reason", loop->reason, sizeof(loop->reason), 0))
				return -1;
			if (!loop->reason[0])
				snprintf(loop->reason, sizeof(loop->reason), "trip count unknown");
		}
	}
	return 0;
}
