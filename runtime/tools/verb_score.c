/* `warpest score`: the caller's own configurations (JSON lines, a JSON array
 * or CSV), scored by warpest_score and written best first as JSON lines, one
 * JSON document or CSV. What it writes it reads back: result fields and
 * columns are skipped on input, so a scored list can be scored again. */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "cli.h"

static const char *const score_usage =
	"usage: warpest score MODEL.json|-|KERNEL.ll|KERNEL.bc --gpu ID --configs FILE|- [options]\n"
	"\n"
	"Scores the launch configurations listed in FILE and writes them best first\n"
	"(by predicted time, then DRAM bytes, then L2 bytes, both to 3 significant\n"
	"digits, then input order),\n"
	"then those the model rejects, with the reason, in input order.\n"
	"\n"
	"FILE holds JSON lines (one object per line), a JSON array of objects, or\n"
	"CSV with a header. A configuration's fields (JSON) or columns (CSV):\n"
	"  block            [X, Y, Z] or \"XxYxZ\" (CSV: XxYxZ, or block_x, block_y, block_z)\n"
	"  grid             the same; absent: derived from the model\n"
	"  variant          a variant of the model\n"
	"  params           {\"NAME\": VALUE, ...} (CSV: one column per parameter, by name)\n"
	"  registers        registers per thread\n"
	"  shared_dynamic   dynamic shared memory per block in bytes\n"
	"  spill_stores, spill_loads, stack_frame\n"
	"                   ptxas's spill figures per thread in bytes (as the\n"
	"                   validation CSVs have them)\n"
	"The result fields score writes (index, rank, predicted_seconds, ...) are\n"
	"skipped when read, so its output is a valid configuration list.\n"
	"\n"
	"  -g, --gpu ID               hardware table id\n"
	"  -c, --configs FILE         the configurations (- for standard input)\n"
	"  -f, --format F             output: jsonl (default), json or csv\n"
	"  -j, --jobs N               worker threads (default: the number of online CPUs)\n"
	"  -k, --kernel NAME, --tables DIR\n"
	"  --spill-stores N, --spill-loads N, --stack-frame N\n"
	"                             spill figures for configurations that give none\n"
	"  -o, --output FILE          write to FILE instead of standard output\n"
	"\n"
	"exit status: 0 every configuration was scored; 1 some were rejected (their\n"
	"entries have an \"error\"); 2 bad usage or input.\n";

/* What score writes and reads back without meaning anything on input. */
static const char *const result_fields[] = {"index", "rank", "predicted_seconds", "bottleneck",
	"dram_bytes", "l2_bytes", "l1_cycles_per_thread", "blocks_per_sm", "waves", "error"};
#define N_RESULT_FIELDS (sizeof(result_fields) / sizeof(result_fields[0]))

/* One configuration as read, with the strings and arrays it points to. */
typedef struct item {
	warpest_config config;
	int has_grid;
	char *variant;
	int n_params;
	char **names;
	int64_t *values;
} item;

typedef struct item_list {
	item *items;
	int n, cap;
	const warpest_kernel *kernel;
	const char *file;
	int line;                /* of the item being read, for messages */
	const char *verb;
} item_list;

static int is_result_field(const char *name)
{
	for (size_t i = 0; i < N_RESULT_FIELDS; i++)
		if (strcmp(name, result_fields[i]) == 0)
			return 1;
	return 0;
}

static int list_error(const item_list *l, const char *what, const char *detail)
{
	fprintf(stderr, "warpest %s: %s: line %d: %s%s\n", l->verb, l->file, l->line, what, detail);
	return EXIT_USAGE;
}

static item *list_add(item_list *l)
{
	if (l->n == l->cap) {
		int cap = l->cap ? 2 * l->cap : 64;
		item *grown = realloc(l->items, (size_t)cap * sizeof(*grown));
		if (!grown)
			return NULL;
		l->items = grown;
		l->cap = cap;
	}
	item *it = &l->items[l->n++];
	memset(it, 0, sizeof(*it));
	warpest_config_init(&it->config);
	return it;
}

