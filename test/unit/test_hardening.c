#define _POSIX_C_SOURCE 200809L
/* Hostile inputs (issue 16): every defect of the stress run as a
 * reproducer. The parser is linear and bounded, defs stay shared, division
 * never traps, reader fields are range-checked, and values that would
 * overflow 64 bits over a launch are input errors that name the field. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "kernel/expr.h"
#include "warpest/warpest.h"

static double seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* `n` copies of `piece`, then `tail` (caller frees). */
static char *repeat(const char *piece, int n, const char *tail)
{
	size_t len = strlen(piece);
	char *s = malloc(len * (size_t)n + strlen(tail) + 1);
	for (int i = 0; i < n; i++)
		memcpy(s + len * (size_t)i, piece, len);
	strcpy(s + len * (size_t)n, tail);
	return s;
}

/* A small valid model with `extra` spliced in as further top-level keys
 * and the first access's index `index` (JSON string contents). */
static warpest_kernel *model(warpest_ctx *ctx, const char *extra, const char *index,
	const char *access_extra)
{
	const char *fmt =
		"{\"format\": \"warpest-kernel-model\", \"version\": 1, \"kernel\": \"k\",\n"
		" \"params\": [{\"name\": \"n\", \"value\": 4096}, {\"name\": \"big\", \"value\": 4611686018427387904},\n"
		"   {\"name\": \"mn\", \"value\": -9223372036854775808}, {\"name\": \"m1\", \"value\": -1}],\n"
		" \"defs\": {\"x\": \"tid.x + ctaid.x*ntid.x\"}, \"threads\": {\"x\": \"n\"},\n"
		" \"fields\": [{\"name\": \"a\", \"elem_bytes\": 8, \"dims\": [\"n\"]}]%s,\n"
		" \"accesses\": [{\"field\": \"a\", \"kind\": \"load\", \"bytes\": 8, \"index\": [\"%s\"]%s}]}";
	size_t size = strlen(fmt) + strlen(extra) + strlen(index) + strlen(access_extra) + 1;
	char *text = malloc(size);
	snprintf(text, size, fmt, extra, index, access_extra);
	warpest_kernel *k = warpest_kernel_read_string(ctx, text, "hostile.json");
	free(text);
	return k;
}

static void expect_read_error(warpest_ctx *ctx, const char *extra, const char *index,
	const char *access_extra, const char *fragment, const char *what)
{
	warpest_kernel *k = model(ctx, extra, index, access_extra);
	const char *msg = warpest_ctx_last_error(ctx);
	CHECK(!k && strstr(msg, fragment), "%s: '%s'", what, k ? "(read)" : msg);
	warpest_kernel_free(k);
}

/* Reads the model and estimates it on h100-sxm: the error must name `fragment`. */
static void expect_estimate_error(warpest_ctx *ctx, warpest_hw *hw, const char *extra,
	const char *index, const char *fragment, const char *what)
{
	warpest_kernel *k = model(ctx, extra, index, "");
	warpest_config c;
	warpest_config_init(&c);
	warpest_estimate *e = k ? warpest_estimate_compute(ctx, k, hw, &c) : NULL;
	const char *msg = warpest_ctx_last_error(ctx);
	CHECK(k && !e && strstr(msg, fragment), "%s: '%s'", what, msg);
	warpest_estimate_free(e);
	warpest_kernel_free(k);
}

