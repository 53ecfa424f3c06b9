/* Reader of the hardware tables (docs/hardware-table.md): JSON -> struct
 * warpest_hw. Finding bundled tables by id is hw_bundled.c; the lookups the
 * model makes in a table are hw_curves.c.
 *
 * The reader is strict on purpose: a hardware value that is missing, of the
 * wrong type, out of range or without a source is an error naming the file and
 * the field path, never a silent default, and unknown keys are rejected so that
 * a misspelt key cannot hide behind a default either. */
#define _POSIX_C_SOURCE 200809L

#include "hardware/hw_table.h"
#include "base/ctx.h"

#include <json-c/json.h>

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TABLE_FORMAT "warpest-hardware-table"
#define TABLE_SCHEMA_VERSION 1
/* Tables are a few tens of kilobytes; anything far larger is not a table. */
#define TABLE_MAX_FILE_BYTES (16 << 20)

/* ---- errors ---- */

typedef struct table_reader {
	warpest_ctx *ctx;
	const char *origin; /* file name (or caller's label) used in every message */
} table_reader;

/* Records "<origin>: field '<path>' <what>" and returns warpest_error_input. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static int field_error(const table_reader *reader, const char *path, const char *fmt, ...)
{
	char what[640];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	return ctx_error(reader->ctx, "%s: field '%s' %s", reader->origin, path, what);
}

static void join_path(char *out, size_t size, const char *parent, const char *key)
{
	if (parent[0])
		snprintf(out, size, "%s.%s", parent, key);
	else
		snprintf(out, size, "%s", key);
}

/* ---- JSON helpers ---- */

static int is_number(struct json_object *obj)
{
	json_type type = json_object_get_type(obj);
	return type == json_type_int || type == json_type_double;
}

/* Rejects keys of `obj` that are not in the NULL-terminated list `allowed`. */
static int check_keys(const table_reader *reader, struct json_object *obj,
	const char *path, const char *const *allowed)
{
	struct json_object_iterator it = json_object_iter_begin(obj);
	struct json_object_iterator end = json_object_iter_end(obj);
	for (; !json_object_iter_equal(&it, &end); json_object_iter_next(&it)) {
		const char *key = json_object_iter_peek_name(&it);
		int known = 0;
		for (const char *const *a = allowed; *a; a++)
			if (strcmp(*a, key) == 0)
				known = 1;
		if (!known) {
			char child[192];
			join_path(child, sizeof(child), path, key);
			return field_error(reader, child, "is not part of the hardware-table schema");
		}
	}
	return warpest_ok;
}

/* The member `key` of `obj` that must be present (and of `type`). */
static int get_member(const table_reader *reader, struct json_object *obj, const char *parent,
	const char *key, json_type type, const char *type_words, struct json_object **out)
{
	char path[192];
	join_path(path, sizeof(path), parent, key);
	if (!json_object_object_get_ex(obj, key, out))
		return field_error(reader, path, "is missing");
	if (json_object_get_type(*out) != type)
		return field_error(reader, path, "must be %s", type_words);
	return warpest_ok;
}

/* A string member copied into dest[size]; too long is an error, not a cut. */
static int read_string(const table_reader *reader, struct json_object *obj, const char *parent,
	const char *key, char *dest, size_t size)
{
	struct json_object *member;
	int status = get_member(reader, obj, parent, key, json_type_string, "a string", &member);
	if (status)
		return status;
	const char *text = json_object_get_string(member);
	char path[192];
	join_path(path, sizeof(path), parent, key);
	if (text[0] == '\0')
		return field_error(reader, path, "must not be empty");
	if (strlen(text) >= size)
		return field_error(reader, path, "is longer than %zu characters", size - 1);
	memcpy(dest, text, strlen(text) + 1);
	return warpest_ok;
}

/* Every value names where it came from; the prefix says what kind of source. */
static const char *const source_kinds[] = {
	"datasheet:", "publication:", "measured:", "model:", "secondary:", "inference:", "fit:",
	"unverified:", NULL
};