static void list_free(item_list *l)
{
	for (int i = 0; i < l->n; i++) {
		free(l->items[i].variant);
		for (int p = 0; p < l->items[i].n_params; p++)
			free(l->items[i].names[p]);
		free(l->items[i].names);
		free(l->items[i].values);
	}
	free(l->items);
}

/* Adds parameter `name` = value, checked against the model's parameters. */
static int item_param(item_list *l, item *it, const char *name, int64_t value)
{
	int known = 0, n = warpest_kernel_n_params(l->kernel);
	for (int i = 0; i < n && !known; i++)
		known = strcmp(warpest_kernel_param_name(l->kernel, i), name) == 0;
	if (!known) {
		char list[512] = "";
		for (int i = 0; i < n; i++)
			snprintf(list + strlen(list), sizeof(list) - strlen(list), "%s%s", i ? ", " : "",
				warpest_kernel_param_name(l->kernel, i));
		char what[640];
		snprintf(what, sizeof(what), "'%s' is not a parameter of kernel '%s' (it has: %s)", name,
			warpest_kernel_name(l->kernel), n ? list : "none");
		return list_error(l, what, "");
	}
	char **names = realloc(it->names, (size_t)(it->n_params + 1) * sizeof(*names));
	if (names)
		it->names = names;
	int64_t *values = names ? realloc(it->values, (size_t)(it->n_params + 1) * sizeof(*values)) : NULL;
	if (values)
		it->values = values;
	char *copy = values ? strdup(name) : NULL;
	if (!copy)
		return list_error(l, "out of memory", "");
	it->names[it->n_params] = copy;
	it->values[it->n_params++] = value;
	it->config.n_params = it->n_params;
	it->config.param_names = (const char *const *)it->names;
	it->config.param_values = it->values;
	return 0;
}

static int parse_int64(const char *s, int64_t min, int64_t *out)
{
	char *end;
	errno = 0;
	long long v = strtoll(s, &end, 10);
	if (errno || end == s || *end || v < min)
		return -1;
	*out = v;
	return 0;
}

/* "XxYxZ" (or fewer dimensions) with positive integers. */
static int parse_xyz_text(const char *s, int *v)
{
	int d = 0;
	v[0] = v[1] = v[2] = 1;
	const char *p = s;
	while (d < 3) {
		char *end;
		errno = 0;
		long x = strtol(p, &end, 10);
		if (errno || end == p || x < 1 || x > INT_MAX || !isdigit((unsigned char)*p))
			return -1;
		v[d++] = (int)x;
		if (*end == '\0')
			return 0;
		if (*end != 'x')
			return -1;
		p = end + 1;
	}
	return -1;
}

static int json_xyz(json_object *v, int *out)
{
	if (json_object_is_type(v, json_type_string))
		return parse_xyz_text(json_object_get_string(v), out);
	if (!json_object_is_type(v, json_type_array))
		return -1;
	size_t n = json_object_array_length(v);
	if (n < 1 || n > 3)
		return -1;
	out[0] = out[1] = out[2] = 1;
	for (size_t d = 0; d < n; d++) {
		json_object *x = json_object_array_get_idx(v, d);
		if (!json_object_is_type(x, json_type_int) || json_object_get_int64(x) < 1 ||
		    json_object_get_int64(x) > INT_MAX)
			return -1;
		out[d] = (int)json_object_get_int64(x);
	}
	return 0;
}

static int json_int(json_object *v, int64_t min, int64_t max, int *out)
{
	if (!json_object_is_type(v, json_type_int))
		return -1;
	int64_t x = json_object_get_int64(v);
	if (x < min || x > max)
		return -1;
	*out = (int)x;
	return 0;
}

/* ptxas's spill figures as fields and columns (the names the validation
 * CSVs use) and where each goes in a configuration. */
static const char *const spill_fields[] = {"spill_stores", "spill_loads", "stack_frame"};
#define N_SPILL_FIELDS 3

