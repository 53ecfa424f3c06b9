/* Block sampling (docs/model.md §1, "Sampled blocks"): a launch whose blocks
 * cannot be grouped into classes gets an estimate from a sample of its
 * blocks when evaluating all of them would pass the work limit, says so
 * with an error bound, and stays within it of the exact estimate; a launch
 * that fits is not sampled; one whose single block passes the limit gets
 * no number. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "estimate/estimate_impl.h"
#include "warpest/warpest.h"

/* A guard that is a disjunction of 10 terms (more than the 8 a guard is
 * bound as) is evaluated lane by lane, so blocks are not grouped into
 * classes (block_eval.c: cached = 0); its first term holds for every
 * thread. */
#define TEN_TERMS "(x >= 0 || x == -1 || x == -2 || x == -3 || x == -4 || x == -5 || " \
	"x == -6 || x == -7 || x == -8 || x == -9)"

/* A copy of n = 884736 floats by 3456 blocks of 256 threads. a100-40gb:
 * 8 blocks per SM x 108 SMs = 864 blocks a wave, 3456 / 864 = 4 waves,
 * each its own class (at most 8 waves). Exact, per launch:
 *   active threads 3456 * 256            = 884736
 *   DRAM load      884736 * 4 B          = 3538944 B (no reuse: disjoint)
 *   DRAM store     884736 * 4 B          = 3538944 B
 *   L2 -> L1 load  3456 blocks * 1024 B  = 3538944 B
 * Every block does the same, so every run of a sample does too: the runs'
 * spread is 0 and the sample's figures are the exact ones. */
static const char copy_model[] =
	"{\"format\": \"warpest-kernel-model\", \"version\": 1, \"kernel\": \"copy_dnf\","
	" \"params\": [{\"name\": \"n\", \"value\": 884736}],"
	" \"defs\": {\"x\": \"tid.x + ctaid.x*ntid.x\"}, \"grid\": {\"x\": \"3456\"},"
	" \"fields\": [{\"name\": \"src\", \"space\": \"global\", \"elem_bytes\": 4, \"dims\": [\"n\"]},"
	"   {\"name\": \"dst\", \"space\": \"global\", \"elem_bytes\": 4, \"dims\": [\"n\"]}],"
	" \"accesses\": [{\"field\": \"src\", \"kind\": \"load\", \"bytes\": 4, \"index\": [\"x\"],"
	"   \"guard\": \"" TEN_TERMS "\"},"
	"  {\"field\": \"dst\", \"kind\": \"store\", \"bytes\": 4, \"index\": [\"x\"],"
	"   \"guard\": \"" TEN_TERMS "\"}]}";

/* A 3-point stencil over the first t = 864*256*3/2 + 1000 = 332776
 * threads: wave 0 all active, wave 1 half of it and 1000 threads more
 * (block 1296 partly), waves 2 and 3 idle. Neighbouring blocks share a
 * halo (x, x + 1, x + 2), which runs of two or more blocks deduplicate.
 * The guards are the accesses', so all 884736 threads count as active.
 * Exact: DRAM store 332776 * 4 B = 1331104 B; DRAM load: elements
 * 0..332777, 1331112 B, in 64 B fetch units ceil(1331112/64) = 20799,
 * 1331136 B. */
static const char stencil_model[] =
	"{\"format\": \"warpest-kernel-model\", \"version\": 1, \"kernel\": \"stencil_dnf\","
	" \"params\": [{\"name\": \"n\", \"value\": 884736}, {\"name\": \"t\", \"value\": 332776}],"
	" \"defs\": {\"x\": \"tid.x + ctaid.x*ntid.x\"}, \"grid\": {\"x\": \"3456\"},"
	" \"fields\": [{\"name\": \"src\", \"space\": \"global\", \"elem_bytes\": 4, \"dims\": [\"n + 2\"]},"
	"   {\"name\": \"dst\", \"space\": \"global\", \"elem_bytes\": 4, \"dims\": [\"n\"]}],"
	" \"accesses\": ["
	"  {\"field\": \"src\", \"kind\": \"load\", \"bytes\": 4, \"index\": [\"x\"],"
	"   \"guard\": \"x < t && " TEN_TERMS "\"},"
	"  {\"field\": \"src\", \"kind\": \"load\", \"bytes\": 4, \"index\": [\"x + 1\"],"
	"   \"guard\": \"x < t && " TEN_TERMS "\"},"
	"  {\"field\": \"src\", \"kind\": \"load\", \"bytes\": 4, \"index\": [\"x + 2\"],"
	"   \"guard\": \"x < t && " TEN_TERMS "\"},"
	"  {\"field\": \"dst\", \"kind\": \"store\", \"bytes\": 4, \"index\": [\"x\"],"
	"   \"guard\": \"x < t && " TEN_TERMS "\"}]}";

