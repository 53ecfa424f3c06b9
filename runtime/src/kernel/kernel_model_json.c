#define _POSIX_C_SOURCE 200809L
/* Reads the kernel model JSON (docs/kernel-model.md) into a warpest_kernel.
 * Every error names the origin file, the JSON field path and, for
 * expressions, the column. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/ctx.h"
#include "base/text_file.h"
#include "kernel/kernel_model.h"
#include "kernel/model_reader.h"

const char *const km_op_names[km_n_ops] = {
	"fp32_add", "fp32_mul", "fp32_fma", "fp64_add", "fp64_mul", "fp64_fma",
	"int", "int_mad", "sfu", "other", "fp64_convert"};

/* params[j].exp2_of: the name of an earlier parameter P of its own; this
 * one is then 2^P, computed at launch (no value of its own). */
static int read_exp2_of(reader *r, json_object *p, const char *path, int j)
{
	warpest_kernel *k = r->k;
	char of[64];
	if (mr_get_name(r, p, path, "exp2_of", of, sizeof(of), 1))
		return -1;
	if (k->param_has_value[j])
		return mr_fail_at(r, path, "a parameter with 'exp2_of' takes its value from that "
			"parameter: no 'value' of its own");
	for (int i = 0; i < j; i++)
		if (strcmp(k->symbols.names[k->param_syms[i]], of) == 0) {
			if (k->param_exp2_of[i] >= 0)
				return mr_fail_at(r, path, "'exp2_of' names a parameter that is itself "
					"'exp2_of' another");
			k->param_exp2_of[j] = i;
			return 0;
		}
	return mr_fail_at(r, path, "'exp2_of' must name an earlier parameter");
}

static int read_params(reader *r, json_object *doc)
{
	json_object *arr = mr_get(doc, "params");
	if (!arr)
		return 0;
	if (!json_object_is_type(arr, json_type_array))
		return mr_fail_at(r, "params", "must be an array");
	warpest_kernel *k = r->k;
	for (size_t i = 0; i < json_object_array_length(arr); i++) {
		json_object *p = json_object_array_get_idx(arr, i);
		char path[64], name[64];
		snprintf(path, sizeof(path), "params[%zu]", i);
		if (!json_object_is_type(p, json_type_object))
			return mr_fail_at(r, path, "must be an object {\"name\", \"value\"}");
		static const char *const keys[] = {"name", "value", "power_of_two", "exp2_of", "doc", NULL};
		if (mr_check_keys(r, p, path, keys) || mr_get_name(r, p, path, "name", name, sizeof(name), 1))
			return -1;
		if (k->n_params >= 64)
			return mr_fail_at(r, path, "too many parameters (at most 64)");
		int id = mr_add_symbol(r, path, name, sym_class_param);
		if (id < 0)
			return -1;
		int j = k->n_params++;
		k->param_syms[j] = id;
		if (mr_get(p, "value")) {
			if (mr_get_int(r, p, path, "value", &k->param_values[j], 1, INT64_MIN))
				return -1;
			k->param_has_value[j] = 1;
		}
		if (mr_get_bool(r, p, path, "power_of_two", &k->param_power_of_two[j]))
			return -1;
		if (k->param_power_of_two[j] && k->param_has_value[j] && !km_is_power_of_two(k->param_values[j]))
			return mr_fail_at(r, path, "'value' is not a power of two, and 'power_of_two' is true");
		k->param_exp2_of[j] = -1;
		if (mr_get(p, "exp2_of") && read_exp2_of(r, p, path, j))
			return -1;
	}
	return 0;
}

static int read_defs(reader *r, json_object *doc)
{
	json_object *defs = mr_get(doc, "defs");
	if (!defs)
		return 0;
	if (!json_object_is_type(defs, json_type_object))
		return mr_fail_at(r, "defs", "must be an object of name: expression");
	json_object_object_foreach(defs, name, val) {
		char path[128];
		snprintf(path, sizeof(path), "defs.%s", name);
		int depth = 0;
		const expr *e;
		if (json_object_is_type(val, json_type_string)) {
			char err[512];
			e = expr_parse_def(r->k->arena, &r->k->symbols, json_object_get_string(val), 0,
				err, sizeof(err), &depth);
			if (!e)
				mr_fail_at(r, path, err);
		} else
			e = mr_parse_text(r, val, path, 0);
		if (!e)
			return -1;
		if (depth + 1 > EXPR_MAX_DEF_DEPTH) {
			char what[128];
			snprintf(what, sizeof(what), "defs refer to defs more than %d deep",
				EXPR_MAX_DEF_DEPTH);
			return mr_fail_at(r, path, what);
		}
		int id = mr_add_symbol(r, path, name, sym_class_def);
		if (id < 0)
			return -1;
		r->k->symbols.defs[id] = e;
		r->k->symbols.def_depth[id] = depth + 1;
	}
	return 0;
}