static void test_parser(void)
{
	symbol_table t;
	symbol_table_init(&t);
	symbol_table_add(&t, "n", sym_class_param);
	expr_arena *a = expr_arena_alloc();
	char err[256];

	/* 100,000 nested parentheses overflowed the stack */
	char *deep = repeat("(", 100000, "tid.x");
	const expr *e = expr_parse(a, &t, deep, 0, err, sizeof(err));
	CHECK(!e && strstr(err, "nested more than 256 levels"), "100000 '(': '%s'", err);
	free(deep);
	deep = repeat("-", 100000, "1");
	e = expr_parse(a, &t, deep, 0, err, sizeof(err));
	CHECK(!e && strstr(err, "nested more than 256 levels"), "100000 '-': '%s'", err);
	free(deep);
	deep = repeat("!", 100000, "(n < 1)");
	e = expr_parse(a, &t, deep, 1, err, sizeof(err));
	CHECK(!e && strstr(err, "nested more than 256 levels"), "100000 '!': '%s'", err);
	free(deep);
	/* a long flat sum builds a deep tree: bounded too */
	deep = repeat("n + ", 5000, "1");
	e = expr_parse(a, &t, deep, 0, err, sizeof(err));
	CHECK(!e && strstr(err, "more than 1024 levels deep"), "5000-term sum: '%s'", err);
	free(deep);

	/* a malformed guard re-parsed every '(' twice: exponential. 24 levels
	 * took minutes; now the time is linear in the text */
	char *guard = repeat("(tid.x<1&&", 24, "");
	double t0 = seconds();
	e = expr_parse(a, &t, guard, 1, err, sizeof(err));
	double dt = seconds() - t0;
	CHECK(!e && dt < 0.5, "malformed guard of %zu bytes fails in %.4f s: '%s'", strlen(guard), dt, err);
	free(guard);
	guard = repeat("(tid.x<1&&", 20000, "");
	t0 = seconds();
	e = expr_parse(a, &t, guard, 1, err, sizeof(err));
	dt = seconds() - t0;
	CHECK(!e && dt < 2, "malformed guard of %zu bytes fails in %.4f s", strlen(guard), dt);
	free(guard);
	guard = repeat("tid.x < 1 && ", 20000, "tid.x < 1");
	t0 = seconds();
	e = expr_parse(a, &t, guard, 1, err, sizeof(err));
	dt = seconds() - t0;
	CHECK(!e && strstr(err, "levels deep") && dt < 2,
		"20001 conjuncts: error in %.4f s: '%s'", dt, err);
	free(guard);

	/* conditions and values still mix as before */
	static const char *const conds[][2] = {
		{"!(tid.x < 3) && (n >= 2 || tid.x == 1)", "(!((tid.x < 3)) && ((n >= 2) || (tid.x == 1)))"},
		{"(tid.x + 1) * 2 < n", "(((tid.x + 1)*2) < n)"},
		{"((tid.x)) < n && !tid.x != 2", "((tid.x < n) && !((tid.x != 2)))"},
		{"min(tid.x, 3) <= max((n), 2) || true", "((min(tid.x, 3) <= max(n, 2)) || true)"},
		{"-(-tid.x) > +n % 4", "(-(-(tid.x)) > (n % 4))"},
	};
	for (unsigned i = 0; i < sizeof(conds) / sizeof(conds[0]); i++) {
		char out[256] = "";
		e = expr_parse(a, &t, conds[i][0], 1, err, sizeof(err));
		if (e)
			expr_print(e, &t, out, sizeof(out));
		CHECK(e && strcmp(out, conds[i][1]) == 0, "'%s' -> '%s'", conds[i][0], e ? out : err);
	}
	static const char *const bad[][3] = {
		{"tid.x", "1", "column 6: expected a comparison"},
		{"tid.x < 1 && n", "1", "column 15: expected a comparison"},
		{"(tid.x < 1) + 1 < 2", "1", "column 13: expected an arithmetic expression"},
		{"tid.x < 1 < 2", "1", "column 11: unexpected '<'"},
		{"n < 1", "0", "column 3: unexpected '<'"},
		{"min(n < 1, 2)", "0", "column 5: expected an arithmetic expression"},
		{"99999999999999999999", "0", "column 1: integer literal out of the 64-bit range"},
	};
	for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		e = expr_parse(a, &t, bad[i][0], bad[i][1][0] == '1', err, sizeof(err));
		CHECK(!e && strstr(err, bad[i][2]) == err, "'%s': '%s'", bad[i][0], e ? "(parsed)" : err);
	}

	/* INT64_MIN / -1 and % -1 raised SIGFPE */
	CHECK(floor_div(INT64_MIN, -1) == INT64_MIN && floor_mod(INT64_MIN, -1) == 0,
		"INT64_MIN / -1 wraps, INT64_MIN %% -1 is 0, no trap");
	CHECK(floor_div(-7, -1) == 7 && floor_mod(-7, 2) == 1, "small divisions unchanged");

	/* ranges: overflow anywhere in the tree is reported */
	int64_t lo[EXPR_MAX_SYMBOLS] = {0}, hi[EXPR_MAX_SYMBOLS] = {0}, rlo, rhi;
	hi[sym_tid_x] = 1023;
	int n = symbol_table_find(&t, "n");
	lo[n] = hi[n] = (int64_t)1 << 40;
	e = expr_parse(a, &t, "tid.x*n + n", 0, err, sizeof(err));
	CHECK(e && expr_range(e, lo, hi, &rlo, &rhi) == 0 && rlo == ((int64_t)1 << 40) &&
		rhi == 1024 * ((int64_t)1 << 40), "range of tid.x*n + n");
	e = expr_parse(a, &t, "n*n*4", 0, err, sizeof(err));
	CHECK(e && expr_range(e, lo, hi, &rlo, &rhi) != 0, "n*n*4 with n = 2^40 overflows");
	e = expr_parse(a, &t, "(n*n - n*n)/2", 0, err, sizeof(err));
	CHECK(e && expr_range(e, lo, hi, &rlo, &rhi) != 0, "an intermediate beyond 2^62 counts");
	int m = symbol_table_add(&t, "m", sym_class_param);
	lo[m] = -3;
	hi[m] = 1020;
	e = expr_parse(a, &t, "(tid.x - 512) / m + tid.x % (0 - 5)", 0, err, sizeof(err));
	CHECK(e && expr_range(e, lo, hi, &rlo, &rhi) == 0 && rlo <= -512 && rhi >= 511,
		"division by a range through 0: bounded by the numerator");
	/* a fixed divisor: exact inside one period (an unrolled loop's remainder
	 * `m % 4` once m is bound: m = 3 gives 3 trips, not the 0..3 of the
	 * conservative range), else 0..divisor-1 */
	e = expr_parse(a, &t, "m % 4", 0, err, sizeof(err));
	lo[m] = hi[m] = 3;
	CHECK(e && expr_range(e, lo, hi, &rlo, &rhi) == 0 && rlo == 3 && rhi == 3, "m %% 4, m = 3: [3, 3]");
	lo[m] = 5, hi[m] = 6; /* 5 % 4 = 1, 6 % 4 = 2 */
	CHECK(e && expr_range(e, lo, hi, &rlo, &rhi) == 0 && rlo == 1 && rhi == 2, "m %% 4, m in 5..6: [1, 2]");
	lo[m] = 3, hi[m] = 5; /* 3, 0, 1: crosses a period */
	CHECK(e && expr_range(e, lo, hi, &rlo, &rhi) == 0 && rlo == 0 && rhi == 3, "m %% 4, m in 3..5: [0, 3]");
	lo[m] = hi[m] = -3; /* floor modulo: -3 % 4 = 1 */
	CHECK(e && expr_range(e, lo, hi, &rlo, &rhi) == 0 && rlo == 1 && rhi == 1, "m %% 4, m = -3: [1, 1]");
	expr_arena_free(a);
}