static int read_source(const table_reader *reader, struct json_object *obj, const char *parent,
	char dest[160])
{
	int status = read_string(reader, obj, parent, "source", dest, 160);
	if (status)
		return status;
	for (const char *const *kind = source_kinds; *kind; kind++)
		if (strncmp(dest, *kind, strlen(*kind)) == 0)
			return warpest_ok;
	char path[192];
	join_path(path, sizeof(path), parent, "source");
	return field_error(reader, path, "must start with one of datasheet:, publication:, "
		"measured:, model:, secondary:, inference:, fit:, unverified: (got \"%.40s\")", dest);
}

/* Optional free-text member "note": a string when present. */
static int check_note(const table_reader *reader, struct json_object *obj, const char *parent)
{
	struct json_object *note;
	if (!json_object_object_get_ex(obj, "note", &note))
		return warpest_ok;
	return get_member(reader, obj, parent, "note", json_type_string, "a string", &note);
}

/* An array of 1..max finite numbers. */
static int read_numbers(const table_reader *reader, struct json_object *array, const char *path,
	double *out, int max, int *count)
{
	if (json_object_get_type(array) != json_type_array)
		return field_error(reader, path, "must be an array of 1 to %d numbers", max);
	size_t length = json_object_array_length(array);
	if (length < 1 || length > (size_t)max)
		return field_error(reader, path, "must be an array of 1 to %d numbers (it has %zu)",
			max, length);
	for (size_t i = 0; i < length; i++) {
		struct json_object *item = json_object_array_get_idx(array, i);
		double value = is_number(item) ? json_object_get_double(item) : NAN;
		if (!isfinite(value))
			return field_error(reader, path, "element %zu must be a finite number", i);
		out[i] = value;
	}
	*count = (int)length;
	return warpest_ok;
}

static int check_ascending(const table_reader *reader, const char *path, const double *values,
	int count, int strictly)
{
	for (int i = 1; i < count; i++)
		if (strictly ? values[i] <= values[i - 1] : values[i] < values[i - 1])
			return field_error(reader, path, "must be %sascending (element %d is %g after %g)",
				strictly ? "strictly " : "", i, values[i], values[i - 1]);
	return warpest_ok;
}

/* ---- scalar hardware values: {"value": number, "source": "...", "note": "..."} ---- */

enum {
	VALUE_INTEGER = 1, /* counts and sizes: a whole number */
	VALUE_ZERO_OK = 2  /* may be 0 (no per-block reservation before cc 8.0) */
};

typedef struct scalar_field {
	const char *key; /* equals the struct field name */
	size_t offset;
	unsigned flags;
	double max;      /* largest accepted value: counts are used as ints */
} scalar_field;

/* Upper bounds (docs/limits.md): far beyond any GPU, small enough that
 * occupancy and wave sizes stay in int. */
#define SCALAR(field, flags, max) { #field, offsetof(struct warpest_hw, field), flags, max }
static const scalar_field scalar_fields[] = {
	SCALAR(sm_count, VALUE_INTEGER, 65536),
	SCALAR(clock_mhz, 0, 1e5),
	SCALAR(max_threads_per_sm, VALUE_INTEGER, 65536),
	SCALAR(max_warps_per_sm, VALUE_INTEGER, 2048),
	SCALAR(max_blocks_per_sm, VALUE_INTEGER, 1024),
	SCALAR(max_threads_per_block, VALUE_INTEGER, 65536),
	SCALAR(registers_per_sm, VALUE_INTEGER, 1 << 24),
	SCALAR(max_registers_per_thread, VALUE_INTEGER, 65536),
	SCALAR(register_alloc_unit, VALUE_INTEGER, 65536),
	SCALAR(shared_alloc_unit, VALUE_INTEGER, 1 << 20),
	SCALAR(shared_reserved_per_block, VALUE_INTEGER | VALUE_ZERO_OK, 1 << 20),
	SCALAR(max_shared_per_block, VALUE_INTEGER, 1 << 30),
	SCALAR(l1_unified_bytes, VALUE_INTEGER, 1 << 30),
	SCALAR(l1_bytes_per_cycle, 0, 1 << 20),
	SCALAR(l1_line_bytes, VALUE_INTEGER, 4096),
	SCALAR(sector_bytes, VALUE_INTEGER, 4096),
	SCALAR(l2_bytes, VALUE_INTEGER, 1e12),
	SCALAR(l2_effective_bytes, VALUE_INTEGER, 1e12),
	SCALAR(l2_bandwidth, 0, 1e16),
	SCALAR(dram_fetch_bytes, VALUE_INTEGER, 4096),
	SCALAR(dram_write_bytes, VALUE_INTEGER, 4096),
	SCALAR(dram_bandwidth, 0, 1e16),
	SCALAR(fp32_per_cycle, 0, 1e6),
	SCALAR(fp64_per_cycle, 0, 1e6),
	SCALAR(int_add_per_cycle, 0, 1e6),
	SCALAR(int_mad_per_cycle, 0, 1e6),
	SCALAR(sfu_per_cycle, 0, 1e6),
	SCALAR(ldst_per_cycle, 0, 1e6),
};
#define N_SCALAR_FIELDS ((int)(sizeof(scalar_fields) / sizeof(scalar_fields[0])))