/* `guessed` of the grid: the dimensions whose rule the model's writer
 * guessed (the pass, where no guard bounds the grid), each with a rule. */
static int read_guessed(reader *r, json_object *o, const expr **grid, unsigned char *guessed)
{
	json_object *arr = mr_get(o, "guessed");
	if (!arr)
		return 0;
	if (!json_object_is_type(arr, json_type_array))
		return mr_fail_at(r, "grid.guessed", "must be an array of \"x\", \"y\" or \"z\"");
	int n = (int)json_object_array_length(arr);
	for (int i = 0; i < n; i++) {
		json_object *s = json_object_array_get_idx(arr, i);
		const char *t = json_object_is_type(s, json_type_string) ? json_object_get_string(s) : "";
		int d = t[0] >= 'x' && t[0] <= 'z' && !t[1] ? t[0] - 'x' : -1;
		char p[48];
		snprintf(p, sizeof(p), "grid.guessed[%d]", i);
		if (d < 0)
			return mr_fail_at(r, p, "must be \"x\", \"y\" or \"z\"");
		if (!grid[d])
			return mr_fail_at(r, p, "names a dimension the grid gives no rule for");
		guessed[d] = 1;
	}
	return 0;
}

static int read_xyz(reader *r, json_object *doc, const char *key, const expr **out, unsigned char *guessed)
{
	json_object *o = mr_get(doc, key);
	if (!o)
		return 0;
	if (!json_object_is_type(o, json_type_object))
		return mr_fail_at(r, key, "must be an object with keys x, y, z");
	static const char *const keys[] = {"x", "y", "z", NULL};
	static const char *const grid_keys[] = {"x", "y", "z", "guessed", NULL};
	if (mr_check_keys(r, o, key, guessed ? grid_keys : keys))
		return -1;
	for (int d = 0; d < 3; d++) {
		if (!mr_get(o, keys[d]))
			continue;
		out[d] = mr_parse_key(r, o, key, keys[d], 0, 1);
		if (!out[d])
			return -1;
		if (expr_is_varying(out[d], &r->k->symbols)) {
			char p[64];
			snprintf(p, sizeof(p), "%s.%s", key, keys[d]);
			return mr_fail_at(r, p, "must not depend on thread, block or loop variables");
		}
	}
	return guessed ? read_guessed(r, o, out, guessed) : 0;
}

