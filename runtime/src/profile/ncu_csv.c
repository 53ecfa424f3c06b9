/* Nsight Compute CSV reader; the layout is described in ncu_csv.h. */
#include "profile/ncu_csv.h"

#include "base/ctx.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- values and units ---- */

typedef struct unit_scale {
	const char *name;
	double scale;
} unit_scale;

static const unit_scale time_units[] = {
	{ "ns", 1e-9 }, { "nsecond", 1e-9 }, { "nsec", 1e-9 },
	{ "us", 1e-6 }, { "usecond", 1e-6 }, { "usec", 1e-6 },
	{ "ms", 1e-3 }, { "msecond", 1e-3 }, { "msec", 1e-3 },
	{ "s", 1.0 }, { "second", 1.0 }, { "sec", 1.0 },
};

/* Units of things counted; ncu may prefix them with K, M, G, T. */
static const char *const count_bases[] = {
	"inst", "instruction", "warp", "cycle", "byte", "sector", "wavefront", "request",
	"thread", "block", "register", "transaction", "op", "operation",
};

static int is_count_base(const char *text)
{
	for (size_t i = 0; i < sizeof(count_bases) / sizeof(count_bases[0]); i++)
		if (strcmp(text, count_bases[i]) == 0)
			return 1;
	return 0;
}

/* The scale to base units and the kind of a unit string. */
static void unit_classify(const char *unit, double *scale, ncu_unit_kind *kind)
{
	*scale = 1.0;
	if (!unit || unit[0] == '\0') {
		*kind = ncu_unit_none;
		return;
	}
	if (strcmp(unit, "%") == 0) {
		*kind = ncu_unit_percent;
		return;
	}
	for (size_t i = 0; i < sizeof(time_units) / sizeof(time_units[0]); i++) {
		if (strcmp(unit, time_units[i].name) == 0) {
			*scale = time_units[i].scale;
			*kind = ncu_unit_time;
			return;
		}
	}
	if (strchr(unit, '/')) { /* a rate or a ratio */
		*kind = ncu_unit_other;
		return;
	}
	if (is_count_base(unit)) {
		*kind = ncu_unit_count;
		return;
	}
	/* K/M/G/T (powers of 1000) and Ki/Mi/Gi/Ti (powers of 1024) prefixes. */
	static const char prefixes[] = "KMGT";
	char first = unit[0] == 'k' ? 'K' : unit[0];
	const char *at = strchr(prefixes, first);
	if (at && first != '\0') {
		int power = (int)(at - prefixes) + 1;
		/* "Kinst" is kilo-inst, "Kibyte" is kibi-byte: try the decimal reading first. */
		if (is_count_base(unit + 1)) {
			*scale = pow(1000.0, power);
			*kind = ncu_unit_count;
			return;
		}
		if (unit[1] == 'i' && is_count_base(unit + 2)) {
			*scale = pow(1024.0, power);
			*kind = ncu_unit_count;
			return;
		}
	}
	*kind = ncu_unit_other;
}

int ncu_parse_value(const char *raw, const char *unit, double *value, ncu_unit_kind *kind)
{
	double scale;
	ncu_unit_kind unit_kind;
	unit_classify(unit, &scale, &unit_kind);
	if (kind)
		*kind = unit_kind;
	*value = 0.0;
	if (!raw)
		return 0;
	while (*raw == ' ')
		raw++;
	if (raw[0] == '\0' || strcmp(raw, "n/a") == 0 || strcmp(raw, "N/A") == 0)
		return 0;
	/* Drop thousands separators: "1,205.00" -> "1205.00". */
	char digits[128];
	size_t used = 0;
	for (const char *p = raw; *p; p++) {
		if (*p == ',')
			continue;
		if (used + 1 >= sizeof(digits))
			return -1;
		digits[used++] = *p;
	}
	while (used > 0 && digits[used - 1] == ' ')
		used--;
	digits[used] = '\0';
	if (used == 0)
		return -1;
	char *end = NULL;
	errno = 0;
	double parsed = strtod(digits, &end);
	if (end == digits || *end != '\0' || errno == ERANGE || !isfinite(parsed))
		return -1;
	*value = parsed * scale;
	return 1;
}

/* ---- CSV fields ---- */