static void test_reader(warpest_ctx *ctx)
{
	warpest_kernel *k = model(ctx, "", "x", "");
	CHECK(k != NULL, "the base model reads: %s", k ? "" : warpest_ctx_last_error(ctx));
	warpest_kernel_free(k);
	/* a non-object variants[].params segfaulted */
	expect_read_error(ctx, ", \"variants\": [{\"name\": \"v\", \"params\": 3}]", "x", "",
		"hostile.json: variants[0].params: must be an object", "variants[].params a number");
	expect_read_error(ctx, ", \"variants\": [{\"name\": \"v\", \"params\": {\"n\": 9223372036854775808}}]",
		"x", "", "variants[0].params.n: must be an integer in the 64-bit range",
		"variant value beyond int64");
	/* a 40-level chain of shared defs hung the reader */
	char defs[4096] = "";
	for (int i = 0; i < 40; i++) {
		size_t len = strlen(defs);
		if (i == 0)
			snprintf(defs + len, sizeof(defs) - len, "\"d0\": \"x\"");
		else
			snprintf(defs + len, sizeof(defs) - len, ", \"d%d\": \"d%d + d%d\"", i, i - 1, i - 1);
	}
	char doc[8192];
	snprintf(doc, sizeof(doc), "{\"format\": \"warpest-kernel-model\", \"version\": 1, \"kernel\": \"k\", "
		"\"defs\": {\"x\": \"tid.x\", %s}, \"fields\": [{\"name\": \"a\", \"elem_bytes\": 4}], "
		"\"accesses\": [{\"field\": \"a\", \"kind\": \"load\", \"bytes\": 4, \"offset\": \"d39\"}]}", defs);
	double t0 = seconds();
	k = warpest_kernel_read_string(ctx, doc, "defs.json");
	double dt = seconds() - t0;
	CHECK(!k && strstr(warpest_ctx_last_error(ctx), "defs.d16: column 10: expression has more "
		"than 65536 nodes") && dt < 2, "doubling defs chain: %.3f s: '%s'", dt,
		warpest_ctx_last_error(ctx));
	warpest_kernel_free(k);
	/* a linear chain of 40 defs: each one deeper */
	defs[0] = '\0';
	for (int i = 0; i < 40; i++) {
		size_t len = strlen(defs);
		snprintf(defs + len, sizeof(defs) - len, i ? ", \"d%d\": \"d%d + 1\"" : "\"d%d\": \"x\"",
			i, i - 1);
	}
	snprintf(doc, sizeof(doc), "{\"format\": \"warpest-kernel-model\", \"version\": 1, \"kernel\": \"k\", "
		"\"defs\": {\"x\": \"tid.x\", %s}, \"fields\": [{\"name\": \"a\", \"elem_bytes\": 4}], "
		"\"accesses\": [{\"field\": \"a\", \"kind\": \"load\", \"bytes\": 4, \"offset\": \"d39\"}]}", defs);
	k = warpest_kernel_read_string(ctx, doc, "defs.json");
	CHECK(!k && strstr(warpest_ctx_last_error(ctx), "defs.d31: defs refer to defs more than 32 deep"),
		"linear defs chain: '%s'", warpest_ctx_last_error(ctx));
	warpest_kernel_free(k);
	/* an access count beyond int was truncated to a negative volume */
	expect_read_error(ctx, "", "x", ", \"count\": 8589934594", "accesses[0].count: must be at most 1000000",
		"count 2^33 + 2");
	expect_read_error(ctx, "", "x", ", \"count\": 18446744073709551615",
		"accesses[0].count: must be an integer in the 64-bit range", "count 2^64 - 1");
	/* an unbounded op count gave an infinite time and a NaN utilisation */
	expect_read_error(ctx, ", \"ops\": {\"fp64_fma\": 1e308}", "x", "",
		"ops.fp64_fma: must be a number from 0 to 1e12", "fp64_fma 1e308");
	expect_read_error(ctx, ", \"ops\": {\"int\": NaN}", "x", "", "ops.int: must be a number from 0",
		"op count NaN");
	/* literals beyond int64 saturated silently */
	expect_read_error(ctx, "", "x + 99999999999999999999", "",
		"accesses[0].index[0]: column 5: integer literal out of the 64-bit range", "literal 1e20");
	expect_read_error(ctx, ", \"loops\": [{\"var\": \"i\", \"lower\": \"j\", \"upper\": \"4\"}, "
		"{\"var\": \"j\", \"lower\": \"0\", \"upper\": \"4\"}]", "x", "",
		"loops[0]: bounds use the variable 'j' of a loop not listed before", "loop using a later loop");
}

