#define _POSIX_C_SOURCE 200809L
/* The kernel-model reader's helpers (model_reader.h). */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "kernel/model_reader.h"

int mr_fail_at(reader *r, const char *path, const char *what)
{
	ctx_error(r->ctx, "%s: %s: %s", r->origin, path, what);
	return -1;
}

/* Checks that obj has only keys from `allowed` (NULL-terminated); keys that
 * start with "x-" are extensions and are ignored. */
int mr_check_keys(reader *r, json_object *obj, const char *path, const char *const *allowed)
{
	json_object_object_foreach(obj, key, val) {
		(void)val;
		if (strncmp(key, "x-", 2) == 0)
			continue;
		int ok = 0;
		for (int i = 0; allowed[i]; i++)
			ok = ok || strcmp(key, allowed[i]) == 0;
		if (!ok) {
			char what[256];
			snprintf(what, sizeof(what), "unknown key '%s'", key);
			return mr_fail_at(r, path, what);
		}
	}
	return 0;
}

json_object *mr_get(json_object *obj, const char *key)
{
	json_object *v = NULL;
	return json_object_object_get_ex(obj, key, &v) ? v : NULL;
}

/* obj[key] into *v (NULL when absent) and its path into p; -1 with the
 * error set when it is absent but required. */
static int lookup(reader *r, json_object *obj, const char *path, const char *key, int required,
	char p[256], json_object **v)
{
	snprintf(p, 256, "%s%s%s", path, *path ? "." : "", key);
	*v = mr_get(obj, key);
	return !*v && required ? mr_fail_at(r, p, "required field is missing") : 0;
}

/* A string at obj.key into out; `exact`: longer than size - 1 is an error. */
static int get_string(reader *r, json_object *obj, const char *path, const char *key, char *out,
	size_t size, int required, int exact)
{
	json_object *v;
	char p[256];
	if (lookup(r, obj, path, key, required, p, &v))
		return -1;
	if (!v)
		return 0;
	if (!json_object_is_type(v, json_type_string))
		return mr_fail_at(r, p, "must be a string");
	if ((size_t)snprintf(out, size, "%s", json_object_get_string(v)) >= size && exact) {
		char what[64];
		snprintf(what, sizeof what, "longer than %zu characters", size - 1);
		return mr_fail_at(r, p, what);
	}
	return 0;
}

int mr_get_string(reader *r, json_object *obj, const char *path, const char *key,
	char *out, size_t size, int required)
{
	return get_string(r, obj, path, key, out, size, required, 0);
}

int mr_get_name(reader *r, json_object *obj, const char *path, const char *key,
	char *out, size_t size, int required)
{
	return get_string(r, obj, path, key, out, size, required, 1);
}

int mr_get_bool(reader *r, json_object *obj, const char *path, const char *key, int *out)
{
	json_object *v = mr_get(obj, key);
	*out = 0;
	if (!v)
		return 0;
	if (!json_object_is_type(v, json_type_boolean)) {
		char what[96];
		snprintf(what, sizeof(what), "'%s' must be true or false", key);
		return mr_fail_at(r, path, what);
	}
	*out = json_object_get_boolean(v);
	return 0;
}

/* A JSON integer; -1 when v is not one or lies outside int64 (json-c would
 * saturate it silently). */
int mr_json_int(json_object *v, int64_t *out)
{
	if (!json_object_is_type(v, json_type_int))
		return -1;
	*out = json_object_get_int64(v);
	return *out == INT64_MAX && json_object_get_uint64(v) != (uint64_t)INT64_MAX ? -1 : 0;
}

int mr_get_int(reader *r, json_object *obj, const char *path, const char *key,
	int64_t *out, int required, int64_t min_value)
{
	json_object *v;
	char p[256];
	if (lookup(r, obj, path, key, required, p, &v))
		return -1;
	if (!v)
		return 0;
	int64_t x;
	if (mr_json_int(v, &x))
		return mr_fail_at(r, p, "must be an integer in the 64-bit range");
	if (x < min_value) {
		char what[96];
		snprintf(what, sizeof(what), "must be at least %lld", (long long)min_value);
		return mr_fail_at(r, p, what);
	}
	*out = x;
	return 0;
}

int mr_get_int_max(reader *r, json_object *obj, const char *path, const char *key,
	int64_t *out, int required, int64_t min_value, int64_t max_value)
{
	int64_t x = min_value;
	if (mr_get_int(r, obj, path, key, &x, required, min_value))
		return -1;
	if (x > max_value) {
		char p[256], what[96];
		snprintf(p, sizeof(p), "%s%s%s", path, *path ? "." : "", key);
		snprintf(what, sizeof(what), "must be at most %lld", (long long)max_value);
		return mr_fail_at(r, p, what);
	}
	if (mr_get(obj, key))
		*out = x;
	return 0;
}

/* Parses the string at obj[key] (or obj itself when key is NULL). */
const expr *mr_parse_text(reader *r, json_object *v, const char *path, int condition)
{
	if (!v || !json_object_is_type(v, json_type_string)) {
		int64_t x;
		if (v && !condition && mr_json_int(v, &x) == 0) {
			char num[32];
			snprintf(num, sizeof(num), "%lld", (long long)x);
			char err[256];
			const expr *e = expr_parse(r->k->arena, &r->k->symbols, num, 0, err, sizeof(err));
			if (!e)
				mr_fail_at(r, path, err);
			return e;
		}
		mr_fail_at(r, path, condition ? "must be a condition string" : "must be an expression string");
		return NULL;
	}
	char err[512];
	const expr *e = expr_parse(r->k->arena, &r->k->symbols, json_object_get_string(v),
		condition, err, sizeof(err));
	if (!e)
		mr_fail_at(r, path, err);
	return e;
}

const expr *mr_parse_key(reader *r, json_object *obj, const char *path, const char *key,
	int condition, int required)
{
	json_object *v;
	char p[256];
	if (lookup(r, obj, path, key, required, p, &v) || !v)
		return NULL;
	return mr_parse_text(r, v, p, condition);
}

static int valid_name(const char *s)
{
	if (!(isalpha((unsigned char)*s) || *s == '_'))
		return 0;
	for (; *s; s++)
		if (!(isalnum((unsigned char)*s) || *s == '_'))
			return 0;
	return 1;
}

int mr_add_symbol(reader *r, const char *path, const char *name, sym_class cls)
{
	if (!valid_name(name) || strcmp(name, "min") == 0 || strcmp(name, "max") == 0 ||
	    strcmp(name, "true") == 0) {
		char what[160];
		snprintf(what, sizeof(what), "'%s' is not a valid symbol name", name);
		return mr_fail_at(r, path, what);
	}
	int id = symbol_table_add(&r->k->symbols, name, cls);
	if (id < 0) {
		char what[160];
		snprintf(what, sizeof(what), "symbol '%s' is defined twice (or too many symbols)", name);
		return mr_fail_at(r, path, what);
	}
	return id;
}