static int read_fields(reader *r, json_object *doc)
{
	json_object *arr = mr_get(doc, "fields");
	if (!arr)
		return mr_fail_at(r, "fields", "required field is missing");
	if (!json_object_is_type(arr, json_type_array))
		return mr_fail_at(r, "fields", "must be an array");
	warpest_kernel *k = r->k;
	if (json_object_array_length(arr) > KM_MAX_FIELDS)
		return mr_fail_at(r, "fields", "too many fields (at most 4096)");
	k->n_fields = (int)json_object_array_length(arr);
	k->fields = calloc((size_t)k->n_fields + 1, sizeof(km_field));
	if (!k->fields)
		return mr_fail_at(r, "fields", "out of memory");
	for (int i = 0; i < k->n_fields; i++) {
		json_object *f = json_object_array_get_idx(arr, (size_t)i);
		km_field *field = &k->fields[i];
		char path[64], space[16] = "global";
		snprintf(path, sizeof(path), "fields[%d]", i);
		if (!json_object_is_type(f, json_type_object))
			return mr_fail_at(r, path, "must be an object");
		static const char *const keys[] = {"name", "space", "elem_bytes", "align", "dims",
			"loc", NULL};
		int64_t elem = 0, align = 256;
		if (mr_check_keys(r, f, path, keys) ||
		    mr_get_name(r, f, path, "name", field->name, sizeof(field->name), 1) ||
		    mr_get_string(r, f, path, "space", space, sizeof(space), 0) ||
		    mr_get_int(r, f, path, "elem_bytes", &elem, 1, 1) ||
		    mr_get_int(r, f, path, "align", &align, 0, 1))
			return -1;
		for (int j = 0; j < i; j++)
			if (strcmp(k->fields[j].name, field->name) == 0)
				return mr_fail_at(r, path, "field name is used twice");
		if (strcmp(space, "global") == 0)
			field->space = km_space_global;
		else if (strcmp(space, "shared") == 0)
			field->space = km_space_shared;
		else if (strcmp(space, "local") == 0)
			field->space = km_space_local;
		else if (strcmp(space, "constant") == 0)
			field->space = km_space_constant;
		else
			return mr_fail_at(r, path, "space must be 'global', 'shared', 'local' or 'constant'");
		field->elem_bytes = (int)elem;
		field->align = align;
		json_object *dims = mr_get(f, "dims");
		if (dims) {
			char dpath[96];
			snprintf(dpath, sizeof(dpath), "%s.dims", path);
			if (!json_object_is_type(dims, json_type_array) ||
			    json_object_array_length(dims) > KM_MAX_DIMS)
				return mr_fail_at(r, dpath, "must be an array of at most 8 expressions");
			field->n_dims = (int)json_object_array_length(dims);
			for (int d = 0; d < field->n_dims; d++) {
				char epath[128];
				snprintf(epath, sizeof(epath), "%s[%d]", dpath, d);
				field->dims[d] = mr_parse_text(r, json_object_array_get_idx(dims, (size_t)d),
					epath, 0);
				if (!field->dims[d])
					return -1;
				if (expr_is_varying(field->dims[d], &k->symbols))
					return mr_fail_at(r, epath, "must not depend on thread, block or loop variables");
			}
		}
	}
	return 0;
}

static int find_field(const warpest_kernel *k, const char *name)
{
	for (int i = 0; i < k->n_fields; i++)
		if (strcmp(k->fields[i].name, name) == 0)
			return i;
	return -1;
}

static int find_loop(const warpest_kernel *k, const char *name)
{
	for (int i = 0; i < k->n_loops; i++)
		if (strcmp(k->loops[i].var, name) == 0)
			return i;
	return -1;
}

static int read_loop_list(reader *r, json_object *obj, const char *path, int *n_out, int *out)
{
	json_object *arr = mr_get(obj, "loops");
	*n_out = 0;
	if (!arr)
		return 0;
	char p[128];
	snprintf(p, sizeof(p), "%s.loops", path);
	if (!json_object_is_type(arr, json_type_array) ||
	    json_object_array_length(arr) > EXPR_MAX_LOOPS)
		return mr_fail_at(r, p, "must be an array of loop variable names");
	for (size_t i = 0; i < json_object_array_length(arr); i++) {
		json_object *v = json_object_array_get_idx(arr, i);
		int l = json_object_is_type(v, json_type_string) ?
			find_loop(r->k, json_object_get_string(v)) : -1;
		if (l < 0) {
			char what[160];
			snprintf(what, sizeof(what), "'%s' is not a loop of the model",
				json_object_get_string(v));
			return mr_fail_at(r, p, what);
		}
		out[(*n_out)++] = l;
	}
	return 0;
}

/* "lane_offsets" of an access assumed "lanes": 32 integer byte offsets, lane
 * i's from lane 0's, each within 2^40 (docs/kernel-model.md). */
static int read_lane_offsets(reader *r, json_object *arr, const char *path, km_access *acc)
{
	char p[128];
	snprintf(p, sizeof(p), "%s.lane_offsets", path);
	if (!arr)
		return mr_fail_at(r, path, "\"assume\": \"lanes\" needs 'lane_offsets' (32 byte offsets)");
	if (!json_object_is_type(arr, json_type_array) || json_object_array_length(arr) != 32)
		return mr_fail_at(r, p, "must be an array of 32 integers (a warp's lanes)");
	for (int i = 0; i < 32; i++) {
		json_object *v = json_object_array_get_idx(arr, (size_t)i);
		int64_t x = json_object_is_type(v, json_type_int) ? json_object_get_int64(v) : INT64_MAX;
		if (x < -((int64_t)1 << 40) || x > ((int64_t)1 << 40)) {
			char what[96];
			snprintf(what, sizeof(what), "entry %d is not an integer within 2^40", i);
			return mr_fail_at(r, p, what);
		}
		acc->lane_offsets[i] = x;
	}
	if (acc->lane_offsets[0] != 0)
		return mr_fail_at(r, p, "entry 0 must be 0 (offsets are from lane 0's address)");
	return 0;
}