static int read_scalar(const table_reader *reader, struct json_object *root,
	const scalar_field *field, hw_value *out)
{
	static const char *const keys[] = { "value", "source", "note", NULL };
	struct json_object *obj, *value;
	char path[192];
	int status = get_member(reader, root, "", field->key, json_type_object,
		"an object {\"value\": number, \"source\": \"...\"}", &obj);
	if (!status)
		status = check_keys(reader, obj, field->key, keys);
	if (status)
		return status;
	join_path(path, sizeof(path), field->key, "value");
	if (!json_object_object_get_ex(obj, "value", &value))
		return field_error(reader, path, "is missing");
	const char *words = (field->flags & VALUE_ZERO_OK)
		? ((field->flags & VALUE_INTEGER) ? "a non-negative integer" : "a non-negative number")
		: ((field->flags & VALUE_INTEGER) ? "a positive integer" : "a positive number");
	if (!is_number(value))
		return field_error(reader, path, "must be %s", words);
	double number = json_object_get_double(value);
	int in_range = isfinite(number) &&
		((field->flags & VALUE_ZERO_OK) ? number >= 0 : number > 0) &&
		(!(field->flags & VALUE_INTEGER) || number == floor(number));
	if (!in_range)
		return field_error(reader, path, "must be %s (got %g)", words, number);
	if (number > field->max)
		return field_error(reader, path, "must be at most %g (got %g)", field->max, number);
	out->value = number;
	status = read_source(reader, obj, field->key, out->provenance);
	if (!status)
		status = check_note(reader, obj, field->key);
	return status;
}

/* ---- compound values ---- */

/* {"x": [...], "y": [...], "source": "..."}; x strictly ascending, y >= 0. */
static int read_curve(const table_reader *reader, struct json_object *root, const char *key,
	hw_curve *curve)
{
	static const char *const keys[] = { "x", "y", "source", "note", NULL };
	struct json_object *obj, *x, *y;
	char path_x[192], path_y[192];
	int nx = 0, ny = 0;
	int status = get_member(reader, root, "", key, json_type_object,
		"an object {\"x\": [...], \"y\": [...], \"source\": \"...\"}", &obj);
	if (!status)
		status = check_keys(reader, obj, key, keys);
	if (!status)
		status = get_member(reader, obj, key, "x", json_type_array, "an array of numbers", &x);
	if (!status)
		status = get_member(reader, obj, key, "y", json_type_array, "an array of numbers", &y);
	if (status)
		return status;
	join_path(path_x, sizeof(path_x), key, "x");
	join_path(path_y, sizeof(path_y), key, "y");
	status = read_numbers(reader, x, path_x, curve->x, WARPEST_MAX_CURVE, &nx);
	if (!status)
		status = read_numbers(reader, y, path_y, curve->y, WARPEST_MAX_CURVE, &ny);
	if (!status)
		status = check_ascending(reader, path_x, curve->x, nx, 1);
	if (status)
		return status;
	if (nx != ny)
		return field_error(reader, path_y, "must have as many entries as '%s' (%d, not %d)",
			path_x, nx, ny);
	for (int i = 0; i < ny; i++)
		if (curve->y[i] < 0)
			return field_error(reader, path_y, "element %d must not be negative (got %g)",
				i, curve->y[i]);
	curve->n = nx;
	status = read_source(reader, obj, key, curve->provenance);
	if (!status)
		status = check_note(reader, obj, key);
	return status;
}

