/* The plugin's configuration: defaults, and "key=value;..." text from pass
 * parameters, WARPEST_CONFIG and WARPEST_LAUNCH annotations (docs/pass.md). */
#include "internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void wp_config_init(wp_config *c)
{
	memset(c, 0, sizeof(*c));
	snprintf(c->gpu, sizeof c->gpu, "h100-sxm");
	c->compile_share = -1;
	c->trip_count = 1;
}

static int parse_dims(const char *v, int *d)
{
	int n = sscanf(v, "%dx%dx%d", &d[0], &d[1], &d[2]);
	if (n < 1)
		return -1;
	if (n < 2)
		d[1] = 1;
	if (n < 3)
		d[2] = 1;
	for (int i = 0; i < 3; i++)
		if (d[i] <= 0)
			return -1;
	char tail[4];
	char fmt[32];
	snprintf(fmt, sizeof fmt, "%%*dx%%*dx%%*d%%1s");
	if (n == 3 && sscanf(v, fmt, tail) == 1)
		return -1;
	for (const char *p = v; *p; p++)
		if (!((*p >= '0' && *p <= '9') || *p == 'x'))
			return -1;
	return 0;
}

static int parse_int(const char *v, long long *out)
{
	char *end;
	errno = 0;
	long long x = strtoll(v, &end, 10);
	if (errno || end == v || *end)
		return -1;
	*out = x;
	return 0;
}

static int set_param(wp_config *c, const char *name, long long v, char *err, size_t errlen)
{
	for (int i = 0; i < c->n_params; i++)
		if (strcmp(c->param_names[i], name) == 0) {
			c->param_values[i] = v;
			return 0;
		}
	if (c->n_params == WP_MAX_PARAMS) {
		snprintf(err, errlen, "too many parameter values (at most %d)", WP_MAX_PARAMS);
		return -1;
	}
	snprintf(c->param_names[c->n_params], sizeof c->param_names[0], "%s", name);
	c->param_values[c->n_params++] = v;
	return 0;
}

int wp_config_parse(wp_config *c, const char *text, int bare_params, char *err, size_t errlen)
{
	char *copy = strdup(text ? text : "");
	int rc = 0;
	for (char *save = NULL, *item = strtok_r(copy, ";", &save); item && !rc;
	     item = strtok_r(NULL, ";", &save)) {
		while (*item == ' ')
			item++;
		if (!*item)
			continue;
		char *eq = strchr(item, '=');
		const char *key = item, *val = eq ? eq + 1 : NULL;
		if (eq)
			*eq = 0;
		long long x = 0;
		if (!strcmp(key, "print-isl-version") && !val) {
			c->print_isl_version = 1;
		} else if (!strcmp(key, "no-estimate") && !val) {
			c->no_estimate = 1;
		} else if (!val) {
			snprintf(err, errlen, "parameter '%s' needs a value (key=value)", key);
			rc = -1;
		} else if (!strcmp(key, "gpu")) {
			snprintf(c->gpu, sizeof c->gpu, "%s", val);
		} else if (!strcmp(key, "block")) {
			if (parse_dims(val, c->block)) {
				snprintf(err, errlen, "bad block '%s' (expected e.g. 32x4x2)", val);
				rc = -1;
			}
			c->has_block = 1;
		} else if (!strcmp(key, "grid")) {
			if (parse_dims(val, c->grid)) {
				snprintf(err, errlen, "bad grid '%s' (expected e.g. 20x128x1)", val);
				rc = -1;
			}
			c->has_grid = 1;
		} else if (!strcmp(key, "param")) {
			char *colon = strchr(val, ':');
			if (!colon || colon == val || parse_int(colon + 1, &x)) {
				snprintf(err, errlen, "bad param '%s' (expected name:value, e.g. nx:640)", val);
				rc = -1;
			} else {
				*colon = 0;
				rc = set_param(c, val, x, err, errlen);
			}
		} else if (!strcmp(key, "registers")) {
			if (parse_int(val, &x) || x <= 0 || x > 255) {
				snprintf(err, errlen, "bad registers '%s' (expected 1..255)", val);
				rc = -1;
			}
			c->registers = (int)x;
		} else if (!strcmp(key, "budget-ms")) {
			if (parse_int(val, &x) || x <= 0 || x > 3600000) {
				snprintf(err, errlen, "bad budget-ms '%s' (expected 1..3600000)", val);
				rc = -1;
			}
			c->budget_ms = (int)x;
		} else if (!strcmp(key, "compile-share")) {
			if (parse_int(val, &x) || x < 0 || x > 100) {
				snprintf(err, errlen, "bad compile-share '%s' (expected a percentage, 0..100)", val);
				rc = -1;
			}
			c->compile_share = (int)x;
		} else if (!strcmp(key, "trip-count")) {
			if (parse_int(val, &x) || x <= 0 || x > 1000000000) {
				snprintf(err, errlen, "bad trip-count '%s'", val);
				rc = -1;
			}
			c->trip_count = (int)x;
		} else if (!strcmp(key, "dump-model")) {
			snprintf(c->dump_dir, sizeof c->dump_dir, "%s", val);
		} else if (!strcmp(key, "tables")) {
			snprintf(c->tables, sizeof c->tables, "%s", val);
		} else if (!strcmp(key, "kernel")) {
			snprintf(c->kernel, sizeof c->kernel, "%s", val);
		} else if (bare_params && !parse_int(val, &x)) {
			rc = set_param(c, key, x, err, errlen);
		} else {
			snprintf(err, errlen,
				"unknown parameter '%s' (known: gpu, block, grid, param, registers, trip-count, "
				"budget-ms, compile-share, dump-model, tables, kernel, print-isl-version, no-estimate)",
				key);
			rc = -1;
		}
	}
	free(copy);
	return rc;
}