/* Builds the byte offset elem*((i0*d1 + i1)*d2 + ...) from a delinearised
 * index, sharing the index and dims trees; NULL with a message in err when
 * out of memory or over the expression limits. */
static const expr *index_to_offset(reader *r, const km_field *field, const expr **index,
	char *err, size_t err_size)
{
	expr_arena *arena = r->k->arena;
	const expr *acc = index[0];
	for (int d = 1; d < field->n_dims && acc; d++) {
		const expr *mul = expr_new(arena, expr_mul, acc, field->dims[d]);
		acc = mul ? expr_new(arena, expr_add, mul, index[d]) : NULL;
	}
	expr *elem = acc ? expr_new(arena, expr_const, NULL, NULL) : NULL;
	if (elem)
		elem->value = field->elem_bytes;
	const expr *scale = elem ? expr_new(arena, expr_mul, elem, acc) : NULL;
	if (!scale)
		snprintf(err, err_size, "out of memory");
	else if (scale->depth > EXPR_MAX_DEPTH || scale->size > EXPR_MAX_NODES)
		snprintf(err, err_size, "the offset it makes with the field's dims is nested more "
			"than %d levels deep or has more than %d nodes", EXPR_MAX_DEPTH, EXPR_MAX_NODES);
	else
		return scale;
	return NULL;
}

/* Whether an expression names any symbol (a parameter, a thread, block or
 * loop variable): a constant-memory address without one is known when the
 * kernel is compiled. */
static int uses_any_symbol(const expr *e)
{
	if (!e)
		return 0;
	return e->kind == expr_sym || uses_any_symbol(e->a) || uses_any_symbol(e->b);
}

