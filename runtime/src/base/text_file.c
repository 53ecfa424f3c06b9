/* A whole file as one NUL-terminated string. */
#include <stdio.h>
#include <stdlib.h>

#include "base/ctx.h"
#include "base/text_file.h"

char *read_text_file(warpest_ctx *ctx, const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		ctx_error(ctx, "%s: cannot open file", path);
		return NULL;
	}
	size_t cap = 1 << 16, len = 0;
	char *buf = malloc(cap);
	while (buf) {
		size_t n = fread(buf + len, 1, cap - len - 1, f);
		len += n;
		if (n == 0)
			break;
		if (len + 1 == cap) {
			char *grown = realloc(buf, cap *= 2);
			if (!grown) {
				free(buf);
				buf = NULL;
			} else
				buf = grown;
		}
	}
	fclose(f);
	if (!buf) {
		ctx_error(ctx, "%s: out of memory", path);
		return NULL;
	}
	buf[len] = '\0';
	return buf;
}
