/* The kernel model object: writing it back as JSON, its accessors and
 * freeing it. The JSON reader is kernel_model_json.c. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "base/ctx.h"
#include "kernel/kernel_model.h"

void warpest_kernel_free(warpest_kernel *k)
{
	if (!k)
		return;
	expr_arena_free(k->arena);
	free(k->fields);
	free(k->accesses);
	free(k->ops);
	free(k->variants);
	free(k->assumptions);
	if (k->json)
		json_object_put(k->json);
	free(k);
}

char *warpest_kernel_to_json(const warpest_kernel *k)
{
	const char *s = json_object_to_json_string_ext(k->json,
		JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED | JSON_C_TO_STRING_NOSLASHESCAPE);
	return s ? strdup(s) : NULL;
}

int km_loop_syms(const km_loop *loop, int *syms)
{
	int n = 0;
	syms[n++] = loop->sym;
	if (loop->count_sym >= 0)
		syms[n++] = loop->count_sym;
	for (int j = 0; j < loop->n_also; j++)
		syms[n++] = loop->also[j].sym;
	return n;
}

int km_loop_used_by(const km_loop *loop, const expr *e)
{
	int syms[KM_MAX_LOOP_SYMS];
	int n = km_loop_syms(loop, syms);
	for (int i = 0; i < n; i++)
		if (expr_uses_symbol(e, syms[i]))
			return 1;
	return 0;
}

const char *warpest_kernel_name(const warpest_kernel *k)
{
	return k->name;
}

int warpest_kernel_n_variants(const warpest_kernel *k)
{
	return k->n_variants;
}

const char *warpest_kernel_variant_name(const warpest_kernel *k, int i)
{
	return i >= 0 && i < k->n_variants ? k->variants[i].name : NULL;
}

int warpest_kernel_n_params(const warpest_kernel *k)
{
	return k->n_params;
}

const char *warpest_kernel_param_name(const warpest_kernel *k, int i)
{
	return i >= 0 && i < k->n_params ? k->symbols.names[k->param_syms[i]] : NULL;
}

int warpest_kernel_param_default(const warpest_kernel *k, int i, int64_t *value)
{
	if (i < 0 || i >= k->n_params)
		return -1;
	if (!k->param_has_value[i])
		return 0;
	*value = k->param_values[i];
	return 1;
}