static int read_accesses(reader *r, json_object *doc)
{
	json_object *arr = mr_get(doc, "accesses");
	if (!arr)
		return mr_fail_at(r, "accesses", "required field is missing");
	if (!json_object_is_type(arr, json_type_array))
		return mr_fail_at(r, "accesses", "must be an array");
	warpest_kernel *k = r->k;
	if (json_object_array_length(arr) > KM_MAX_ACCESSES)
		return mr_fail_at(r, "accesses", "too many accesses (at most 65536)");
	k->n_accesses = (int)json_object_array_length(arr);
	k->accesses = calloc((size_t)k->n_accesses + 1, sizeof(km_access));
	if (!k->accesses)
		return mr_fail_at(r, "accesses", "out of memory");
	for (int i = 0; i < k->n_accesses; i++) {
		json_object *a = json_object_array_get_idx(arr, (size_t)i);
		km_access *acc = &k->accesses[i];
		char path[64], fname[64] = "", kind[16] = "";
		snprintf(path, sizeof(path), "accesses[%d]", i);
		if (!json_object_is_type(a, json_type_object))
			return mr_fail_at(r, path, "must be an object");
		static const char *const keys[] = {"field", "kind", "bytes", "index", "offset", "loops",
			"guard", "loc", "count", "uses_result", "contention", "analysable", "reason",
			"assume", "lane_offsets", "space", "round", "phase", NULL};
		int64_t bytes = 0, count = 1, round = 0, phase = 0;
		if (mr_check_keys(r, a, path, keys) ||
		    mr_get_name(r, a, path, "field", fname, sizeof(fname), 1) ||
		    mr_get_string(r, a, path, "kind", kind, sizeof(kind), 1) ||
		    mr_get_int(r, a, path, "bytes", &bytes, 1, 1) ||
		    mr_get_int_max(r, a, path, "count", &count, 0, 1, KM_MAX_COUNT) ||
		    mr_get_int_max(r, a, path, "round", &round, 0, 0, KM_MAX_ROUND) ||
		    mr_get_int_max(r, a, path, "phase", &phase, 0, 0, KM_MAX_PHASE) ||
		    mr_get_string(r, a, path, "loc", acc->loc, sizeof(acc->loc), 0) ||
		    mr_get_string(r, a, path, "reason", acc->reason, sizeof(acc->reason), 0) ||
		    mr_get_string(r, a, path, "contention", acc->contention, sizeof(acc->contention), 0))
			return -1;
		acc->field = find_field(k, fname);
		if (acc->field < 0) {
			char what[160];
			snprintf(what, sizeof(what), "field '%s' is not declared in 'fields'", fname);
			return mr_fail_at(r, path, what);
		}
		static const char *const kinds[] = {"load", "store", "atomic", "cas"};
		acc->kind = (km_access_kind)-1;
		for (int j = 0; j < 4; j++)
			if (strcmp(kind, kinds[j]) == 0)
				acc->kind = (km_access_kind)j;
		if ((int)acc->kind < 0)
			return mr_fail_at(r, path, "kind must be 'load', 'store', 'atomic' or 'cas'");
		if (k->fields[acc->field].space == km_space_constant && acc->kind != km_load)
			return mr_fail_at(r, path, "constant memory is read-only: kind must be 'load'");
		if (bytes != 1 && bytes != 2 && bytes != 4 && bytes != 8 && bytes != 16)
			return mr_fail_at(r, path, "bytes must be 1, 2, 4, 8 or 16");
		acc->bytes = (int)bytes;
		acc->count = (int)count;
		acc->round = (int)round;
		acc->phase = (int)phase;
		json_object *ur = mr_get(a, "uses_result");
		acc->uses_result = ur ? json_object_get_boolean(ur) : 1;
		json_object *an = mr_get(a, "analysable");
		acc->analysable = an ? json_object_get_boolean(an) : 1;
		if (read_loop_list(r, a, path, &acc->n_loops, acc->loops))
			return -1;
		if (mr_get(a, "guard") && !(acc->guard = mr_parse_key(r, a, path, "guard", 1, 1)))
			return -1;
		if (!acc->analysable) {
			if (!acc->reason[0])
				return mr_fail_at(r, path, "an access with \"analysable\": false needs a 'reason'");
			/* how its addresses are assumed to fall (docs/kernel-model.md) */
			char assume[16] = "";
			if (mr_get_string(r, a, path, "assume", assume, sizeof(assume), 0))
				return -1;
			acc->assume = !assume[0] ? km_assume_none : !strcmp(assume, "random") ? km_assume_random
				: !strcmp(assume, "uniform") ? km_assume_uniform
				: !strcmp(assume, "lanes") ? km_assume_lanes : -1;
			if ((int)acc->assume < 0)
				return mr_fail_at(r, path, "assume must be 'random', 'uniform' or 'lanes'");
			json_object *lo = mr_get(a, "lane_offsets");
			if (acc->assume != km_assume_lanes && lo)
				return mr_fail_at(r, path, "'lane_offsets' goes with \"assume\": \"lanes\" only");
			if (acc->assume == km_assume_lanes && read_lane_offsets(r, lo, path, acc))
				return -1;
			continue;
		}
		json_object *index = mr_get(a, "index");
		if (index && mr_get(a, "offset"))
			return mr_fail_at(r, path, "give either 'index' or 'offset', not both");
		if (index) {
			const km_field *f = &k->fields[acc->field];
			char ipath[96];
			snprintf(ipath, sizeof(ipath), "%s.index", path);
			if (!json_object_is_type(index, json_type_array))
				return mr_fail_at(r, ipath, "must be an array of expressions");
			if ((int)json_object_array_length(index) != (f->n_dims ? f->n_dims : 1)) {
				char what[160];
				snprintf(what, sizeof(what), "has %zu entries but field '%s' has %d dims",
					json_object_array_length(index), f->name, f->n_dims ? f->n_dims : 1);
				return mr_fail_at(r, ipath, what);
			}
			const expr *idx[KM_MAX_DIMS];
			for (size_t d = 0; d < json_object_array_length(index); d++) {
				char epath[128];
				snprintf(epath, sizeof(epath), "%s[%zu]", ipath, d);
				idx[d] = mr_parse_text(r, json_object_array_get_idx(index, d), epath, 0);
				if (!idx[d])
					return -1;
			}
			km_field one = *f;
			if (!one.n_dims)
				one.n_dims = 1;
			char err[256];
			acc->offset = index_to_offset(r, &one, idx, err, sizeof(err));
			if (!acc->offset)
				return mr_fail_at(r, ipath, err);
		} else {
			acc->offset = mr_parse_key(r, a, path, "offset", 0, 0);
			if (!acc->offset) {
				if (!mr_get(a, "offset"))
					return mr_fail_at(r, path, "an analysable access needs 'index' or 'offset'");
				return -1;
			}
		}
		acc->operand = k->fields[acc->field].space == km_space_constant && !uses_any_symbol(acc->offset);
	}
	return 0;
}