static void test_launch(warpest_ctx *ctx)
{
	warpest_hw *hw = warpest_hw_find(ctx, NULL, "h100-sxm");
	CHECK(hw != NULL, "h100-sxm table: %s", hw ? "" : warpest_ctx_last_error(ctx));
	if (!hw)
		return;
	/* INT64_MIN / -1 raised SIGFPE; now the launch rejects the field */
	expect_estimate_error(ctx, hw, "", "x + mn / m1",
		"kernel 'k': accesses[0] (its byte offset): a value (or an intermediate one) may leave +-2^62",
		"INT64_MIN / -1 in an index");
	expect_estimate_error(ctx, hw, "", "x + mn % m1", "accesses[0] (its byte offset)",
		"INT64_MIN % -1 in an index");
	/* signed overflow in an offset gave 0 wavefronts */
	expect_estimate_error(ctx, hw, "", "x * big * 4", "accesses[0] (its byte offset)",
		"offset x * 2^62 * 4");
	expect_estimate_error(ctx, hw, "", "x * 1099511627776",
		"accesses[0]: byte offsets reach 0..", "offsets beyond the 2^40 bytes of a field");
	expect_estimate_error(ctx, hw, ", \"guard\": \"x * big > 2\"", "x", "kernel 'k': guard: a value",
		"guard overflow");
	expect_estimate_error(ctx, hw, ", \"grid\": {\"x\": \"big * 4\"}", "x", "grid.x: a value",
		"grid overflow");
	expect_estimate_error(ctx, hw, ", \"grid\": {\"x\": \"2147483647\", \"y\": \"2147483647\"}", "x",
		"the grid has more than 2^40 blocks", "2^62 blocks");
	/* loop trip counts */
	expect_estimate_error(ctx, hw, ", \"loops\": [{\"var\": \"i\", \"lower\": \"0 - big\", \"upper\": \"big\"}]",
		"x", "loops[0]: upper - lower + step leaves 64 bits", "loop span 2^63");
	expect_estimate_error(ctx, hw, ", \"loops\": [{\"var\": \"i\", \"lower\": \"0\", \"upper\": \"big\", "
		"\"step\": 4611686018427387904}]", "x", "loops[0]: upper - lower + step", "loop step 2^62");
	expect_estimate_error(ctx, hw, ", \"loops\": [{\"var\": \"i\", \"lower\": \"big\", \"trip_count\": 3, "
		"\"step\": 4611686018427387904}]", "x", "loops[0]: its variable 'i' goes beyond 2^62",
		"assumed trips times step");
	/* the API's default work limit stops a 10^12-iteration loop over an
	 * address the last resort cannot sample (a mod whose numerator steps by
	 * 3 residues a trip; a ring index, i % 4 or (i / 4) % 4, it can: below) */
	warpest_config c;
	warpest_config_init(&c);
	CHECK(c.work_limit == WARPEST_DEFAULT_WORK_LIMIT, "warpest_config_init sets the default work limit");
	c.work_limit = 1 << 20;
	warpest_kernel *k = model(ctx, ", \"loops\": [{\"var\": \"i\", \"lower\": \"0\", \"upper\": "
		"\"1000000000000\"}]", "x + (3 * i) % 8", ", \"loops\": [\"i\"]");
	warpest_estimate *e = k ? warpest_estimate_compute(ctx, k, hw, &c) : NULL;
	CHECK(k && !e && strstr(warpest_ctx_last_error(ctx), "kernel 'k': the estimate was stopped "
		"after 1048576 lane evaluations"), "work limit: '%s'", warpest_ctx_last_error(ctx));
	/* the same loop under a time limit alone: the first run passes it, a
	 * sample of 2 blocks a wave still has 10^12 iterations a lane and the
	 * clock, read every 2^16 lane evaluations, stops that too, and so does
	 * the last resort's allowance of 2^23 lane evaluations */
	c.work_limit = 0;
	c.time_limit_ms = 50;
	double t0 = seconds();
	e = k ? warpest_estimate_compute(ctx, k, hw, &c) : NULL;
	CHECK(k && !e && strstr(warpest_ctx_last_error(ctx), "kernel 'k': the estimate was stopped "
		"at its time limit (50 ms), even on a sample of blocks, and the smallest sample does "
		"not fit 8388608 lane evaluations either (the last resort)"), "time limit: '%s'",
		warpest_ctx_last_error(ctx));
	printf("     (time limit 50 ms: stopped after %.0f ms)\n", 1e3 * (seconds() - t0));
	/* the ring index x + i % 4 under the same limit: the last resort samples
	 * the loop, each sampled trip standing for 10^12 / 16 of them, whose
	 * residues cover 0..3, so a block of 128 threads reads its 128 doubles
	 * and 3 more: 1048 B from a 1024 B boundary, 33 sectors. The blocks
	 * are sampled too, and a sample counts each block's own bytes (the 3
	 * doubles a neighbour shares count twice: docs/model.md §1): 32 blocks
	 * x 33 sectors x 32 B = 33,792 B from DRAM */
	/* The same 33,792 B from
	 * - (i / 4) % 4: the floor steps by one every 4 trips, so the residues
	 *   a sampled trip stands for cover 0..3 too;
	 * - the ring under the time limit and the default work limit: a block
	 *   sample passes the work limit before the clock (a loop that cannot
	 *   fit fails before it is walked), and the last resort follows as it
	 *   does after the clock (before, this ended with no estimate). */
	static const struct {
		const char *index, *what;
		int64_t work_limit;
	} rings[] = {{"x + i % 4", "ring index under the time limit", 0},
		{"x + (i / 4) % 4", "ring of a floor under the time limit", 0},
		{"x + i % 4", "ring under both limits", WARPEST_DEFAULT_WORK_LIMIT}};
	for (int r = 0; r < 3; r++) {
		warpest_kernel *ring = model(ctx, ", \"loops\": [{\"var\": \"i\", \"lower\": \"0\", "
			"\"upper\": \"1000000000000\"}]", rings[r].index, ", \"loops\": [\"i\"]");
		c.work_limit = rings[r].work_limit;
		e = ring ? warpest_estimate_compute(ctx, ring, hw, &c) : NULL;
		const warpest_summary *sum = e ? warpest_estimate_summary(e) : NULL;
		CHECK(sum && sum->dram_load_bytes == 33792.0, "%s: %s (DRAM load %.0f B; expected 33792)",
			rings[r].what, e ? "an estimate" : warpest_ctx_last_error(ctx),
			sum ? sum->dram_load_bytes : 0.0);
		warpest_estimate_free(e);
		warpest_kernel_free(ring);
	}
	c.work_limit = 0;
	/* limits out of range are errors that name the field */
	const double bad_times[] = {-1, NAN, INFINITY, 2e9};
	for (int i = 0; i < 4; i++) {
		c.time_limit_ms = bad_times[i];
		e = k ? warpest_estimate_compute(ctx, k, hw, &c) : NULL;
		CHECK(k && !e && strstr(warpest_ctx_last_error(ctx), "time_limit_ms is"),
			"time_limit_ms %g: '%s'", bad_times[i], warpest_ctx_last_error(ctx));
	}
	c.time_limit_ms = 0;
	c.work_limit = -1;
	e = k ? warpest_estimate_compute(ctx, k, hw, &c) : NULL;
	CHECK(k && !e && strstr(warpest_ctx_last_error(ctx), "work_limit is negative"),
		"work_limit -1: '%s'", warpest_ctx_last_error(ctx));
	warpest_kernel_free(k);
	warpest_hw_free(hw);
}