/* {"a":..,"b":..,"c":..,"source":".."}: miss rate a*exp(-b*exp(-c*o)). */
static int read_gompertz(const table_reader *reader, struct json_object *root, const char *key,
	hw_gompertz *g)
{
	static const char *const keys[] = { "a", "b", "c", "source", "note", NULL };
	static const char *const params[] = { "a", "b", "c" };
	double *targets[] = { &g->a, &g->b, &g->c };
	struct json_object *obj;
	int status = get_member(reader, root, "", key, json_type_object,
		"an object {\"a\": .., \"b\": .., \"c\": .., \"source\": \"...\"}", &obj);
	if (!status)
		status = check_keys(reader, obj, key, keys);
	if (status)
		return status;
	for (int i = 0; i < 3; i++) {
		struct json_object *member;
		char path[192];
		join_path(path, sizeof(path), key, params[i]);
		if (!json_object_object_get_ex(obj, params[i], &member))
			return field_error(reader, path, "is missing");
		double value = is_number(member) ? json_object_get_double(member) : NAN;
		/* a is the limit miss rate, a fraction; b and c are shape constants. */
		int ok = isfinite(value) && value >= 0 && (i != 0 || value <= 1);
		if (!ok)
			return field_error(reader, path, i == 0 ? "must be a number in [0, 1]"
				: "must be a non-negative number");
		*targets[i] = value;
	}
	status = read_source(reader, obj, key, g->provenance);
	if (!status)
		status = check_note(reader, obj, key);
	return status;
}

/* "latency_cycles": {"l1": .., "l2": .., "dram": .., "source": ".."}; the
 * levels nest, so each is at least the one before. */
static int read_latency(const table_reader *reader, struct json_object *root, hw_latency *lat)
{
	static const char *const keys[] = { "l1", "l2", "dram", "source", "note", NULL };
	double *targets[] = { &lat->l1, &lat->l2, &lat->dram };
	struct json_object *obj;
	int status = get_member(reader, root, "", "latency_cycles", json_type_object,
		"an object {\"l1\": .., \"l2\": .., \"dram\": .., \"source\": \"...\"}", &obj);
	if (!status)
		status = check_keys(reader, obj, "latency_cycles", keys);
	for (int i = 0; i < 3 && !status; i++) {
		struct json_object *member;
		char path[192];
		join_path(path, sizeof(path), "latency_cycles", keys[i]);
		double value = json_object_object_get_ex(obj, keys[i], &member) && is_number(member) ?
			json_object_get_double(member) : NAN;
		if (!(isfinite(value) && value > 0 && value <= 1e5 && (i == 0 || value >= *targets[i - 1])))
			return field_error(reader, path, "must be a number of cycles in (0, 1e5], at "
				"least the level before it");
		*targets[i] = value;
	}
	if (!status)
		status = read_source(reader, obj, "latency_cycles", lat->provenance);
	if (!status)
		status = check_note(reader, obj, "latency_cycles");
	lat->present = !status;
	return status;
}

static int read_carveouts(const table_reader *reader, struct json_object *root, warpest_hw *hw)
{
	static const char *const keys[] = { "values", "source", "note", NULL };
	const char *key = "carveouts_kb";
	struct json_object *obj, *values;
	int status = get_member(reader, root, "", key, json_type_object,
		"an object {\"values\": [...], \"source\": \"...\"}", &obj);
	if (!status)
		status = check_keys(reader, obj, key, keys);
	if (!status)
		status = get_member(reader, obj, key, "values", json_type_array,
			"an array of numbers", &values);
	if (!status)
		status = read_numbers(reader, values, "carveouts_kb.values", hw->carveouts_kb,
			WARPEST_MAX_CARVEOUTS, &hw->n_carveouts);
	if (!status)
		status = check_ascending(reader, "carveouts_kb.values", hw->carveouts_kb,
			hw->n_carveouts, 1);
	if (status)
		return status;
	if (hw->carveouts_kb[0] < 0)
		return field_error(reader, "carveouts_kb.values", "must not be negative");
	status = read_source(reader, obj, key, hw->carveouts_provenance);
	if (!status)
		status = check_note(reader, obj, key);
	return status;
}