static int *spill_field(warpest_config *c, const char *name)
{
	int *where[N_SPILL_FIELDS] = {&c->spill_store_bytes, &c->spill_load_bytes,
		&c->stack_frame_bytes};
	for (int f = 0; f < N_SPILL_FIELDS; f++)
		if (strcmp(name, spill_fields[f]) == 0)
			return where[f];
	return NULL;
}

static int64_t spill_max(const char *name)
{
	return strcmp(name, "stack_frame") == 0 ? CLI_MAX_STACK_FRAME : INT_MAX;
}

static int item_from_json(item_list *l, json_object *obj)
{
	if (!json_object_is_type(obj, json_type_object))
		return list_error(l, "a configuration must be a JSON object", "");
	item *it = list_add(l);
	if (!it)
		return list_error(l, "out of memory", "");
	json_object_object_foreach(obj, key, value) {
		int bad = 0;
		if (strcmp(key, "block") == 0)
			bad = json_xyz(value, it->config.block);
		else if (strcmp(key, "grid") == 0)
			bad = json_xyz(value, it->config.grid), it->has_grid = 1;
		else if (strcmp(key, "registers") == 0)
			bad = json_int(value, 0, 255, &it->config.registers);
		else if (strcmp(key, "shared_dynamic") == 0)
			bad = json_int(value, 0, INT_MAX, &it->config.shared_dynamic);
		else if (spill_field(&it->config, key))
			bad = json_int(value, 0, spill_max(key), spill_field(&it->config, key));
		else if (strcmp(key, "variant") == 0) {
			bad = !json_object_is_type(value, json_type_string);
			if (!bad && !(it->variant = strdup(json_object_get_string(value))))
				return list_error(l, "out of memory", "");
			it->config.variant = it->variant;
		} else if (strcmp(key, "params") == 0) {
			if (!json_object_is_type(value, json_type_object))
				return list_error(l, "'params' must be an object of NAME: integer", "");
			json_object_object_foreach(value, name, v) {
				if (!json_object_is_type(v, json_type_int))
					return list_error(l, "params: a value is not an integer: ", name);
				int rc = item_param(l, it, name, json_object_get_int64(v));
				if (rc)
					return rc;
			}
		} else if (!is_result_field(key))
			return list_error(l, "unknown field ", key);
		if (bad)
			return list_error(l, "bad value for field ", key);
	}
	return 0;
}

/* JSON: one document (an array, or score's own {"scores": [...]}) or JSON
 * lines. */
static int read_json(item_list *l, const char *text)
{
	json_object *doc = json_tokener_parse(text);
	json_object *array = NULL;
	if (doc && json_object_is_type(doc, json_type_array))
		array = doc;
	else if (doc && json_object_is_type(doc, json_type_object))
		json_object_object_get_ex(doc, "scores", &array);
	if (array && json_object_is_type(array, json_type_array)) {
		int rc = 0;
		l->line = 1;
		for (size_t i = 0; i < json_object_array_length(array) && rc == 0; i++)
			rc = item_from_json(l, json_object_array_get_idx(array, i));
		json_object_put(doc);
		return rc;
	}
	json_object_put(doc);
	const char *p = text;
	for (l->line = 1; *p; l->line++) {
		const char *end = strchr(p, '\n');
		size_t len = end ? (size_t)(end - p) : strlen(p);
		size_t skip = 0;
		while (skip < len && isspace((unsigned char)p[skip]))
			skip++;
		if (skip < len) {
			json_tokener *tok = json_tokener_new();
			if (!tok)
				return list_error(l, "out of memory", "");
			json_object *obj = json_tokener_parse_ex(tok, p, (int)len);
			enum json_tokener_error err = json_tokener_get_error(tok);
			size_t used = json_tokener_get_parse_end(tok);
			json_tokener_free(tok);
			while (used < len && isspace((unsigned char)p[used]))
				used++;
			int rc = !obj || err != json_tokener_success || used < len ?
				list_error(l, "malformed JSON line: ", obj ? "text after the object" :
					json_tokener_error_desc(err)) :
				item_from_json(l, obj);
			json_object_put(obj);
			if (rc)
				return rc;
		}
		p = end ? end + 1 : p + len;
	}
	return 0;
}

