/* Launch configurations from callers: defaults, the struct_size rule of
 * warpest.h (fields only appended), and deep copies for rankings. */
#include "launch/config.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "base/ctx.h"

/* The smallest struct_size a caller of this soname can have set: the
 * configuration as it was when libwarpest-core.so.0 began. */
#define CONFIG_SIZE_0 (offsetof(warpest_config, param_values) + sizeof(const int64_t *))
#define RANK_OPTIONS_SIZE_0 (offsetof(warpest_rank_options, user) + sizeof(void *))

void warpest_config_init_size(warpest_config *c, size_t size)
{
	warpest_config full;
	memset(&full, 0, sizeof(full));
	full.block[0] = 256;
	full.block[1] = full.block[2] = 1;
	full.shared_dynamic = -1;
	full.spill_store_bytes = full.spill_load_bytes = full.stack_frame_bytes = -1;
	full.work_limit = WARPEST_DEFAULT_WORK_LIMIT;
	/* a caller built against an older header has a smaller struct */
	full.struct_size = size < sizeof(full) ? size : sizeof(full);
	memcpy(c, &full, full.struct_size);
}

#undef warpest_config_init
void warpest_config_init(warpest_config *c)
{
	warpest_config_init_size(c, sizeof(*c));
}

void warpest_rank_options_init_size(warpest_rank_options *o, size_t size)
{
	warpest_rank_options full;
	memset(&full, 0, sizeof(full));
	full.min_threads = 32;
	full.max_threads = 1024;
	full.threads = 1;
	full.all_variants = 1;
	full.struct_size = size < sizeof(full) ? size : sizeof(full);
	memcpy(o, &full, full.struct_size);
}

#undef warpest_rank_options_init
void warpest_rank_options_init(warpest_rank_options *o)
{
	warpest_rank_options_init_size(o, sizeof(*o));
}

int config_normalise(warpest_ctx *ctx, const warpest_config *in, warpest_config *out)
{
	if (in->struct_size < CONFIG_SIZE_0)
		return ctx_error(ctx, "the configuration was not set up by warpest_config_init "
			"(struct_size %zu)", in->struct_size);
	warpest_config_init_size(out, sizeof(*out));
	size_t n = in->struct_size < sizeof(*out) ? in->struct_size : sizeof(*out);
	memcpy(out, in, n);
	out->struct_size = sizeof(*out);
	if (out->n_params < 0 || (out->n_params > 0 && (!out->param_names || !out->param_values)))
		return ctx_error(ctx, "the configuration has %d parameters but no arrays for them",
			out->n_params);
	if (out->work_limit < 0)
		return ctx_error(ctx, "the configuration's work_limit is negative (%lld; 0: none)",
			(long long)out->work_limit);
	/* NaN fails both comparisons: the negation catches it */
	if (!(out->time_limit_ms >= 0 && out->time_limit_ms <= 1e9))
		return ctx_error(ctx, "the configuration's time_limit_ms is %g (expected 0, none, "
			"to 1e9)", out->time_limit_ms);
	const struct { int value; const char *name; } spills[] = {
		{out->spill_store_bytes, "spill_store_bytes"},
		{out->spill_load_bytes, "spill_load_bytes"},
		{out->stack_frame_bytes, "stack_frame_bytes"}};
	for (int i = 0; i < 3; i++)
		if (spills[i].value < -1)
			return ctx_error(ctx, "the configuration's %s is %d (expected -1, the model's, "
				"or bytes >= 0)", spills[i].name, spills[i].value);
	if (!(out->thread_instructions >= 0 && out->thread_instructions <= 1e9))
		return ctx_error(ctx, "the configuration's thread_instructions is %g (expected 0, the "
			"model's, to 1e9)", out->thread_instructions);
	return 0;
}

int rank_options_normalise(warpest_ctx *ctx, const warpest_rank_options *in,
	warpest_rank_options *out)
{
	warpest_rank_options_init_size(out, sizeof(*out));
	if (!in)
		return 0;
	if (in->struct_size < RANK_OPTIONS_SIZE_0)
		return ctx_error(ctx, "the rank options were not set up by warpest_rank_options_init "
			"(struct_size %zu)", in->struct_size);
	memcpy(out, in, in->struct_size < sizeof(*out) ? in->struct_size : sizeof(*out));
	out->struct_size = sizeof(*out);
	return 0;
}

void *config_copy_deep(const warpest_config *in, warpest_config *out, int *failed)
{
	*out = *in;
	*failed = 0;
	size_t names = 0, variant = in->variant ? strlen(in->variant) + 1 : 0;
	for (int i = 0; i < in->n_params; i++)
		names += strlen(in->param_names[i]) + 1;
	if (!variant && in->n_params == 0)
		return NULL;
	/* values first: the block is aligned for them, then pointers, then text */
	size_t n = (size_t)in->n_params;
	char *block = malloc(n * (sizeof(int64_t) + sizeof(char *)) + names + variant);
	if (!block) {
		*failed = 1;
		return NULL;
	}
	int64_t *values = (int64_t *)block;
	const char **name_ptrs = (const char **)(block + n * sizeof(int64_t));
	char *text = block + n * (sizeof(int64_t) + sizeof(char *));
	for (size_t i = 0; i < n; i++) {
		size_t len = strlen(in->param_names[i]) + 1;
		memcpy(text, in->param_names[i], len);
		name_ptrs[i] = text;
		values[i] = in->param_values[i];
		text += len;
	}
	if (variant) {
		memcpy(text, in->variant, variant);
		out->variant = text;
	}
	out->param_names = n ? name_ptrs : NULL;
	out->param_values = n ? values : NULL;
	return block;
}