/* One T grid: rows n_count arrays of e_count positive cycle counts. */
static int read_atomic_grid(const table_reader *reader, struct json_object *obj, const char *key,
	const hw_atomic_table *atomics, double grid[WARPEST_MAX_ATOMIC_N][WARPEST_MAX_ATOMIC_E])
{
	struct json_object *rows;
	char path[192];
	int status = get_member(reader, obj, "atomics", key, json_type_array,
		"an array of rows (one per n) of cycle counts (one per e)", &rows);
	if (status)
		return status;
	join_path(path, sizeof(path), "atomics", key);
	if (json_object_array_length(rows) != (size_t)atomics->n_count)
		return field_error(reader, path, "must have one row per entry of 'atomics.n' (%d, not %zu)",
			atomics->n_count, json_object_array_length(rows));
	for (int i = 0; i < atomics->n_count; i++) {
		char row_path[224];
		int count = 0;
		snprintf(row_path, sizeof(row_path), "%s[%d]", path, i);
		status = read_numbers(reader, json_object_array_get_idx(rows, i), row_path, grid[i],
			WARPEST_MAX_ATOMIC_E, &count);
		if (status)
			return status;
		if (count != atomics->e_count)
			return field_error(reader, row_path,
				"must have one entry per entry of 'atomics.e' (%d, not %d)",
				atomics->e_count, count);
		for (int j = 0; j < count; j++)
			if (!(grid[i][j] > 0))
				return field_error(reader, row_path,
					"element %d must be a positive number of cycles (got %g)", j, grid[i][j]);
	}
	return warpest_ok;
}

/* Optional: without it the shared-atomic limiter cannot be evaluated, which
 * the model reports; a table that has it must have all of it. */
static int read_atomics(const table_reader *reader, struct json_object *root, hw_atomic_table *atomics)
{
	static const char *const keys[] = {
		"provisional", "source", "note", "n", "e", "t_rmw", "t_cas", "t_unused", NULL
	};
	struct json_object *obj, *member;
	atomics->present = 0;
	if (!json_object_object_get_ex(root, "atomics", &obj))
		return warpest_ok;
	int status = get_member(reader, root, "", "atomics", json_type_object, "an object", &obj);
	if (!status)
		status = check_keys(reader, obj, "atomics", keys);
	if (!status)
		status = get_member(reader, obj, "atomics", "provisional", json_type_boolean,
			"true or false", &member);
	if (status)
		return status;
	atomics->provisional = json_object_get_boolean(member) ? 1 : 0;
	status = get_member(reader, obj, "atomics", "n", json_type_array, "an array of numbers", &member);
	if (!status)
		status = read_numbers(reader, member, "atomics.n", atomics->n_values,
			WARPEST_MAX_ATOMIC_N, &atomics->n_count);
	if (!status)
		status = check_ascending(reader, "atomics.n", atomics->n_values, atomics->n_count, 1);
	if (status)
		return status;
	if (atomics->n_values[0] < 1)
		return field_error(reader, "atomics.n", "entries must be at least 1");
	status = get_member(reader, obj, "atomics", "e", json_type_array, "an array of numbers", &member);
	if (!status)
		status = read_numbers(reader, member, "atomics.e", atomics->e_values,
			WARPEST_MAX_ATOMIC_E, &atomics->e_count);
	if (!status)
		status = check_ascending(reader, "atomics.e", atomics->e_values, atomics->e_count, 1);
	if (status)
		return status;
	if (atomics->e_values[0] < 1 || atomics->e_values[atomics->e_count - 1] > 32)
		return field_error(reader, "atomics.e", "entries must lie in [1, 32] (active lanes)");
	status = read_atomic_grid(reader, obj, "t_rmw", atomics, atomics->t_rmw);
	if (!status)
		status = read_atomic_grid(reader, obj, "t_cas", atomics, atomics->t_cas);
	/* No unused-result grid (GPUs before sm_80 have no ATOMS.POPC.INC): the
	 * grid stays all zero and the model uses t_rmw for such increments. */
	if (!status && json_object_object_get_ex(obj, "t_unused", &member))
		status = read_atomic_grid(reader, obj, "t_unused", atomics, atomics->t_unused);
	if (!status)
		status = read_source(reader, obj, "atomics", atomics->provenance);
	if (!status)
		status = check_note(reader, obj, "atomics");
	if (!status)
		atomics->present = 1;
	return status;
}

