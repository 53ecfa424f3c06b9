/* libFuzzer: the expression parser, printer, evaluator and range check
 * (kernel/expr.c). The first byte picks expression or condition; a parsed
 * tree must print as text that parses again to the same text. */
#include <stdio.h>

#include "fuzz_common.h"
#include "kernel/expr.h"
#include "kernel/guard_dnf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	static symbol_table t;
	static int ready;
	if (!ready) {
		symbol_table_init(&t);
		symbol_table_add(&t, "n", sym_class_param);
		symbol_table_add(&t, "i", sym_class_loop);
		ready = 1;
	}
	int cond = data[0] & 1;
	char *text = fuzz_text(data + 1, size - 1);
	expr_arena *a = expr_arena_alloc();
	char err[256];
	const expr *e = text && a ? expr_parse(a, &t, text, cond, err, sizeof(err)) : NULL;
	if (e) {
		int64_t env[EXPR_MAX_SYMBOLS] = {0}, lo[EXPR_MAX_SYMBOLS] = {0}, hi[EXPR_MAX_SYMBOLS] = {0};
		env[symbol_table_find(&t, "n")] = lo[sym_tid_x] = -7;
		hi[sym_tid_x] = hi[symbol_table_find(&t, "i")] = 1000;
		lo[symbol_table_find(&t, "n")] = hi[symbol_table_find(&t, "n")] = 640;
		int64_t rlo, rhi;
		/* evaluation is defined only where the range check passed */
		if (expr_range(e, env, env, &rlo, &rhi) == 0)
			(void)expr_eval(e, env);
		(void)expr_range(e, lo, hi, &rlo, &rhi);
		linear_form f;
		(void)expr_linearize(e, &t, env, &f);
		if (cond) {
			linear_dnf *d = malloc(sizeof(*d));
			if (d && expr_range(e, env, env, &rlo, &rhi) == 0)
				(void)guard_dnf_linearize(e, &t, env, d);
			free(d);
		}
		int n = expr_print(e, &t, NULL, 0);
		char *once = malloc((size_t)n + 1), *twice = malloc((size_t)n + 1);
		if (once && twice) {
			expr_print(e, &t, once, n + 1);
			const expr *again = expr_parse(a, &t, once, cond, err, sizeof(err));
			/* printing adds parentheses: deep trees may then nest too far */
			if (again && expr_print(again, &t, twice, n + 1) == n && strcmp(once, twice) != 0)
				abort();
		}
		free(once);
		free(twice);
	}
	expr_arena_free(a);
	free(text);
	return 0;
}