/* The estimate of k at blocks of 128 threads with one parameter given. */
static warpest_estimate *estimate_with(warpest_ctx *ctx, const warpest_kernel *k, const warpest_hw *hw,
	const char *name, int64_t value)
{
	warpest_config c;
	warpest_config_init(&c);
	c.block[0] = 128;
	c.param_names = &name, c.param_values = &value, c.n_params = 1;
	return warpest_estimate_compute(ctx, k, hw, &c);
}

/* A parameter the pass read bitwise operations by as a power of two
 * (params[].power_of_two): the reader refuses another value; at launch the
 * accesses whose addresses use it are assumed random instead, unless a guard
 * uses it too. */
static void test_power_of_two_params(warpest_ctx *ctx)
{
	const char *fmt =
		"{\"format\": \"warpest-kernel-model\", \"version\": 1, \"kernel\": \"k\",\n"
		" \"params\": [{\"name\": \"j\"%s}], \"grid\": {\"x\": \"64\"},\n"
		" \"fields\": [{\"name\": \"a\", \"elem_bytes\": 4}],\n"
		" \"accesses\": [{\"field\": \"a\", \"kind\": \"load\", \"bytes\": 4,\n"
		"   \"index\": [\"tid.x + j - 2*j*((tid.x / j) % 2)\"]}]}";
	char doc[1024];
	snprintf(doc, sizeof(doc), fmt, ", \"power_of_two\": 1");
	warpest_kernel *k = warpest_kernel_read_string(ctx, doc, "pow2.json");
	CHECK(!k && strstr(warpest_ctx_last_error(ctx), "params[0]: 'power_of_two' must be true or false"),
		"power_of_two 1: '%s'", warpest_ctx_last_error(ctx));
	warpest_kernel_free(k);
	snprintf(doc, sizeof(doc), fmt, ", \"power_of_two\": true, \"value\": 48");
	k = warpest_kernel_read_string(ctx, doc, "pow2.json");
	CHECK(!k && strstr(warpest_ctx_last_error(ctx), "params[0]: 'value' is not a power of two"),
		"value 48: '%s'", warpest_ctx_last_error(ctx));
	warpest_kernel_free(k);
	snprintf(doc, sizeof(doc), fmt, ", \"power_of_two\": true");
	k = warpest_kernel_read_string(ctx, doc, "pow2.json");
	warpest_hw *hw = warpest_hw_find(ctx, NULL, "h100-sxm");
	CHECK(k && hw, "power_of_two true reads: '%s'", warpest_ctx_last_error(ctx));
	/* 64 and 1 are powers of two: the access is analysed. 0, 48 and -64
	 * are not: the only access (its address uses j, its guard does not)
	 * is then assumed random and named, and the estimate goes on. */
	int64_t values[5] = {0, 48, -64, 64, 1};
	for (int i = 0; k && hw && i < 5; i++) {
		warpest_estimate *e = estimate_with(ctx, k, hw, "j", values[i]);
		char *json = e ? warpest_estimate_to_json(e) : NULL;
		int assumed = json && strstr(json, "\"analysable\": false") &&
			strstr(json, "bitwise operations on parameter 'j'") &&
			strstr(json, "read as on a power of two, which it is not");
		if (i < 3)
			CHECK(assumed, "j = %lld: access assumed random and named in the report '%s'",
				(long long)values[i], e ? "" : warpest_ctx_last_error(ctx));
		else
			CHECK(e && json && !strstr(json, "\"analysable\": false"), "j = %lld analysed: '%s'",
				(long long)values[i], e ? "" : warpest_ctx_last_error(ctx));
		free(json);
		warpest_estimate_free(e);
	}
	warpest_kernel_free(k);
	/* a guard that uses j: nothing stands in for the reading there */
	const char *guarded =
		"{\"format\": \"warpest-kernel-model\", \"version\": 1, \"kernel\": \"g\",\n"
		" \"params\": [{\"name\": \"j\", \"power_of_two\": true}], \"grid\": {\"x\": \"64\"},\n"
		" \"fields\": [{\"name\": \"a\", \"elem_bytes\": 4}],\n"
		" \"accesses\": [{\"field\": \"a\", \"kind\": \"load\", \"bytes\": 4,\n"
		"   \"index\": [\"tid.x\"], \"guard\": \"(tid.x / j) % 2 == 0\"}]}";
	k = warpest_kernel_read_string(ctx, guarded, "pow2_guard.json");
	CHECK(k != NULL, "guarded pow2 model reads: '%s'", warpest_ctx_last_error(ctx));
	for (int i = 0; k && hw && i < 2; i++) {
		warpest_estimate *e = estimate_with(ctx, k, hw, "j", values[1 + 2 * i]);
		if (i == 0)
			CHECK(!e && strstr(warpest_ctx_last_error(ctx), "kernel 'g': parameter 'j' = 48 is "
				"not a power of two") && strstr(warpest_ctx_last_error(ctx),
				"and the guard of accesses[0] uses it"), "guard, j = 48 refused: '%s'",
				warpest_ctx_last_error(ctx));
		else
			CHECK(e != NULL, "guard, j = 64 estimated: '%s'", e ? "" : warpest_ctx_last_error(ctx));
		warpest_estimate_free(e);
	}
	warpest_hw_free(hw);
	warpest_kernel_free(k);
}