static warpest_estimate *estimate_at(warpest_ctx *ctx, const warpest_kernel *k, const warpest_hw *hw,
	int64_t limit)
{
	warpest_config config;
	warpest_config_init(&config);
	config.block[0] = 256;
	config.registers = 32;
	config.skip_neighbours = 1;
	config.work_limit = limit;
	return warpest_estimate_compute(ctx, k, hw, &config);
}

static double rel(double got, double want)
{
	return want != 0 ? fabs(got / want - 1) : fabs(got);
}

/* JSON and text say that blocks were sampled exactly when they were. */
static void check_reports(const warpest_estimate *e, int sampled, const char *what)
{
	char *json = warpest_estimate_to_json(e), *text = warpest_estimate_to_text(e);
	CHECK(json && (strstr(json, "\"block_sample\"") != NULL) == sampled,
		"%s: JSON %s wave.block_sample", what, sampled ? "has" : "has no");
	CHECK(text && (strstr(text, "blocks: sampled ") != NULL) == sampled,
		"%s: text %s the 'blocks: sampled' line", what, sampled ? "has" : "has no");
	int said = 0;
	for (int i = 0; i < e->assumptions.n; i++)
		said |= strstr(e->assumptions.text[i], "blocks sampled:") != NULL;
	CHECK(said == sampled, "%s: the assumptions %s the sample", what, sampled ? "state" : "do not state");
	/* runs of one block see no data that neighbouring blocks share: both
	 * say so, since the bound between runs does not cover it */
	int single = sampled && e->mem.sample_run_blocks == 1, warned = 0;
	for (int i = 0; i < e->assumptions.n; i++)
		warned |= strstr(e->assumptions.text[i], "each run is one block") != NULL;
	CHECK(warned == single && text && (strstr(text, "runs of one block") != NULL) == single,
		"%s: runs of %lld block(s), the warning on data blocks share %s", what,
		(long long)e->mem.sample_run_blocks, single ? "given" : "not given");
	free(json);
	free(text);
}

