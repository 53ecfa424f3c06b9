/* Ranking: the default sweep of power-of-two block shapes (and the model's
 * variants), or the caller's own list (warpest_score), evaluated by a pool of
 * threads and sorted in the total order warpest.h documents. */
#define _POSIX_C_SOURCE 200809L /* strdup */
#include <isl/version.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/ctx.h"
#include "estimate/estimate_impl.h"
#include "launch/config.h"
#include "report/rank_order.h"

warpest_estimate *estimate_compute_plain(warpest_ctx *ctx, const warpest_kernel *kernel,
	const warpest_hw *hw, const warpest_config *config);

const char *warpest_isl_version(void)
{
	return isl_version();
}

/* Whether the model reads the thread index or the block size of dimension
 * d anywhere: addresses, guards, loop bounds, thread counts, grid. */
static int uses_dimension(const warpest_kernel *k, int d)
{
	const int syms[2] = {sym_tid_x + d, sym_ntid_x + d};
	for (int s = 0; s < 2; s++) {
		int sym = syms[s];
		if (expr_uses_symbol(k->guard, sym))
			return 1;
		for (int e = 0; e < 3; e++)
			if (expr_uses_symbol(k->threads[e], sym) || expr_uses_symbol(k->grid[e], sym))
				return 1;
		for (int i = 0; i < k->n_loops; i++)
			if (expr_uses_symbol(k->loops[i].lower, sym) || expr_uses_symbol(k->loops[i].upper, sym) ||
			    expr_uses_symbol(k->loops[i].bound, sym))
				return 1;
		for (int i = 0; i < k->n_accesses; i++)
			if (expr_uses_symbol(k->accesses[i].offset, sym) ||
			    expr_uses_symbol(k->accesses[i].guard, sym))
				return 1;
	}
	return 0;
}

typedef struct rank_entry {
	warpest_config config;   /* the ranking's copy: strings and arrays in `owned` */
	void *owned;
	warpest_summary summary;
	int index;               /* position in the caller's list or in the sweep */
	int ok;
	char *error;             /* when !ok: why (malloc'd) */
	int over_limit;          /* left out: past the work limit */
} rank_entry;

/* Entries [0, n) are ranked, [n, n + n_failed) failed, in input order. */
struct warpest_ranking {
	int n, n_failed;
	int n_over_limit;
	rank_entry *entries;
};

typedef struct rank_job {
	const warpest_kernel *kernel;
	const warpest_hw *hw;
	rank_entry *entries;
	int n;
	int next, done;
	int keep_grid;           /* 1: the config keeps the caller's grid (score) */
	pthread_mutex_t lock;
	const warpest_rank_options *options;
} rank_job;

static void *rank_worker(void *arg)
{
	rank_job *job = arg;
	warpest_ctx ctx = {{0}, 0};
	for (;;) {
		pthread_mutex_lock(&job->lock);
		int i = job->next++;
		pthread_mutex_unlock(&job->lock);
		if (i >= job->n)
			return NULL;
		rank_entry *r = &job->entries[i];
		ctx_clear(&ctx);
		warpest_estimate *e = estimate_compute_plain(&ctx, job->kernel, job->hw, &r->config);
		r->over_limit = !e && ctx.over_limit;
		if (e) {
			r->summary = e->summary;
			if (!job->keep_grid)
				memcpy(r->config.grid, e->launch.grid, sizeof(r->config.grid));
			r->ok = 1;
			warpest_estimate_free(e);
		} else {
			/* NULL when out of memory too: the entry still fails, without a reason */
			r->error = strdup(ctx.message[0] ? ctx.message : "the estimate failed");
		}
		pthread_mutex_lock(&job->lock);
		int done = ++job->done;
		if (job->options->progress)
			job->options->progress(job->options->user, done, job->n);
		pthread_mutex_unlock(&job->lock);
	}
}

/* A kilobyte of a wave's edge in 100 MB is below the model's accuracy;
 * rounding (not a tolerance) keeps the order total. */
double rank_volume_key(double bytes)
{
	if (!(bytes > 0))
		return 0;
	double unit = pow(10, floor(log10(bytes)) - 2);
	return nearbyint(bytes / unit) * unit;
}

/* The order warpest.h documents: time, DRAM bytes, L2 bytes, input position;
 * failed entries last, in input order. */