/* Names that entries refer to are never cut: two 70-character field names
 * that differ only at their end (a split shared array's parts, mangled)
 * merged into one when the reader cut them to 63, and the model was
 * refused as "field name is used twice"; now the reader names the long one,
 * and free text (a reason) is still cut quietly. */
static void test_long_names(warpest_ctx *ctx)
{
	const char *fmt =
		"{\"format\": \"warpest-kernel-model\", \"version\": 1, \"kernel\": \"k\",\n"
		" \"grid\": {\"x\": \"64\"},\n"
		" \"fields\": [{\"name\": \"%s\", \"elem_bytes\": 4}],\n"
		" \"accesses\": [{\"field\": \"%s\", \"kind\": \"load\", \"bytes\": 4,\n"
		"   \"index\": [\"tid.x\"], \"reason\": \"%s\"}]}";
	char name[71], reason[600], doc[2048];
	memset(name, 'n', 70);
	name[70] = 0;
	memset(reason, 'r', sizeof reason - 1);
	reason[sizeof reason - 1] = 0;
	snprintf(doc, sizeof doc, fmt, name, name, "x");
	warpest_kernel *k = warpest_kernel_read_string(ctx, doc, "long.json");
	CHECK(!k && strstr(warpest_ctx_last_error(ctx), "fields[0].name: longer than 63 characters"),
		"a 70-character field name refused: '%s'", warpest_ctx_last_error(ctx));
	warpest_kernel_free(k);
	snprintf(doc, sizeof doc, fmt, "a", "a", reason);
	k = warpest_kernel_read_string(ctx, doc, "long.json");
	CHECK(k != NULL, "a 599-character reason read (cut): '%s'", k ? "" : warpest_ctx_last_error(ctx));
	warpest_kernel_free(k);
}