typedef struct field_list {
	int count, capacity;
	char **items;
} field_list;

static void fields_clear(field_list *fields)
{
	for (int i = 0; i < fields->count; i++)
		free(fields->items[i]);
	fields->count = 0;
}

static void fields_free(field_list *fields)
{
	fields_clear(fields);
	free(fields->items);
	fields->items = NULL;
	fields->capacity = 0;
}

static int fields_push(field_list *fields, const char *start, size_t length)
{
	if (fields->count == fields->capacity) {
		int capacity = fields->capacity ? 2 * fields->capacity : 32;
		char **grown = realloc(fields->items, sizeof(char *) * (size_t)capacity);
		if (!grown)
			return -1;
		fields->items = grown;
		fields->capacity = capacity;
	}
	char *copy = malloc(length + 1);
	if (!copy)
		return -1;
	memcpy(copy, start, length);
	copy[length] = '\0';
	fields->items[fields->count++] = copy;
	return 0;
}

/* Splits one line (no newline) into fields. Quoted fields may contain commas
 * and doubled quotes. Returns 0, -1 on memory, or the 1-based column (> 0) of
 * a malformed quote. */
static int split_line(const char *line, size_t length, field_list *fields)
{
	fields_clear(fields);
	char *buffer = malloc(length + 1);
	if (!buffer)
		return -1;
	size_t i = 0;
	int status = 0;
	for (;;) {
		size_t out = 0;
		int column = (int)i + 1;
		if (i < length && line[i] == '"') {
			i++;
			for (;;) {
				if (i >= length) {
					status = column; /* unterminated */
					goto done;
				}
				if (line[i] == '"') {
					if (i + 1 < length && line[i + 1] == '"') {
						buffer[out++] = '"';
						i += 2;
						continue;
					}
					i++;
					break;
				}
				buffer[out++] = line[i++];
			}
			if (i < length && line[i] != ',') {
				status = (int)i + 1; /* text after a closing quote */
				goto done;
			}
		} else {
			while (i < length && line[i] != ',')
				buffer[out++] = line[i++];
		}
		if (fields_push(fields, buffer, out) < 0) {
			status = -1;
			goto done;
		}
		if (i >= length)
			break;
		i++; /* the comma */
		if (i == length) {
			/* A trailing comma ends the row (some ncu versions write one);
			 * record the empty last field so column counts still match. */
			if (fields_push(fields, "", 0) < 0)
				status = -1;
			break;
		}
	}
done:
	free(buffer);
	return status;
}

/* ---- the table ---- */

static char *copy_string(const char *text)
{
	size_t length = strlen(text);
	char *copy = malloc(length + 1);
	if (copy)
		memcpy(copy, text, length + 1);
	return copy;
}

static void launch_free(ncu_launch *launch)
{
	free(launch->id);
	free(launch->kernel);
	free(launch->block_size);
	free(launch->grid_size);
	free(launch->device);
	free(launch->cc);
	for (int i = 0; i < launch->n_metrics; i++) {
		free(launch->metrics[i].name);
		free(launch->metrics[i].unit);
		free(launch->metrics[i].raw);
	}
	free(launch->metrics);
}

void ncu_csv_free(ncu_csv *csv)
{
	if (!csv)
		return;
	for (int i = 0; i < csv->n_launches; i++)
		launch_free(&csv->launches[i]);
	free(csv->launches);
	free(csv->origin);
	free(csv);
}

const ncu_metric *ncu_launch_metric(const ncu_launch *launch, const char *name)
{
	const ncu_metric *found = NULL;
	for (int i = 0; i < launch->n_metrics; i++) {
		const ncu_metric *m = &launch->metrics[i];
		if (strcmp(m->name, name) != 0)
			continue;
		if (m->has_value == 1)
			return m;
		if (!found)
			found = m;
	}
	return found;
}

/* Column positions in the header; -1 when absent. */
typedef struct header_columns {
	int id, kernel, block, grid, device, cc, metric, unit, value;
	int count;
} header_columns;

static int column_of(const field_list *fields, const char *name)
{
	for (int i = 0; i < fields->count; i++)
		if (strcmp(fields->items[i], name) == 0)
			return i;
	return -1;
}

static const char *field_or_empty(const field_list *fields, int column)
{
	return column >= 0 && column < fields->count ? fields->items[column] : "";
}