/* One CSV record (RFC 4180 quoting) from *p into cells; returns the count or
 * -1 for an unterminated quote. Cells are malloc'd into `cells`. */
static int csv_record(const char **p, char ***cells_out)
{
	char **cells = NULL;
	int n = 0;
	const char *s = *p;
	for (;;) {
		size_t cap = strlen(s) + 1, len = 0;
		char *cell = malloc(cap);
		char **grown = cell ? realloc(cells, (size_t)(n + 1) * sizeof(*cells)) : NULL;
		if (!grown) {
			free(cell);
			goto fail;
		}
		cells = grown;
		cells[n++] = cell;
		if (*s == '"') {
			for (s++;; s++) {
				if (*s == '\0')
					goto fail;
				if (*s == '"' && s[1] == '"')
					cell[len++] = *s++;
				else if (*s == '"') {
					s++;
					break;
				} else
					cell[len++] = *s;
			}
		}
		while (*s && *s != ',' && *s != '\n' && *s != '\r')
			cell[len++] = *s++;
		cell[len] = '\0';
		if (*s != ',')
			break;
		s++;
	}
	while (*s == '\r')
		s++;
	if (*s == '\n')
		s++;
	*p = s;
	*cells_out = cells;
	return n;
fail:
	for (int i = 0; i < n; i++)
		free(cells[i]);
	free(cells);
	return -1;
}

static void cells_free(char **cells, int n)
{
	for (int i = 0; i < n; i++)
		free(cells[i]);
	free(cells);
}

/* A CSV cell into the item: the column's meaning is its header name. */
static int item_cell(item_list *l, item *it, const char *column, const char *cell)
{
	int64_t v;
	if (!cell[0] || is_result_field(column))
		return 0;
	static const char *const dims[] = {"block_x", "block_y", "block_z", "grid_x", "grid_y", "grid_z"};
	for (int d = 0; d < 6; d++)
		if (strcmp(column, dims[d]) == 0) {
			if (parse_int64(cell, 1, &v) || v > INT_MAX)
				return list_error(l, "bad value in column ", column);
			(d < 3 ? it->config.block : it->config.grid)[d % 3] = (int)v;
			if (d >= 3)
				it->has_grid = 1;
			return 0;
		}
	if (strcmp(column, "block") == 0 || strcmp(column, "grid") == 0) {
		it->has_grid |= column[0] == 'g';
		if (parse_xyz_text(cell, column[0] == 'b' ? it->config.block : it->config.grid))
			return list_error(l, "bad value in column ", column);
		return 0;
	}
	if (strcmp(column, "variant") == 0) {
		if (!(it->variant = strdup(cell)))
			return list_error(l, "out of memory", "");
		it->config.variant = it->variant;
		return 0;
	}
	if (parse_int64(cell, INT64_MIN, &v))
		return list_error(l, "not an integer in column ", column);
	if (spill_field(&it->config, column)) {
		if (v < 0 || v > spill_max(column))
			return list_error(l, "bad value in column ", column);
		*spill_field(&it->config, column) = (int)v;
		return 0;
	}
	if (strcmp(column, "registers") == 0 || strcmp(column, "shared_dynamic") == 0) {
		if (v < 0 || v > (column[0] == 'r' ? 255 : INT_MAX))
			return list_error(l, "bad value in column ", column);
		*(column[0] == 'r' ? &it->config.registers : &it->config.shared_dynamic) = (int)v;
		return 0;
	}
	return item_param(l, it, column, v);
}