/* params[].exp2_of (a shift by a kernel argument): the reader refuses a
 * value of its own, a name that is not an earlier parameter and a chain; the
 * launch derives the value and refuses one given for it. */
static void test_exp2_params(warpest_ctx *ctx)
{
	const char *fmt =
		"{\"format\": \"warpest-kernel-model\", \"version\": 1, \"kernel\": \"k\",\n"
		" \"params\": [%s], \"grid\": {\"x\": \"64\"},\n"
		" \"fields\": [{\"name\": \"a\", \"elem_bytes\": 4}],\n"
		" \"accesses\": [{\"field\": \"a\", \"kind\": \"load\", \"bytes\": 4,\n"
		"   \"index\": [\"tid.x * p\"]}]}";
	const struct {
		const char *params, *error;
	} bad[] = {
		{"{\"name\": \"s\"}, {\"name\": \"p\", \"exp2_of\": \"s\", \"value\": 4}",
			"params[1]: a parameter with 'exp2_of' takes its value from that parameter"},
		{"{\"name\": \"p\", \"exp2_of\": \"s\"}, {\"name\": \"s\"}",
			"params[0]: 'exp2_of' must name an earlier parameter"},
		{"{\"name\": \"s\"}, {\"name\": \"q\", \"exp2_of\": \"s\"}, "
		 "{\"name\": \"p\", \"exp2_of\": \"q\"}",
			"params[2]: 'exp2_of' names a parameter that is itself 'exp2_of' another"},
		{"{\"name\": \"s\"}, {\"name\": \"p\", \"exp2_of\": 3}",
			"params[1].exp2_of: must be a string"},
	};
	char doc[1024];
	for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		snprintf(doc, sizeof(doc), fmt, bad[i].params);
		warpest_kernel *k = warpest_kernel_read_string(ctx, doc, "exp2.json");
		CHECK(!k && strstr(warpest_ctx_last_error(ctx), bad[i].error), "exp2_of case %u refused: '%s'",
			i, warpest_ctx_last_error(ctx));
		warpest_kernel_free(k);
	}
	snprintf(doc, sizeof(doc), fmt, "{\"name\": \"s\"}, {\"name\": \"p\", \"exp2_of\": \"s\"}");
	warpest_kernel *k = warpest_kernel_read_string(ctx, doc, "exp2.json");
	warpest_hw *hw = warpest_hw_find(ctx, NULL, "h100-sxm");
	CHECK(k && hw, "exp2_of model reads: '%s'", warpest_ctx_last_error(ctx));
	/* 64 blocks of 128 threads, 256 warps, 4 bytes at a[tid.x * 2^s], every
	 * block on the same addresses (tid.x only), so L2 -> L1 is each block's
	 * sectors once per block: s = 0, lanes 4 B apart: 16 sectors a block,
	 * 64 * 16 * 32 B = 32768 B; s = 3, lanes 32 B apart: 128 sectors a
	 * block, 64 * 128 * 32 B = 262144 B. */
	const struct {
		const char *name;
		int64_t value;
		double l2_bytes;
		const char *error;
	} runs[] = {
		{"s", 0, 32768, NULL},
		{"s", 3, 262144, NULL},
		{"p", 8, 0, "parameter 'p' is 2^s (params[1].exp2_of): give 's' instead"},
		{"s", -1, 0, "parameter 's' = -1: the model takes 2^s ('p', a shift by it), which "
			"needs 0 <= s <= 40"},
	};
	for (unsigned i = 0; k && hw && i < sizeof(runs) / sizeof(runs[0]); i++) {
		warpest_estimate *e = estimate_with(ctx, k, hw, runs[i].name, runs[i].value);
		const warpest_summary *sm = e ? warpest_estimate_summary(e) : NULL;
		if (runs[i].error)
			CHECK(!e && strstr(warpest_ctx_last_error(ctx), runs[i].error), "%s = %lld refused: '%s'",
				runs[i].name, (long long)runs[i].value, warpest_ctx_last_error(ctx));
		else
			CHECK(sm && sm->l2_load_bytes == runs[i].l2_bytes, "%s = %lld: %g B L2 -> L1 "
				"(expected %g) '%s'", runs[i].name, (long long)runs[i].value,
				sm ? sm->l2_load_bytes : -1.0, runs[i].l2_bytes,
				e ? "" : warpest_ctx_last_error(ctx));
		warpest_estimate_free(e);
	}
	warpest_hw_free(hw);
	warpest_kernel_free(k);
}

int main(void)
{
	warpest_ctx *ctx = warpest_ctx_alloc();
	test_parser();
	test_reader(ctx);
	test_launch(ctx);
	test_power_of_two_params(ctx);
	test_exp2_params(ctx);
	test_long_names(ctx);
	warpest_ctx_free(ctx);
	return check_summary();
}