static ncu_launch *find_or_add_launch(ncu_csv *csv, int *capacity, const char *id,
	const char *kernel, const field_list *fields, const header_columns *columns, int line)
{
	/* Rows of one launch are usually consecutive: look at the last first. */
	for (int i = csv->n_launches - 1; i >= 0; i--) {
		ncu_launch *launch = &csv->launches[i];
		if (strcmp(launch->id, id) == 0 && strcmp(launch->kernel, kernel) == 0)
			return launch;
	}
	if (csv->n_launches == *capacity) {
		int grown_capacity = *capacity ? 2 * *capacity : 8;
		ncu_launch *grown = realloc(csv->launches, sizeof(ncu_launch) * (size_t)grown_capacity);
		if (!grown)
			return NULL;
		csv->launches = grown;
		*capacity = grown_capacity;
	}
	ncu_launch *launch = &csv->launches[csv->n_launches];
	memset(launch, 0, sizeof(*launch));
	launch->id = copy_string(id);
	launch->kernel = copy_string(kernel);
	launch->block_size = copy_string(field_or_empty(fields, columns->block));
	launch->grid_size = copy_string(field_or_empty(fields, columns->grid));
	launch->device = copy_string(field_or_empty(fields, columns->device));
	launch->cc = copy_string(field_or_empty(fields, columns->cc));
	launch->line = line;
	csv->n_launches++;
	if (!launch->id || !launch->kernel || !launch->block_size || !launch->grid_size ||
		!launch->device || !launch->cc)
		return NULL;
	return launch;
}

static int add_metric(ncu_launch *launch, const char *name, const char *unit, const char *raw,
	int line)
{
	if (launch->n_metrics == launch->metrics_capacity) {
		int grown_capacity = launch->metrics_capacity ? 2 * launch->metrics_capacity : 16;
		ncu_metric *grown = realloc(launch->metrics, sizeof(ncu_metric) * (size_t)grown_capacity);
		if (!grown)
			return -1;
		launch->metrics = grown;
		launch->metrics_capacity = grown_capacity;
	}
	ncu_metric *metric = &launch->metrics[launch->n_metrics];
	memset(metric, 0, sizeof(*metric));
	metric->name = copy_string(name);
	metric->unit = copy_string(unit);
	metric->raw = copy_string(raw);
	metric->line = line;
	launch->n_metrics++;
	if (!metric->name || !metric->unit || !metric->raw)
		return -1;
	metric->has_value = ncu_parse_value(raw, unit, &metric->value, &metric->unit_kind);
	return 0;
}