static int read_csv(item_list *l, const char *text)
{
	char **header = NULL;
	const char *p = text;
	l->line = 1;
	int n_columns = csv_record(&p, &header);
	if (n_columns < 0)
		return list_error(l, "unterminated quote in the CSV header", "");
	int rc = 0;
	while (*p && rc == 0) {
		l->line++;
		char **cells;
		int n = csv_record(&p, &cells);
		if (n < 0) {
			rc = list_error(l, "unterminated quote", "");
			break;
		}
		int blank = n == 1 && cells[0][0] == '\0';
		if (!blank && n != n_columns) {
			char what[96];
			snprintf(what, sizeof(what), "%d cells, the header has %d", n, n_columns);
			rc = list_error(l, what, "");
		}
		item *it = blank || rc ? NULL : list_add(l);
		if (!blank && !rc && !it)
			rc = list_error(l, "out of memory", "");
		for (int c = 0; it && c < n && rc == 0; c++)
			rc = item_cell(l, it, header[c], cells[c]);
		cells_free(cells, n);
	}
	cells_free(header, n_columns);
	return rc;
}

static json_object *xyz_json(const int *v)
{
	json_object *a = json_object_new_array();
	for (int d = 0; d < 3; d++)
		json_object_array_add(a, json_object_new_int(v[d]));
	return a;
}

/* The entry of input `index`: its configuration as given and, when scored,
 * its figures (summary non-NULL) or the reason it was rejected. */
static json_object *entry_json(const item *it, int index, int rank, const warpest_summary *s,
	const char *error)
{
	const warpest_config *c = &it->config;
	json_object *e = json_object_new_object();
	json_object_object_add(e, "index", json_object_new_int(index));
	if (rank > 0)
		json_object_object_add(e, "rank", json_object_new_int(rank));
	json_object_object_add(e, "block", xyz_json(c->block));
	if (it->has_grid)
		json_object_object_add(e, "grid", xyz_json(c->grid));
	if (c->variant)
		json_object_object_add(e, "variant", json_object_new_string(c->variant));
	if (it->n_params) {
		json_object *params = json_object_new_object();
		for (int p = 0; p < it->n_params; p++)
			json_object_object_add(params, it->names[p], json_object_new_int64(it->values[p]));
		json_object_object_add(e, "params", params);
	}
	if (c->registers)
		json_object_object_add(e, "registers", json_object_new_int(c->registers));
	if (c->shared_dynamic >= 0)
		json_object_object_add(e, "shared_dynamic", json_object_new_int(c->shared_dynamic));
	for (int f = 0; f < N_SPILL_FIELDS; f++) {
		const int *v = spill_field((warpest_config *)c, spill_fields[f]);
		if (*v >= 0)
			json_object_object_add(e, spill_fields[f], json_object_new_int(*v));
	}
	if (s) {
		json_object_object_add(e, "predicted_seconds", json_object_new_double(s->predicted_seconds));
		json_object_object_add(e, "bottleneck", json_object_new_string(warpest_limiter_name(s->bottleneck)));
		json_object_object_add(e, "dram_bytes",
			json_object_new_double(s->dram_load_bytes + s->dram_store_bytes));
		json_object_object_add(e, "l2_bytes", json_object_new_double(s->l2_load_bytes + s->l2_store_bytes));
		json_object_object_add(e, "l1_cycles_per_thread", json_object_new_double(s->l1_cycles_per_thread));
		json_object_object_add(e, "blocks_per_sm", json_object_new_int(s->blocks_per_sm));
		json_object_object_add(e, "waves", json_object_new_double(s->waves));
	} else
		json_object_object_add(e, "error", json_object_new_string(error));
	return e;
}

static void csv_cell(FILE *out, const char *text, int last)
{
	if (strpbrk(text, ",\"\n\r")) {
		fputc('"', out);
		for (const char *c = text; *c; c++) {
			if (*c == '"')
				fputc('"', out); /* a quote inside a quoted cell is doubled */
			fputc(*c, out);
		}
		fputc('"', out);
	} else
		fputs(text, out);
	fputc(last ? '\n' : ',', out);
}

/* CSV columns: the result fields around the configuration's, with one column
 * per parameter named anywhere in the list. */