/* "runs_with": an access of the entry's own loops, whose executions the
 * entry's follow (the guard of an unrolled copy). */
static int read_runs_with(reader *r, json_object *val, const char *path, km_ops *ops)
{
	char p[160];
	snprintf(p, sizeof(p), "%s.runs_with", path);
	if (!json_object_is_type(val, json_type_int))
		return mr_fail_at(r, p, "must be an integer (an index into accesses)");
	int64_t i = json_object_get_int64(val);
	if (i < 0 || i >= r->k->n_accesses)
		return mr_fail_at(r, p, "is not an index into accesses");
	const km_access *a = &r->k->accesses[i];
	if (a->n_loops != ops->n_loops ||
	    memcmp(a->loops, ops->loops, sizeof(int) * (size_t)ops->n_loops) != 0)
		return mr_fail_at(r, p, "names an access in other loops than the entry's");
	ops->runs_with = (int)i;
	return 0;
}

static int read_ops_entry(reader *r, json_object *o, const char *path, km_ops *ops)
{
	if (!json_object_is_type(o, json_type_object))
		return mr_fail_at(r, path, "must be an object of operation counts");
	if (read_loop_list(r, o, path, &ops->n_loops, ops->loops))
		return -1;
	ops->runs_with = -1;
	json_object_object_foreach(o, key, val) {
		if (strcmp(key, "loops") == 0 || strcmp(key, "loc") == 0 || strncmp(key, "x-", 2) == 0)
			continue;
		if (strcmp(key, "runs_with") == 0) {
			if (read_runs_with(r, val, path, ops))
				return -1;
			continue;
		}
		if (strcmp(key, "phase") == 0) {
			int64_t phase = 0;
			if (mr_get_int_max(r, o, path, "phase", &phase, 0, 0, KM_MAX_PHASE))
				return -1;
			ops->phase = (int)phase;
			continue;
		}
		int op = -1;
		for (int j = 0; j < km_n_ops; j++)
			if (strcmp(key, km_op_names[j]) == 0)
				op = j;
		char p[160];
		snprintf(p, sizeof(p), "%s.%s", path, key);
		if (op < 0)
			return mr_fail_at(r, p, "unknown operation counter (see docs/kernel-model.md)");
		if (!json_object_is_type(val, json_type_int) && !json_object_is_type(val, json_type_double))
			return mr_fail_at(r, p, "must be a number");
		double v = json_object_get_double(val);
		if (!(v >= 0 && v <= KM_MAX_OPS))
			return mr_fail_at(r, p, "must be a number from 0 to 1e12 (per thread and iteration)");
		ops->count[op] = v;
	}
	return 0;
}

static int read_ops(reader *r, json_object *doc)
{
	json_object *ops = mr_get(doc, "ops");
	if (!ops)
		return 0;
	warpest_kernel *k = r->k;
	if (json_object_is_type(ops, json_type_object)) {
		k->ops = calloc(1, sizeof(km_ops));
		k->n_ops = 1;
		return k->ops ? read_ops_entry(r, ops, "ops", k->ops) : mr_fail_at(r, "ops", "out of memory");
	}
	if (!json_object_is_type(ops, json_type_array))
		return mr_fail_at(r, "ops", "must be an object or an array of objects");
	k->n_ops = (int)json_object_array_length(ops);
	k->ops = calloc((size_t)k->n_ops + 1, sizeof(km_ops));
	if (!k->ops)
		return mr_fail_at(r, "ops", "out of memory");
	for (int i = 0; i < k->n_ops; i++) {
		char path[64];
		snprintf(path, sizeof(path), "ops[%d]", i);
		if (read_ops_entry(r, json_object_array_get_idx(ops, (size_t)i), path, &k->ops[i]))
			return -1;
	}
	return 0;
}