ncu_csv *ncu_csv_read_string(warpest_ctx *ctx, const char *text, const char *origin)
{
	if (!origin)
		origin = "<string>";
	if (!text) {
		ctx_error(ctx, "%s: no text", origin);
		return NULL;
	}
	ncu_csv *csv = calloc(1, sizeof(*csv));
	field_list fields = { 0, 0, NULL };
	header_columns columns = { -1, -1, -1, -1, -1, -1, -1, -1, -1, 0 };
	int have_header = 0, launch_capacity = 0, line = 0;
	if (!csv || !(csv->origin = copy_string(origin)))
		goto out_of_memory;

	const char *cursor = text;
	while (*cursor) {
		const char *end = strchr(cursor, '\n');
		size_t length = end ? (size_t)(end - cursor) : strlen(cursor);
		const char *next = end ? end + 1 : cursor + length;
		line++;
		if (length > 0 && cursor[length - 1] == '\r')
			length--;
		if (line == 1 && length >= 3 && (unsigned char)cursor[0] == 0xEF &&
			(unsigned char)cursor[1] == 0xBB && (unsigned char)cursor[2] == 0xBF) {
			cursor += 3; /* UTF-8 byte-order mark */
			length -= 3;
		}
		if (length == 0 || cursor[0] != '"') {
			/* ==PROF== lines, application output, blank lines. */
			cursor = next;
			continue;
		}
		int status = split_line(cursor, length, &fields);
		if (status < 0)
			goto out_of_memory;
		if (status > 0) {
			ctx_error(ctx, "%s: line %d: column %d: malformed quoted field", origin, line,
				status);
			goto fail;
		}
		if (!have_header) {
			columns.metric = column_of(&fields, "Metric Name");
			columns.value = column_of(&fields, "Metric Value");
			if (columns.metric < 0 || columns.value < 0) {
				if (column_of(&fields, "Kernel Name") >= 0 || column_of(&fields, "ID") >= 0) {
					ctx_error(ctx, "%s: line %d: a CSV header without \"Metric Name\" and "
						"\"Metric Value\" columns (the wide --page raw layout?); export the "
						"long layout with `ncu --csv --metrics ...` or "
						"`ncu --csv --page details --import REPORT`", origin, line);
					goto fail;
				}
				cursor = next;
				continue;
			}
			columns.id = column_of(&fields, "ID");
			columns.kernel = column_of(&fields, "Kernel Name");
			columns.block = column_of(&fields, "Block Size");
			columns.grid = column_of(&fields, "Grid Size");
			columns.device = column_of(&fields, "Device");
			columns.cc = column_of(&fields, "CC");
			columns.unit = column_of(&fields, "Metric Unit");
			columns.count = fields.count;
			have_header = 1;
			cursor = next;
			continue;
		}
		int needed = columns.metric > columns.value ? columns.metric : columns.value;
		if (columns.unit > needed)
			needed = columns.unit;
		if (fields.count <= needed) {
			ctx_error(ctx, "%s: line %d: %d fields, but the header has %d (column \"%s\" "
				"is number %d)", origin, line, fields.count, columns.count,
				needed == columns.value ? "Metric Value" :
				needed == columns.metric ? "Metric Name" : "Metric Unit", needed + 1);
			goto fail;
		}
		const char *metric_name = fields.items[columns.metric];
		if (metric_name[0] == '\0') {
			/* Rule rows (with --print-details all) carry no metric. */
			cursor = next;
			continue;
		}
		ncu_launch *launch = find_or_add_launch(csv, &launch_capacity,
			field_or_empty(&fields, columns.id), field_or_empty(&fields, columns.kernel),
			&fields, &columns, line);
		if (!launch)
			goto out_of_memory;
		if (add_metric(launch, metric_name,
			field_or_empty(&fields, columns.unit), fields.items[columns.value], line) < 0)
			goto out_of_memory;
		cursor = next;
	}
	if (!have_header) {
		ctx_error(ctx, "%s: no Nsight Compute CSV header (a line with \"ID\",...,"
			"\"Metric Name\",\"Metric Unit\",\"Metric Value\"); was it written with "
			"`ncu --csv`?", origin);
		goto fail;
	}
	if (csv->n_launches == 0) {
		ctx_error(ctx, "%s: the CSV header is there but no metric rows follow", origin);
		goto fail;
	}
	fields_free(&fields);
	return csv;

out_of_memory:
	ctx_error(ctx, "%s: out of memory", origin);
fail:
	fields_free(&fields);
	ncu_csv_free(csv);
	return NULL;
}

ncu_csv *ncu_csv_read_file(warpest_ctx *ctx, const char *path)
{
	FILE *file = fopen(path, "rb");
	if (!file) {
		ctx_error(ctx, "%s: cannot open: %s", path, strerror(errno));
		return NULL;
	}
	size_t capacity = 1 << 16, used = 0;
	char *text = malloc(capacity);
	while (text) {
		if (used + 1 >= capacity) {
			char *grown = realloc(text, capacity * 2);
			if (!grown) {
				free(text);
				text = NULL;
				break;
			}
			text = grown;
			capacity *= 2;
		}
		size_t got = fread(text + used, 1, capacity - used - 1, file);
		used += got;
		if (got == 0)
			break;
	}
	int read_error = ferror(file);
	fclose(file);
	if (!text) {
		ctx_error(ctx, "%s: out of memory", path);
		return NULL;
	}
	if (read_error) {
		free(text);
		ctx_error(ctx, "%s: read error", path);
		return NULL;
	}
	text[used] = '\0';
	if (memchr(text, '\0', used)) {
		free(text);
		ctx_error(ctx, "%s: binary data (an .ncu-rep report?); export it with "
			"`ncu --csv --page details --import %s`", path, path);
		return NULL;
	}
	ncu_csv *csv = ncu_csv_read_string(ctx, text, path);
	free(text);
	return csv;
}