static void csv_write(FILE *out, const item_list *l, const json_object *entries)
{
	const char *names[CLI_MAX_PARAMS];
	int n_names = 0;
	for (int i = 0; i < l->n; i++)
		for (int p = 0; p < l->items[i].n_params; p++) {
			int seen = 0;
			for (int j = 0; j < n_names && !seen; j++)
				seen = strcmp(names[j], l->items[i].names[p]) == 0;
			if (!seen && n_names < CLI_MAX_PARAMS)
				names[n_names++] = l->items[i].names[p];
		}
	/* the spill columns only where a configuration has spill figures, so
	 * lists without them are written as before */
	const char *before[7 + N_SPILL_FIELDS] = {"index", "rank", "block", "grid", "variant",
		"registers", "shared_dynamic"};
	size_t n_before = 7;
	int spills = 0;
	for (int i = 0; i < l->n && !spills; i++)
		for (int f = 0; f < N_SPILL_FIELDS; f++)
			spills |= *spill_field(&l->items[i].config, spill_fields[f]) >= 0;
	for (int f = 0; spills && f < N_SPILL_FIELDS; f++)
		before[n_before++] = spill_fields[f];
	static const char *const after[] = {"predicted_seconds", "bottleneck", "dram_bytes", "l2_bytes",
		"l1_cycles_per_thread", "blocks_per_sm", "waves", "error"};
	for (size_t c = 0; c < n_before; c++)
		csv_cell(out, before[c], 0);
	for (int c = 0; c < n_names; c++)
		csv_cell(out, names[c], 0);
	for (size_t c = 0; c < 8; c++)
		csv_cell(out, after[c], c == 7);
	for (size_t i = 0; i < json_object_array_length(entries); i++) {
		json_object *e = json_object_array_get_idx(entries, i), *v;
		char text[64];
		for (size_t c = 0; c < n_before; c++) {
			const char *cell = "";
			if (json_object_object_get_ex(e, before[c], &v)) {
				if (json_object_is_type(v, json_type_array))
					snprintf(text, sizeof(text), "%dx%dx%d",
						json_object_get_int(json_object_array_get_idx(v, 0)),
						json_object_get_int(json_object_array_get_idx(v, 1)),
						json_object_get_int(json_object_array_get_idx(v, 2)));
				cell = json_object_is_type(v, json_type_array) ? text : json_object_get_string(v);
			}
			csv_cell(out, cell, 0);
		}
		json_object *params = NULL;
		json_object_object_get_ex(e, "params", &params);
		for (int c = 0; c < n_names; c++)
			csv_cell(out, params && json_object_object_get_ex(params, names[c], &v) ?
				json_object_get_string(v) : "", 0);
		for (size_t c = 0; c < 8; c++) {
			const char *cell = json_object_object_get_ex(e, after[c], &v) ? json_object_get_string(v) : "";
			csv_cell(out, cell, c == 7);
		}
	}
}

static int write_scores(FILE *out, const cli_options *o, const item_list *l, const warpest_kernel *k,
	const warpest_hw *hw, const warpest_ranking *r)
{
	json_object *entries = json_object_new_array();
	for (int i = 0; i < warpest_ranking_size(r); i++) {
		int in = warpest_ranking_input_index(r, i);
		json_object_array_add(entries, entry_json(&l->items[in], in, i + 1, warpest_ranking_summary(r, i), NULL));
	}
	for (int j = 0; j < warpest_ranking_n_failed(r); j++) {
		int in = warpest_ranking_failed_index(r, j);
		json_object_array_add(entries, entry_json(&l->items[in], in, 0, NULL,
			warpest_ranking_failed_error(r, j)));
	}
	const char *format = o->format ? o->format : "jsonl";
	if (strcmp(format, "json") == 0) {
		json_object *root = json_object_new_object();
		json_object_object_add(root, "format", json_object_new_string("warpest-scores"));
		json_object_object_add(root, "version", json_object_new_int(1));
		json_object_object_add(root, "kernel", json_object_new_string(warpest_kernel_name(k)));
		json_object_object_add(root, "gpu", json_object_new_string(warpest_hw_id(hw)));
		json_object_object_add(root, "evaluated", json_object_new_int(warpest_ranking_size(r)));
		json_object_object_add(root, "failed", json_object_new_int(warpest_ranking_n_failed(r)));
		json_object_object_add(root, "scores", json_object_get(entries));
		fputs(json_object_to_json_string_ext(root, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
			JSON_C_TO_STRING_NOSLASHESCAPE), out);
		fputc('\n', out);
		json_object_put(root);
	} else if (strcmp(format, "csv") == 0)
		csv_write(out, l, entries);
	else
		for (size_t i = 0; i < json_object_array_length(entries); i++)
			fprintf(out, "%s\n", json_object_to_json_string_ext(json_object_array_get_idx(entries, i),
				JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE));
	json_object_put(entries);
	return warpest_ranking_n_failed(r) ? EXIT_PARTIAL : 0;
}