static int read_resources(reader *r, json_object *doc)
{
	json_object *res = mr_get(doc, "resources");
	if (!res)
		return 0;
	if (!json_object_is_type(res, json_type_object))
		return mr_fail_at(r, "resources", "must be an object");
	static const char *const keys[] = {"registers", "shared_static_bytes",
		"shared_dynamic_bytes", "spill_store_bytes", "spill_load_bytes", "stack_frame_bytes",
		NULL};
	int64_t regs = 0;
	if (mr_check_keys(r, res, "resources", keys) ||
	    mr_get_int_max(r, res, "resources", "spill_store_bytes", &r->k->spill_store_bytes, 0, 0,
		INT32_MAX) ||
	    mr_get_int_max(r, res, "resources", "spill_load_bytes", &r->k->spill_load_bytes, 0, 0,
		INT32_MAX) ||
	    mr_get_int_max(r, res, "resources", "stack_frame_bytes", &r->k->stack_frame_bytes, 0, 0,
		512 * 1024) || /* CUDA's local memory per thread */
	    mr_get_int(r, res, "resources", "registers", &regs, 0, 0) ||
	    mr_get_int_max(r, res, "resources", "shared_static_bytes", &r->k->shared_static, 0, 0,
		INT32_MAX) ||
	    mr_get_int_max(r, res, "resources", "shared_dynamic_bytes", &r->k->shared_dynamic, 0, 0,
		INT32_MAX))
		return -1;
	if (regs > 255)
		return mr_fail_at(r, "resources.registers", "must be at most 255");
	r->k->registers = (int)regs;
	return 0;
}

static int read_variants(reader *r, json_object *doc)
{
	json_object *arr = mr_get(doc, "variants");
	if (!arr)
		return 0;
	if (!json_object_is_type(arr, json_type_array))
		return mr_fail_at(r, "variants", "must be an array");
	warpest_kernel *k = r->k;
	k->n_variants = (int)json_object_array_length(arr);
	k->variants = calloc((size_t)k->n_variants + 1, sizeof(km_variant));
	if (!k->variants)
		return mr_fail_at(r, "variants", "out of memory");
	for (int i = 0; i < k->n_variants; i++) {
		json_object *v = json_object_array_get_idx(arr, (size_t)i);
		km_variant *var = &k->variants[i];
		char path[64];
		snprintf(path, sizeof(path), "variants[%d]", i);
		static const char *const keys[] = {"name", "params", "doc", NULL};
		if (!json_object_is_type(v, json_type_object))
			return mr_fail_at(r, path, "must be an object");
		if (mr_check_keys(r, v, path, keys) ||
		    mr_get_name(r, v, path, "name", var->name, sizeof(var->name), 1))
			return -1;
		json_object *params = mr_get(v, "params");
		if (!params)
			continue;
		if (!json_object_is_type(params, json_type_object)) {
			char p[96];
			snprintf(p, sizeof(p), "%s.params", path);
			return mr_fail_at(r, p, "must be an object of parameter: integer");
		}
		json_object_object_foreach(params, pname, pval) {
			char p[160];
			int64_t value;
			snprintf(p, sizeof(p), "%s.params.%s", path, pname);
			int sym = symbol_table_find(&k->symbols, pname);
			if (sym < 0 || k->symbols.classes[sym] != sym_class_param)
				return mr_fail_at(r, p, "is not a parameter of the model");
			if (mr_json_int(pval, &value))
				return mr_fail_at(r, p, "must be an integer in the 64-bit range");
			if (var->n >= 16)
				return mr_fail_at(r, p, "too many parameters in one variant (at most 16)");
			var->params[var->n] = sym;
			var->values[var->n++] = value;
		}
	}
	return 0;
}

static int read_assumptions(reader *r, json_object *doc)
{
	json_object *arr = mr_get(doc, "assumptions");
	if (!arr)
		return 0;
	if (!json_object_is_type(arr, json_type_array))
		return mr_fail_at(r, "assumptions", "must be an array of strings");
	int n = (int)json_object_array_length(arr);
	r->k->assumptions = calloc((size_t)n + 1, sizeof(*r->k->assumptions));
	if (!r->k->assumptions)
		return mr_fail_at(r, "assumptions", "out of memory");
	for (int i = 0; i < n; i++) {
		json_object *s = json_object_array_get_idx(arr, (size_t)i);
		if (!json_object_is_type(s, json_type_string)) {
			char p[64];
			snprintf(p, sizeof(p), "assumptions[%d]", i);
			return mr_fail_at(r, p, "must be a string");
		}
		snprintf(r->k->assumptions[r->k->n_assumptions++], 256, "%s", json_object_get_string(s));
	}
	return 0;
}