int main(void)
{
	warpest_ctx *ctx = warpest_ctx_alloc();
	warpest_hw *hw = warpest_hw_find(ctx, NULL, "a100-40gb");
	warpest_kernel *copy = warpest_kernel_read_string(ctx, copy_model, "copy");
	warpest_kernel *stencil = warpest_kernel_read_string(ctx, stencil_model, "stencil");
	CHECK(hw && copy && stencil, "table and models (%s)", warpest_ctx_last_error(ctx));
	if (!hw || !copy || !stencil)
		return check_summary();

	/* exact: no limit */
	warpest_estimate *exact = estimate_at(ctx, copy, hw, 0);
	CHECK(exact != NULL, "copy: exact estimate (%s)", warpest_ctx_last_error(ctx));
	if (!exact)
		return check_summary();
	const warpest_summary *xs = warpest_estimate_summary(exact);
	CHECK(exact->mem.sample_runs == 0, "copy: no limit, not sampled");
	CHECK_NEAR(xs->active_threads, 884736, 0, "copy: active threads");
	CHECK_NEAR(xs->dram_load_bytes, 3538944, 1e-6, "copy: DRAM load bytes");
	CHECK_NEAR(xs->dram_store_bytes, 3538944, 1e-6, "copy: DRAM store bytes");
	CHECK_NEAR(xs->l2_load_bytes, 3538944, 1e-6, "copy: L2 -> L1 load bytes");
	/* the exact path evaluates every block of the 4 waves: the work must
	 * be well past the limit below for the test to mean anything */
	CHECK(exact->work > 2 * 4000000, "copy: the exact path spends %lld lane evaluations (> 8e6)",
		(long long)exact->work);
	check_reports(exact, 0, "copy exact");

	/* the default limit: the projection fits, so the exact path runs and
	 * every figure is the same */
	warpest_estimate *fits = estimate_at(ctx, copy, hw, WARPEST_DEFAULT_WORK_LIMIT);
	CHECK(fits && fits->mem.sample_runs == 0, "copy: default limit, not sampled");
	if (fits) {
		const warpest_summary *fs = warpest_estimate_summary(fits);
		CHECK(memcmp(fs, xs, sizeof(*fs)) == 0, "copy: default limit, the exact summary");
		check_reports(fits, 0, "copy default limit");
	}

	/* a limit of 4e6: a sample, the same figures (every run alike) */
	warpest_estimate *s = estimate_at(ctx, copy, hw, 4000000);
	CHECK(s != NULL, "copy: sampled estimate under a limit of 4e6 (%s)", warpest_ctx_last_error(ctx));
	if (s) {
		const warpest_summary *ss = warpest_estimate_summary(s);
		CHECK(s->mem.sample_runs >= 2 && s->mem.sample_blocks < s->mem.sample_of &&
			s->mem.sample_of == 864, "copy: sampled %lld of %lld blocks per wave in %d runs",
			(long long)s->mem.sample_blocks, (long long)s->mem.sample_of, s->mem.sample_runs);
		CHECK(s->work <= 4000000, "copy: the sample spent %lld lane evaluations, within the limit",
			(long long)s->work);
		CHECK_NEAR(s->mem.sample_bound, 0, 1e-12, "copy: bound (runs alike)");
		CHECK_NEAR(ss->active_threads, 884736, 0, "copy sampled: active threads");
		CHECK_NEAR(ss->dram_load_bytes, 3538944, 1e-3, "copy sampled: DRAM load bytes");
		CHECK_NEAR(ss->dram_store_bytes, 3538944, 1e-3, "copy sampled: DRAM store bytes");
		CHECK_NEAR(ss->l2_load_bytes, 3538944, 1e-3, "copy sampled: L2 -> L1 load bytes");
		check_reports(s, 1, "copy sampled");
	}

	/* a limit of 4e4 leaves the smallest sample, 2 runs of one block: the
	 * report warns that such runs see no data neighbouring blocks share */
	warpest_estimate *one = estimate_at(ctx, copy, hw, 40000);
	CHECK(one && one->mem.sample_runs == 2 && one->mem.sample_run_blocks == 1,
		"copy: limit 4e4, 2 runs of one block (%s)", one ? "" : warpest_ctx_last_error(ctx));
	if (one)
		check_reports(one, 1, "copy, runs of one block");
	warpest_estimate_free(one);

	/* not even one block fits: no number, the work-limit error */
	warpest_estimate *none = estimate_at(ctx, copy, hw, 2000);
	CHECK(none == NULL && strstr(warpest_ctx_last_error(ctx), "the work limit") &&
		strstr(warpest_ctx_last_error(ctx), "even a sample"),
		"copy: limit 2000, no estimate: %s", warpest_ctx_last_error(ctx));

	/* the stencil: sampled figures within the stated bound of the exact
	 * ones, plus 1 % for the halos at the runs' ends, which the bound does
	 * not cover (one 64 B unit per run end against 864 KB a wave) */
	warpest_estimate *sx = estimate_at(ctx, stencil, hw, 0);
	warpest_estimate *ssm = estimate_at(ctx, stencil, hw, 8000000);
	CHECK(sx && ssm, "stencil: exact and sampled estimates (%s)", warpest_ctx_last_error(ctx));
	if (sx && ssm) {
		const warpest_summary *a = warpest_estimate_summary(sx), *b = warpest_estimate_summary(ssm);
		double bound = ssm->mem.sample_bound;
		CHECK(ssm->mem.sample_runs >= 2 && ssm->mem.sample_run_blocks >= 2,
			"stencil: sampled in %d runs of %lld blocks", ssm->mem.sample_runs,
			(long long)ssm->mem.sample_run_blocks);
		/* wave 1's runs: 8 of 16 active (centres 27 + 54 j < 432 for j <= 7) */
		CHECK(bound > 0 && bound < 0.5, "stencil: a bound of %.1f %% (wave 1 half idle)", 100 * bound);
		CHECK_NEAR(a->active_threads, 884736, 0, "stencil exact: active threads");
		CHECK_NEAR(a->dram_store_bytes, 1331104, 1e-6, "stencil exact: DRAM store bytes");
		CHECK_NEAR(a->dram_load_bytes, 1331136, 1e-6, "stencil exact: DRAM load bytes");
		CHECK(rel((double)b->active_threads, (double)a->active_threads) <= bound,
			"stencil: active threads %lld vs %lld exact, within %.1f %%",
			(long long)b->active_threads, (long long)a->active_threads, 100 * bound);
		CHECK(rel(b->dram_load_bytes, a->dram_load_bytes) <= bound + 0.01,
			"stencil: DRAM load %.0f vs %.0f exact, within %.1f %% + 1 %%", b->dram_load_bytes,
			a->dram_load_bytes, 100 * bound);
		CHECK(rel(b->dram_store_bytes, a->dram_store_bytes) <= bound + 0.01,
			"stencil: DRAM store %.0f vs %.0f exact", b->dram_store_bytes, a->dram_store_bytes);
		CHECK(rel(b->l2_load_bytes, a->l2_load_bytes) <= bound,
			"stencil: L2 load %.0f vs %.0f exact", b->l2_load_bytes, a->l2_load_bytes);
		CHECK(rel(b->l1_cycles_per_thread, a->l1_cycles_per_thread) <= bound,
			"stencil: L1 cycles per thread %.4f vs %.4f exact", b->l1_cycles_per_thread,
			a->l1_cycles_per_thread);
	}
	warpest_estimate_free(sx);
	warpest_estimate_free(ssm);
	warpest_estimate_free(none);
	warpest_estimate_free(s);
	warpest_estimate_free(fits);
	warpest_estimate_free(exact);
	warpest_kernel_free(copy);
	warpest_kernel_free(stencil);
	warpest_hw_free(hw);
	warpest_ctx_free(ctx);
	return check_summary();
}
