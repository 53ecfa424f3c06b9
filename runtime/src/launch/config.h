/* Launch configurations as callers hand them in: struct_size checks, and the
 * copies a ranking keeps. */
#ifndef WARPEST_CONFIG_H
#define WARPEST_CONFIG_H

#include "warpest/warpest.h"

/* `in` as this core's warpest_config in *out: the fields in->struct_size
 * covers, the defaults of warpest_config_init for the rest. Fails (negative,
 * message in ctx) when `in` was not set up by warpest_config_init. *out
 * shares in's strings and parameter arrays. */
int config_normalise(__warpest_keep warpest_ctx *ctx, __warpest_keep const warpest_config *in,
	__warpest_keep warpest_config *out);

/* The same for rank options; NULL `in` gives the defaults. */
int rank_options_normalise(__warpest_keep warpest_ctx *ctx,
	__warpest_keep const warpest_rank_options *in, __warpest_keep warpest_rank_options *out);

/* *out = *in with its variant name and parameter arrays copied into one
 * malloc'd block, returned (NULL when nothing needed copying or on no memory;
 * *failed says which). The caller frees the block after the copy. */
__warpest_give void *config_copy_deep(__warpest_keep const warpest_config *in,
	__warpest_keep warpest_config *out, __warpest_keep int *failed);

#endif