/* ---- the whole table ---- */

static int check_relation(const table_reader *reader, int holds, const char *path,
	const char *rule, double a, double b)
{
	if (holds)
		return warpest_ok;
	return field_error(reader, path, "%s (%.10g vs %.10g)", rule, a, b);
}

/* Cross-field rules that catch typos a per-field check cannot. */
static int check_consistency(const table_reader *reader, const warpest_hw *hw)
{
	double largest_carveout = hw->carveouts_kb[hw->n_carveouts - 1] * 1024.0;
	int status = check_relation(reader,
		hw->max_threads_per_sm.value == 32 * hw->max_warps_per_sm.value, "max_threads_per_sm",
		"must equal 32 * max_warps_per_sm", hw->max_threads_per_sm.value,
		32 * hw->max_warps_per_sm.value);
	if (!status)
		status = check_relation(reader,
			hw->max_threads_per_block.value <= hw->max_threads_per_sm.value,
			"max_threads_per_block", "must not exceed max_threads_per_sm",
			hw->max_threads_per_block.value, hw->max_threads_per_sm.value);
	if (!status)
		status = check_relation(reader, hw->l2_effective_bytes.value <= hw->l2_bytes.value,
			"l2_effective_bytes", "must not exceed l2_bytes",
			hw->l2_effective_bytes.value, hw->l2_bytes.value);
	if (!status)
		status = check_relation(reader, largest_carveout <= hw->l1_unified_bytes.value,
			"carveouts_kb.values", "largest carveout must fit in l1_unified_bytes",
			largest_carveout, hw->l1_unified_bytes.value);
	if (!status)
		status = check_relation(reader, hw->max_shared_per_block.value <= largest_carveout,
			"max_shared_per_block", "must not exceed the largest carveout in bytes",
			hw->max_shared_per_block.value, largest_carveout);
	return status;
}

/* "9.0" -> 9, 0. */
static int parse_compute_capability(const char *text, int *major, int *minor)
{
	char tail;
	return sscanf(text, "%d.%d%c", major, minor, &tail) == 2 && *major > 0 && *minor >= 0;
}

/* The file stem of a path ("runtime/tables/h100-sxm.json" -> "h100-sxm"), or
 * "" when the name does not end in ".json" (then the id is not checked). */
static void json_stem(const char *path, char *stem, size_t size)
{
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	size_t length = strlen(base);
	stem[0] = '\0';
	if (length > 5 && strcmp(base + length - 5, ".json") == 0 && length - 5 < size) {
		memcpy(stem, base, length - 5);
		stem[length - 5] = '\0';
	}
}

static int valid_id(const char *id)
{
	for (const char *c = id; *c; c++) {
		int ok = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
			(*c >= '0' && *c <= '9') || *c == '-' || *c == '_' || *c == '.';
		if (!ok)
			return 0;
	}
	return 1;
}

