/* The kernel-model reader's shared part (kernel_model_json.c reads the
 * document, loops_json.c its loops): the reader's state and the helpers
 * that read one JSON value each, every error naming the origin file, the
 * field path and, for expressions, the column. Internal to the core. */
#ifndef WARPEST_MODEL_READER_H
#define WARPEST_MODEL_READER_H

#include <json-c/json.h>
#include <stddef.h>
#include <stdint.h>

#include "base/ctx.h"
#include "kernel/kernel_model.h"

typedef struct reader {
	warpest_ctx *ctx;
	warpest_kernel *k;
	const char *origin;
} reader;

/* "origin: path: what" in the context; returns -1. */
int mr_fail_at(reader *r, const char *path, const char *what);
/* Fails on a key of obj not in `allowed` (NULL-terminated); keys that
 * start with "x-" are extensions and are ignored. */
int mr_check_keys(reader *r, json_object *obj, const char *path, const char *const *allowed);
/* obj[key], or NULL. */
json_object *mr_get(json_object *obj, const char *key);
/* A name that other entries refer to (a field, parameter or loop): as
 * mr_get_string, but longer than `size` - 1 is an error, never cut (two
 * names that differ past the end would merge). */
int mr_get_name(reader *r, json_object *obj, const char *path, const char *key, char *out,
	size_t size, int required);
int mr_get_string(reader *r, json_object *obj, const char *path, const char *key,
	char *out, size_t size, int required);
/* obj[key] as 0 or 1 into *out, 0 when absent; "path: 'key' must be true
 * or false" otherwise. */
int mr_get_bool(reader *r, json_object *obj, const char *path, const char *key, int *out);
/* A JSON integer; -1 when v is not one or lies outside int64. */
int mr_json_int(json_object *v, int64_t *out);
int mr_get_int(reader *r, json_object *obj, const char *path, const char *key,
	int64_t *out, int required, int64_t min_value);
int mr_get_int_max(reader *r, json_object *obj, const char *path, const char *key,
	int64_t *out, int required, int64_t min_value, int64_t max_value);
/* The expression (or condition) in the JSON string v (an integer too, for
 * expressions), at `path`; NULL with the error set. */
const expr *mr_parse_text(reader *r, json_object *v, const char *path, int condition);
/* The expression (or condition) at obj[key]; NULL with the error set. */
const expr *mr_parse_key(reader *r, json_object *obj, const char *path, const char *key,
	int condition, int required);
/* A new symbol of class cls; its id, or -1 with the error set. */
int mr_add_symbol(reader *r, const char *path, const char *name, sym_class cls);

/* loops_json.c: the loops' variables first (before any expression is
 * parsed), then their bounds (after the defs). */
int mr_read_loops_symbols(reader *r, json_object *doc);
int mr_read_loops_bounds(reader *r, json_object *doc);

#endif