int cli_score_main(int argc, char **argv)
{
	cli_options o;
	int rc = cli_parse("score", argc, argv, opt_gpu | opt_configs | opt_format | opt_jobs |
		opt_kernel | opt_tables | opt_output | CLI_SPILL_OPTIONS, score_usage, &o);
	if (rc)
		return rc == 1 ? 0 : rc;
	if (!o.configs)
		return cli_usage_error("score", "--configs FILE is required (- for standard input)");
	if (o.format && strcmp(o.format, "jsonl") && strcmp(o.format, "json") && strcmp(o.format, "csv"))
		return cli_usage_error("score", "--format must be jsonl, json or csv, got '%s'", o.format);
	if (o.input && strcmp(o.input, "-") == 0 && strcmp(o.configs, "-") == 0)
		return cli_usage_error("score", "the model and the configurations cannot both be standard input");
	warpest_ctx *ctx = warpest_ctx_alloc();
	warpest_kernel *k = cli_load_kernel(ctx, &o);
	warpest_hw *hw = k ? cli_load_hw(ctx, &o) : NULL;
	char *text = hw ? cli_read_input(ctx, o.configs) : NULL;
	if (hw && !text)
		fprintf(stderr, "warpest score: %s\n", warpest_ctx_last_error(ctx));
	item_list l = {NULL, 0, 0, k, o.configs, 0, "score"};
	rc = text ? 0 : EXIT_USAGE;
	if (text) {
		const char *first = text + strspn(text, " \t\r\n");
		rc = *first == '{' || *first == '[' ? read_json(&l, text) : read_csv(&l, text);
	}
	/* the options' spill figures for configurations that give none */
	for (int i = 0; rc == 0 && i < l.n; i++)
		for (int f = 0; f < N_SPILL_FIELDS; f++) {
			int *v = spill_field(&l.items[i].config, spill_fields[f]);
			if (*v < 0)
				*v = *spill_field(&o.config, spill_fields[f]);
		}
	warpest_ranking *r = NULL;
	if (rc == 0) {
		warpest_config *configs = malloc(((size_t)l.n + 1) * sizeof(*configs));
		for (int i = 0; configs && i < l.n; i++)
			configs[i] = l.items[i].config;
		warpest_rank_options ro;
		warpest_rank_options_init(&ro);
		ro.threads = o.jobs;
		r = configs ? warpest_score(ctx, k, hw, configs, l.n, &ro) : NULL;
		free(configs);
		if (!r)
			fprintf(stderr, "warpest score: %s\n", configs ? warpest_ctx_last_error(ctx) : "out of memory");
		rc = r ? 0 : EXIT_USAGE;
	}
	FILE *out = r ? cli_output_open() : NULL;
	if (out)
		rc = write_scores(out, &o, &l, k, hw, r);
	rc = cli_output_finish(out, &o, rc);
	warpest_ranking_free(r);
	list_free(&l);
	free(text);
	warpest_hw_free(hw);
	warpest_kernel_free(k);
	warpest_ctx_free(ctx);
	return rc;
}
