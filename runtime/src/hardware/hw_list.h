/* Listing the bundled hardware tables (for `warpest gpus`). */
#ifndef WARPEST_HW_LIST_H
#define WARPEST_HW_LIST_H

#include "warpest/warpest.h"

/* The ids (file stems of *.json) of the tables in `dir` (NULL: the directory
 * warpest_hw_default_dir() names), sorted. Returns their count and stores a
 * malloc'ed array of malloc'ed strings in *ids_out (the caller frees each id
 * and the array; NULL when the count is 0), or a negative warpest_status with
 * the reason in ctx. */
int warpest_hw_list(warpest_ctx *ctx, const char *dir, char ***ids_out);

/* Frees what warpest_hw_list returned. */
void warpest_hw_list_free(char **ids, int count);

#endif
