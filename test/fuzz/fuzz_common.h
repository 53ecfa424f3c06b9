/* Shared by the libFuzzer harnesses: the input as a NUL-terminated string
 * (the readers take text), freed by the caller. */
#ifndef WARPEST_FUZZ_COMMON_H
#define WARPEST_FUZZ_COMMON_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static inline char *fuzz_text(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1);
	if (text) {
		memcpy(text, data, size);
		text[size] = '\0';
	}
	return text;
}

#endif