static int read_document(reader *r, json_object *doc)
{
	if (!json_object_is_type(doc, json_type_object))
		return mr_fail_at(r, "(top level)", "must be a JSON object");
	static const char *const keys[] = {"format", "version", "kernel", "source", "params", "defs",
		"threads", "grid", "guard", "loops", "fields", "accesses", "ops", "resources",
		"variants", "assumptions", "doc", NULL};
	char format[64];
	int64_t version = 0;
	if (mr_check_keys(r, doc, "(top level)", keys) ||
	    mr_get_string(r, doc, "", "format", format, sizeof(format), 1))
		return -1;
	if (strcmp(format, "warpest-kernel-model") != 0)
		return mr_fail_at(r, "format", "must be \"warpest-kernel-model\"");
	if (mr_get_int(r, doc, "", "version", &version, 1, 1))
		return -1;
	if (version != 1)
		return mr_fail_at(r, "version", "unsupported version (this warpest reads version 1)");
	warpest_kernel *k = r->k;
	if (mr_get_string(r, doc, "", "kernel", k->name, sizeof(k->name), 1) ||
	    mr_get_string(r, doc, "", "source", k->source, sizeof(k->source), 0) ||
	    read_params(r, doc) || mr_read_loops_symbols(r, doc) || read_defs(r, doc) ||
	    mr_read_loops_bounds(r, doc) || read_xyz(r, doc, "threads", k->threads, NULL) ||
	    read_xyz(r, doc, "grid", k->grid, k->grid_guessed))
		return -1;
	if (mr_get(doc, "guard") && !(k->guard = mr_parse_key(r, doc, "", "guard", 1, 1)))
		return -1;
	return read_fields(r, doc) || read_accesses(r, doc) || read_ops(r, doc) ||
	       read_resources(r, doc) || read_variants(r, doc) || read_assumptions(r, doc);
}

warpest_kernel *warpest_kernel_read_string(warpest_ctx *ctx, const char *text, const char *origin)
{
	if (!origin)
		origin = "(string)";
	json_tokener *tok = json_tokener_new();
	if (!tok) {
		ctx_error(ctx, "%s: out of memory", origin);
		return NULL;
	}
	json_object *doc = json_tokener_parse_ex(tok, text, (int)strlen(text) + 1);
	enum json_tokener_error jerr = json_tokener_get_error(tok);
	if (!doc || jerr != json_tokener_success) {
		/* locate the error as line:column for the user */
		size_t off = json_tokener_get_parse_end(tok);
		int line = 1, col = 1;
		for (size_t i = 0; i < off && text[i]; i++) {
			if (text[i] == '\n') {
				line++;
				col = 1;
			} else
				col++;
		}
		ctx_error(ctx, "%s: line %d, column %d: malformed JSON: %s", origin, line, col,
			json_tokener_error_desc(jerr));
		if (doc)
			json_object_put(doc);
		json_tokener_free(tok);
		return NULL;
	}
	json_tokener_free(tok);
	warpest_kernel *k = calloc(1, sizeof(*k));
	if (!k || !(k->arena = expr_arena_alloc())) {
		free(k);
		json_object_put(doc);
		ctx_error(ctx, "%s: out of memory", origin);
		return NULL;
	}
	snprintf(k->origin, sizeof(k->origin), "%s", origin);
	k->spill_store_bytes = k->spill_load_bytes = k->stack_frame_bytes = -1; /* not given */
	symbol_table_init(&k->symbols);
	k->json = doc;
	reader r = {ctx, k, origin};
	if (read_document(&r, doc)) {
		warpest_kernel_free(k);
		return NULL;
	}
	return k;
}

warpest_kernel *warpest_kernel_read_file(warpest_ctx *ctx, const char *path)
{
	char *text = read_text_file(ctx, path);
	if (!text)
		return NULL;
	warpest_kernel *k = warpest_kernel_read_string(ctx, text, path);
	free(text);
	return k;
}
