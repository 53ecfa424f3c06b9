/* The batch API (warpest_score): a caller's own configurations, ranked in the
 * documented total order, failures listed with their reason, and the
 * struct_size rule of warpest.h (a caller's array with another stride). */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "warpest/warpest.h"

static const char *const nx_ny[2] = {"nx", "ny"};
static const int64_t small[2] = {520, 300};

static void small_config(warpest_config *c, int bx, int by)
{
	warpest_config_init(c);
	c->block[0] = bx, c->block[1] = by;
	c->n_params = 2;
	c->param_names = nx_ny;
	c->param_values = small;
}

/* A program built against a newer header: its configuration has fields this
 * core does not know, which must not shift the array the core walks. */
typedef struct newer_config {
	warpest_config known;
	int64_t added_later[3];
} newer_config;

int main(void)
{
	warpest_ctx *ctx = warpest_ctx_alloc();
	warpest_kernel *k = warpest_kernel_read_file(ctx, WARPEST_SOURCE_DIR "/examples/models/stencil2d5.json");
	warpest_hw *hw = k ? warpest_hw_find(ctx, WARPEST_SOURCE_DIR "/runtime/tables", "h100-sxm") : NULL;
	CHECK(hw != NULL, "model and table: %s", warpest_ctx_last_error(ctx));
	if (!hw)
		return check_summary();

	/* 0 and 3 are the same configuration (a tie: input order decides);
	 * 2 names a parameter the model lacks and fails */
	warpest_config configs[5];
	small_config(&configs[0], 128, 2);
	small_config(&configs[1], 32, 1);
	small_config(&configs[2], 64, 4);
	static const char *const bad_name[1] = {"nz"};
	static const int64_t bad_value[1] = {7};
	configs[2].n_params = 1, configs[2].param_names = bad_name, configs[2].param_values = bad_value;
	small_config(&configs[3], 128, 2);
	small_config(&configs[4], 256, 1);
	warpest_rank_options options;
	warpest_rank_options_init(&options);
	options.threads = 2;
	warpest_ranking *r = warpest_score(ctx, k, hw, configs, 5, &options);
	CHECK(r != NULL, "score: %s", warpest_ctx_last_error(ctx));
	if (r) {
		CHECK(warpest_ranking_size(r) == 4, "4 ranked, got %d", warpest_ranking_size(r));
		CHECK(warpest_ranking_n_failed(r) == 1 && warpest_ranking_failed_index(r, 0) == 2,
			"configuration 2 failed");
		const char *why = warpest_ranking_failed_error(r, 0);
		CHECK(why && strstr(why, "unknown parameter 'nz'"), "its reason: %s", why ? why : "(none)");
		int pos0 = -1, pos3 = -1;
		for (int i = 0; i < warpest_ranking_size(r); i++) {
			const warpest_summary *s = warpest_ranking_summary(r, i);
			if (i > 0)
				CHECK(warpest_ranking_summary(r, i - 1)->predicted_seconds <= s->predicted_seconds,
					"entry %d is not better than entry %d", i, i - 1);
			int in = warpest_ranking_input_index(r, i);
			pos0 = in == 0 ? i : pos0;
			pos3 = in == 3 ? i : pos3;
			const warpest_config *c = warpest_ranking_config(r, i);
			CHECK(c->block[0] == configs[in].block[0] && c->block[1] == configs[in].block[1] &&
				c->grid[0] == 0, "entry %d is input %d as given (grid not filled in)", i, in);
			CHECK(s->struct_size == sizeof(warpest_summary), "summary struct_size");
		}
		CHECK(pos3 == pos0 + 1, "equal predictions keep input order (0 at %d, 3 at %d)", pos0, pos3);
		CHECK(warpest_ranking_input_index(r, 99) == -1 && !warpest_ranking_config(r, -1),
			"out of range");
	}

	/* the same, one at a time: the batch's figures are the estimates' */
	for (int i = 0; r && i < warpest_ranking_size(r); i++) {
		warpest_config c = configs[warpest_ranking_input_index(r, i)];
		c.skip_neighbours = 1;
		warpest_estimate *e = warpest_estimate_compute(ctx, k, hw, &c);
		CHECK(e && warpest_estimate_summary(e)->predicted_seconds ==
			warpest_ranking_summary(r, i)->predicted_seconds, "entry %d equals its estimate", i);
		warpest_estimate_free(e);
	}

	/* a newer caller's array: the stride is its struct_size */
	newer_config newer[2];
	for (int i = 0; i < 2; i++) {
		small_config(&newer[i].known, i ? 32 : 256, 1);
		newer[i].known.struct_size = sizeof(newer_config);
		memset(newer[i].added_later, 0xff, sizeof(newer[i].added_later));
	}
	warpest_ranking *rn = warpest_score(ctx, k, hw, &newer[0].known, 2, NULL);
	CHECK(rn && warpest_ranking_size(rn) == 2, "a larger struct_size is read with its stride: %s",
		warpest_ctx_last_error(ctx));
	if (rn)
		for (int i = 0; i < 2; i++) {
			int in = warpest_ranking_input_index(rn, i);
			CHECK(warpest_ranking_config(rn, i)->block[0] == (in ? 32 : 256), "newer entry %d", i);
		}

	/* a configuration nobody initialised is refused, not guessed at */
	warpest_config raw;
	memset(&raw, 0, sizeof(raw));
	raw.block[0] = 128, raw.block[1] = raw.block[2] = 1;
	warpest_estimate *e = warpest_estimate_compute(ctx, k, hw, &raw);
	CHECK(!e && strstr(warpest_ctx_last_error(ctx), "warpest_config_init"), "uninitialised: %s",
		warpest_ctx_last_error(ctx));
	warpest_ranking *none = warpest_score(ctx, k, hw, NULL, 0, NULL);
	CHECK(none && warpest_ranking_size(none) == 0, "an empty list is an empty ranking");

	/* the sweep orders ties the same way: rank twice, same order */
	warpest_config base;
	small_config(&base, 256, 1);
	warpest_ranking *a = warpest_rank(ctx, k, hw, &base, &options);
	options.threads = 1;
	warpest_ranking *b = warpest_rank(ctx, k, hw, &base, &options);
	int same = a && b && warpest_ranking_size(a) == warpest_ranking_size(b);
	for (int i = 0; same && i < warpest_ranking_size(a); i++)
		same = warpest_ranking_input_index(a, i) == warpest_ranking_input_index(b, i);
	CHECK(same, "rank's order does not depend on the threads");

	warpest_ranking_free(a);
	warpest_ranking_free(b);
	warpest_ranking_free(none);
	warpest_ranking_free(rn);
	warpest_ranking_free(r);
	warpest_hw_free(hw);
	warpest_kernel_free(k);
	warpest_ctx_free(ctx);
	return check_summary();
}