static int read_table(const table_reader *reader, struct json_object *root, warpest_hw *hw)
{
	static const char *const header_keys[] = {
		"format", "schema_version", "id", "name", "compute_capability", "memory_type",
		"provenance_default", "note", "measurement", "carveouts_kb", "l1_tag_wavefronts",
		"dram_bandwidth_curve", "latency_cycles", "hit_l1_redundant", "hit_wave_overlap", "hit_l2_load",
		"hit_l2_store", "atomics", NULL
	};
	const char *allowed[N_SCALAR_FIELDS + sizeof(header_keys) / sizeof(header_keys[0])];
	int n_allowed = 0;
	for (int i = 0; i < N_SCALAR_FIELDS; i++)
		allowed[n_allowed++] = scalar_fields[i].key;
	for (const char *const *key = header_keys; *key; key++)
		allowed[n_allowed++] = *key;
	allowed[n_allowed] = NULL;

	struct json_object *member;
	char text[160];
	int status;

	/* Format and version first: a different file type gets one clear message. */
	status = read_string(reader, root, "", "format", text, sizeof(text));
	if (status)
		return status;
	if (strcmp(text, TABLE_FORMAT) != 0)
		return field_error(reader, "format", "must be \"%s\" (got \"%s\")", TABLE_FORMAT, text);
	status = get_member(reader, root, "", "schema_version", json_type_int, "an integer", &member);
	if (status)
		return status;
	hw->schema_version = json_object_get_int(member);
	if (hw->schema_version != TABLE_SCHEMA_VERSION)
		return field_error(reader, "schema_version", "is %d; this build reads version %d",
			hw->schema_version, TABLE_SCHEMA_VERSION);
	status = check_keys(reader, root, "", allowed);
	if (status)
		return status;

	status = read_string(reader, root, "", "id", hw->id, sizeof(hw->id));
	if (status)
		return status;
	if (!valid_id(hw->id))
		return field_error(reader, "id", "may contain only letters, digits, '-', '_' and '.'");
	char stem[sizeof(hw->id)];
	json_stem(reader->origin, stem, sizeof(stem));
	if (stem[0] && strcmp(stem, hw->id) != 0)
		return field_error(reader, "id", "is \"%s\" but must equal the file name stem \"%s\"",
			hw->id, stem);
	status = read_string(reader, root, "", "name", hw->name, sizeof(hw->name));
	if (!status)
		status = read_string(reader, root, "", "memory_type", hw->memory_type,
			sizeof(hw->memory_type));
	if (!status)
		status = read_string(reader, root, "", "compute_capability", text, sizeof(text));
	if (status)
		return status;
	if (!parse_compute_capability(text, &hw->cc_major, &hw->cc_minor))
		return field_error(reader, "compute_capability",
			"must be \"MAJOR.MINOR\" such as \"9.0\" (got \"%s\")", text);
	if (json_object_object_get_ex(root, "provenance_default", &member)) {
		status = read_string(reader, root, "", "provenance_default", text, sizeof(text));
		if (status)
			return status;
	}
	if (json_object_object_get_ex(root, "note", &member) &&
	    json_object_get_type(member) != json_type_string)
		return field_error(reader, "note", "must be a string");
	if (json_object_object_get_ex(root, "measurement", &member) &&
	    json_object_get_type(member) != json_type_object)
		return field_error(reader, "measurement", "must be an object");

	for (int i = 0; i < N_SCALAR_FIELDS; i++) {
		hw_value *target = (hw_value *)((char *)hw + scalar_fields[i].offset);
		status = read_scalar(reader, root, &scalar_fields[i], target);
		if (status)
			return status;
	}
	status = read_carveouts(reader, root, hw);
	if (!status)
		status = read_curve(reader, root, "l1_tag_wavefronts", &hw->l1_tag_wavefronts);
	if (!status && json_object_object_get_ex(root, "dram_bandwidth_curve", &member))
		status = read_curve(reader, root, "dram_bandwidth_curve", &hw->dram_bandwidth_curve);
	if (!status && json_object_object_get_ex(root, "latency_cycles", &member))
		status = read_latency(reader, root, &hw->latency);
	if (!status)
		status = read_gompertz(reader, root, "hit_l1_redundant", &hw->hit_l1_redundant);
	if (!status)
		status = read_gompertz(reader, root, "hit_wave_overlap", &hw->hit_wave_overlap);
	if (!status)
		status = read_gompertz(reader, root, "hit_l2_load", &hw->hit_l2_load);
	if (!status)
		status = read_gompertz(reader, root, "hit_l2_store", &hw->hit_l2_store);
	if (!status)
		status = read_atomics(reader, root, &hw->atomics);
	if (!status)
		status = check_consistency(reader, hw);
	return status;
}

/* Line and column (1-based) of byte `offset` in `text`, for parse errors. */
static void text_position(const char *text, size_t offset, int *line, int *column)
{
	*line = 1;
	*column = 1;
	for (size_t i = 0; i < offset && text[i]; i++) {
		if (text[i] == '\n') {
			(*line)++;
			*column = 1;
		} else {
			(*column)++;
		}
	}
}