static int cmp_entry(const void *a, const void *b)
{
	const rank_entry *x = a, *y = b;
	if (x->ok != y->ok)
		return y->ok - x->ok;
	if (x->ok) {
		const warpest_summary *sx = &x->summary, *sy = &y->summary;
		double keys[3][2] = {
			{sx->predicted_seconds, sy->predicted_seconds},
			{rank_volume_key(sx->dram_load_bytes + sx->dram_store_bytes),
				rank_volume_key(sy->dram_load_bytes + sy->dram_store_bytes)},
			{rank_volume_key(sx->l2_load_bytes + sx->l2_store_bytes),
				rank_volume_key(sy->l2_load_bytes + sy->l2_store_bytes)},
		};
		for (int k = 0; k < 3; k++)
			if (keys[k][0] != keys[k][1])
				return keys[k][0] < keys[k][1] ? -1 : 1;
	}
	return (x->index > y->index) - (x->index < y->index);
}

static void entries_free(rank_entry *entries, int n)
{
	for (int i = 0; i < n; i++) {
		free(entries[i].owned);
		free(entries[i].error);
	}
	free(entries);
}

/* Evaluates the entries on the options' threads and sorts them. Takes the
 * entries; returns the ranking or NULL (out of memory, message in ctx). */
static warpest_ranking *evaluate_and_sort(warpest_ctx *ctx, const warpest_kernel *kernel,
	const warpest_hw *hw, rank_entry *entries, int n, int keep_grid,
	const warpest_rank_options *options)
{
	warpest_ranking *ranking = calloc(1, sizeof(*ranking));
	if (!ranking) {
		entries_free(entries, n);
		ctx_error(ctx, "out of memory");
		return NULL;
	}
	rank_job job = {kernel, hw, entries, n, 0, 0, keep_grid, PTHREAD_MUTEX_INITIALIZER, options};
	int n_threads = options->threads < 1 ? 1 : options->threads > 64 ? 64 : options->threads;
	pthread_t threads[64];
	int started = 0;
	for (int i = 1; i < n_threads && i < n; i++)
		if (pthread_create(&threads[started], NULL, rank_worker, &job) == 0)
			started++;
	rank_worker(&job);
	for (int i = 0; i < started; i++)
		pthread_join(threads[i], NULL);
	qsort(entries, (size_t)n, sizeof(rank_entry), cmp_entry);
	for (int i = 0; i < n; i++) {
		ranking->n += entries[i].ok;
		ranking->n_over_limit += entries[i].over_limit;
	}
	ranking->n_failed = n - ranking->n;
	ranking->entries = entries;
	return ranking;
}

/* A zeroed entry array whose configs are deep copies (owned by each entry). */
static rank_entry *entries_alloc(warpest_ctx *ctx, int n)
{
	rank_entry *entries = calloc(n > 0 ? (size_t)n : 1, sizeof(rank_entry));
	if (!entries)
		ctx_error(ctx, "out of memory");
	return entries;
}

static int entry_set_config(warpest_ctx *ctx, rank_entry *r, const warpest_config *config, int index)
{
	int failed;
	r->owned = config_copy_deep(config, &r->config, &failed);
	r->index = index;
	return failed ? ctx_error(ctx, "out of memory") : 0;
}

