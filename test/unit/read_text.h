/* Reads a whole file into a malloc'd, NUL-terminated string for the unit
 * tests that edit a bundled model before evaluating it; NULL on failure. */
#ifndef WARPEST_TEST_READ_TEXT_H
#define WARPEST_TEST_READ_TEXT_H

#include <stdio.h>
#include <stdlib.h>

static inline char *read_text(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	long size = ftell(f);
	fseek(f, 0, SEEK_SET);
	char *text = size >= 0 ? malloc((size_t)size + 1) : NULL;
	if (text && fread(text, 1, (size_t)size, f) != (size_t)size) {
		free(text);
		text = NULL;
	}
	if (text)
		text[size] = '\0';
	fclose(f);
	return text;
}

#endif