warpest_hw *warpest_hw_read_string(warpest_ctx *ctx, const char *json, const char *origin)
{
	table_reader reader = { ctx, origin ? origin : "<string>" };
	if (!json) {
		ctx_error(ctx, "%s: no text to read", reader.origin);
		return NULL;
	}
	size_t length = strlen(json);
	if (length > (size_t)INT_MAX) {
		ctx_error(ctx, "%s: the text is too large for a hardware table", reader.origin);
		return NULL;
	}
	struct json_tokener *tokener = json_tokener_new();
	if (!tokener) {
		ctx_error(ctx, "%s: out of memory", reader.origin);
		return NULL;
	}
	struct json_object *root = json_tokener_parse_ex(tokener, json, (int)length);
	enum json_tokener_error parse_error = json_tokener_get_error(tokener);
	size_t end = json_tokener_get_parse_end(tokener);
	json_tokener_free(tokener);
	int line, column;
	if (!root || parse_error != json_tokener_success) {
		text_position(json, end, &line, &column);
		ctx_error(ctx, "%s:%d:%d: invalid JSON: %s", reader.origin, line, column,
			parse_error == json_tokener_continue ? "unexpected end of text"
				: json_tokener_error_desc(parse_error));
		json_object_put(root);
		return NULL;
	}
	for (size_t i = end; i < length; i++) {
		if (json[i] != ' ' && json[i] != '\t' && json[i] != '\n' && json[i] != '\r') {
			text_position(json, i, &line, &column);
			ctx_error(ctx, "%s:%d:%d: invalid JSON: text after the table", reader.origin,
				line, column);
			json_object_put(root);
			return NULL;
		}
	}
	if (json_object_get_type(root) != json_type_object) {
		ctx_error(ctx, "%s: a hardware table must be a JSON object", reader.origin);
		json_object_put(root);
		return NULL;
	}
	warpest_hw *hw = calloc(1, sizeof(*hw));
	if (!hw) {
		ctx_error(ctx, "%s: out of memory", reader.origin);
		json_object_put(root);
		return NULL;
	}
	snprintf(hw->origin, sizeof(hw->origin), "%s", reader.origin);
	int status = read_table(&reader, root, hw);
	json_object_put(root);
	if (status) {
		free(hw);
		return NULL;
	}
	return hw;
}

/* The whole file as a NUL-terminated string, or NULL with the reason in ctx. */
static char *read_whole_file(warpest_ctx *ctx, const char *path)
{
	FILE *file = fopen(path, "rb");
	if (!file) {
		ctx_error(ctx, "%s: cannot open: %s", path, strerror(errno));
		return NULL;
	}
	size_t capacity = 1 << 16, length = 0;
	char *text = malloc(capacity);
	while (text) {
		if (length + 1 >= capacity) {
			if (capacity >= TABLE_MAX_FILE_BYTES) {
				ctx_error(ctx, "%s: larger than %d bytes; not a hardware table", path,
					TABLE_MAX_FILE_BYTES);
				free(text);
				fclose(file);
				return NULL;
			}
			char *bigger = realloc(text, capacity * 2);
			if (!bigger) {
				free(text);
				text = NULL;
				break;
			}
			text = bigger;
			capacity *= 2;
		}
		size_t got = fread(text + length, 1, capacity - 1 - length, file);
		length += got;
		if (got == 0)
			break;
	}
	if (!text) {
		ctx_error(ctx, "%s: out of memory", path);
		fclose(file);
		return NULL;
	}
	if (ferror(file)) {
		ctx_error(ctx, "%s: read error", path);
		free(text);
		fclose(file);
		return NULL;
	}
	fclose(file);
	text[length] = '\0';
	if (strlen(text) != length) {
		ctx_error(ctx, "%s: contains a NUL byte; not a hardware table", path);
		free(text);
		return NULL;
	}
	return text;
}

warpest_hw *warpest_hw_read_file(warpest_ctx *ctx, const char *path)
{
	if (!path) {
		ctx_error(ctx, "no hardware-table file given");
		return NULL;
	}
	char *text = read_whole_file(ctx, path);
	if (!text)
		return NULL;
	warpest_hw *hw = warpest_hw_read_string(ctx, text, path);
	free(text);
	return hw;
}

void warpest_hw_free(warpest_hw *hw)
{
	free(hw);
}

const char *warpest_hw_id(const warpest_hw *hw)
{
	return hw ? hw->id : "";
}

const char *warpest_hw_name(const warpest_hw *hw)
{
	return hw ? hw->name : "";
}