warpest_ranking *warpest_rank(warpest_ctx *ctx, const warpest_kernel *kernel,
	const warpest_hw *hw, const warpest_config *base_in, const warpest_rank_options *options_in)
{
	warpest_config base;
	warpest_rank_options options;
	if (!kernel || !hw || !base_in) {
		ctx_error(ctx, "warpest_rank: kernel, hardware table and base configuration are required");
		return NULL;
	}
	ctx_clear(ctx);
	if (config_normalise(ctx, base_in, &base) || rank_options_normalise(ctx, options_in, &options))
		return NULL;
	int n_var = options.all_variants && kernel->n_variants > 0 ? kernel->n_variants : 1;
	int cap = 11 * 11 * 11 * n_var;
	rank_entry *entries = entries_alloc(ctx, cap);
	if (!entries)
		return NULL;
	int n = 0;
	int max_block = (int)hw->max_threads_per_block.value;
	/* a dimension the kernel never reads only repeats its threads */
	int max_y = options.all_shapes || uses_dimension(kernel, 1) ? 1024 : 1;
	int max_z = options.all_shapes || uses_dimension(kernel, 2) ? 64 : 1;
	for (int v = 0; v < n_var; v++)
		for (int x = 1; x <= 1024; x *= 2)
			for (int y = 1; y <= max_y; y *= 2)
				for (int z = 1; z <= max_z; z *= 2) {
					int t = x * y * z;
					if (t < options.min_threads || t > options.max_threads || t > max_block)
						continue;
					warpest_config c = base;
					c.block[0] = x;
					c.block[1] = y;
					c.block[2] = z;
					memset(c.grid, 0, sizeof(c.grid));
					if (options.all_variants && kernel->n_variants > 0)
						c.variant = kernel->variants[v].name;
					if (entry_set_config(ctx, &entries[n], &c, n)) {
						entries_free(entries, n + 1);
						return NULL;
					}
					n++;
				}
	if (n == 0) {
		entries_free(entries, n);
		ctx_error(ctx, "kernel '%s': the sweep has no block shape with %d..%d threads",
			kernel->name, options.min_threads, options.max_threads);
		return NULL;
	}
	warpest_ranking *ranking = evaluate_and_sort(ctx, kernel, hw, entries, n, 0, &options);
	if (ranking && ranking->n == 0) {
		/* report why the first configuration of the sweep failed */
		const rank_entry *first = &ranking->entries[0];
		ctx_error(ctx, "%s", first->error ? first->error : "");
		if (!warpest_ctx_last_error(ctx)[0])
			ctx_error(ctx, "kernel '%s': no configuration of the sweep can be evaluated", kernel->name);
		warpest_ranking_free(ranking);
		return NULL;
	}
	return ranking;
}

warpest_ranking *warpest_score(warpest_ctx *ctx, const warpest_kernel *kernel,
	const warpest_hw *hw, const warpest_config *configs, int n,
	const warpest_rank_options *options_in)
{
	warpest_rank_options options;
	if (!kernel || !hw || n < 0 || (n > 0 && !configs)) {
		ctx_error(ctx, "warpest_score: kernel, hardware table and %d configurations are required", n);
		return NULL;
	}
	ctx_clear(ctx);
	if (rank_options_normalise(ctx, options_in, &options))
		return NULL;
	/* the caller's stride: its sizeof(warpest_config), which may be older */
	size_t stride = n > 0 ? configs->struct_size : 0;
	rank_entry *entries = entries_alloc(ctx, n);
	if (!entries)
		return NULL;
	for (int i = 0; i < n; i++) {
		const warpest_config *in = (const warpest_config *)((const char *)configs + (size_t)i * stride);
		warpest_config c;
		warpest_ctx why = {{0}, 0};
		if (config_normalise(&why, in, &c)) {
			ctx_error(ctx, "warpest_score: configuration %d: %s", i, why.message);
			entries_free(entries, i);
			return NULL;
		}
		if (entry_set_config(ctx, &entries[i], &c, i)) {
			entries_free(entries, i + 1);
			return NULL;
		}
	}
	return evaluate_and_sort(ctx, kernel, hw, entries, n, 1, &options);
}

void warpest_ranking_free(warpest_ranking *r)
{
	if (!r)
		return;
	entries_free(r->entries, r->n + r->n_failed);
	free(r);
}

int warpest_ranking_size(const warpest_ranking *r)
{
	return r->n;
}

int warpest_ranking_n_over_limit(const warpest_ranking *r)
{
	return r->n_over_limit;
}

const warpest_config *warpest_ranking_config(const warpest_ranking *r, int i)
{
	return i >= 0 && i < r->n ? &r->entries[i].config : NULL;
}

const warpest_summary *warpest_ranking_summary(const warpest_ranking *r, int i)
{
	return i >= 0 && i < r->n ? &r->entries[i].summary : NULL;
}

int warpest_ranking_input_index(const warpest_ranking *r, int i)
{
	return i >= 0 && i < r->n ? r->entries[i].index : -1;
}

int warpest_ranking_n_failed(const warpest_ranking *r)
{
	return r->n_failed;
}

int warpest_ranking_failed_index(const warpest_ranking *r, int j)
{
	return j >= 0 && j < r->n_failed ? r->entries[r->n + j].index : -1;
}

const char *warpest_ranking_failed_error(const warpest_ranking *r, int j)
{
	if (j < 0 || j >= r->n_failed)
		return NULL;
	const char *e = r->entries[r->n + j].error;
	return e ? e : "the estimate failed (no memory for its reason)";
}
