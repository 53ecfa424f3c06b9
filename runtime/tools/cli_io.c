/* Input helpers of the verbs in their own files: a whole file, and the
 * JSON values in it. */
#include "cli_io.h"

#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *cli_read_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 1 << 16, n = 0, got;
	char *buf = malloc(cap + 1);
	while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0)
		if ((n += got) == cap) {
			char *nb = realloc(buf, (cap *= 2) + 1);
			if (!nb)
				free(buf);
			buf = nb;
		}
	fclose(f);
	if (buf)
		buf[n] = 0;
	return buf;
}

int cli_json_values(const char *verb, const char *path, const char *text, struct json_object *all)
{
	struct json_tokener *tok = json_tokener_new();
	int rc = 0;
	for (const char *p = text; !rc;) {
		while (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t')
			p++;
		if (!*p)
			break;
		json_tokener_reset(tok);
		json_object *o = json_tokener_parse_ex(tok, p, (int)strlen(p));
		if (!o) {
			enum json_tokener_error e = json_tokener_get_error(tok);
			fprintf(stderr, "warpest %s: %s: not JSON at byte %ld: %s\n", verb, path,
				(long)(p - text + (e == json_tokener_continue ? (long)strlen(p) : 0)),
				e == json_tokener_continue ? "the text ends inside a value" : json_tokener_error_desc(e));
			rc = -1;
			break;
		}
		p += json_tokener_get_parse_end(tok);
		if (json_object_is_type(o, json_type_array)) {
			for (size_t i = 0; i < json_object_array_length(o); i++)
				json_object_array_add(all, json_object_get(json_object_array_get_idx(o, i)));
			json_object_put(o);
		} else {
			json_object_array_add(all, o);
		}
	}
	json_tokener_free(tok);
	return rc;
}
