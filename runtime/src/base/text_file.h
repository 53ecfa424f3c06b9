/* Reading a whole text file (kernel models). */
#ifndef WARPEST_TEXT_FILE_H
#define WARPEST_TEXT_FILE_H

#include "warpest/warpest.h"

/* The file at `path` as a malloc'd NUL-terminated string (caller frees), or
 * NULL with the reason in ctx. */
char *read_text_file(warpest_ctx *ctx, const char *path);

#endif
