/* The shared-memory atomic unit model; see shared_atomic.h and docs/atomics.md. */
#include "limiters/shared_atomic.h"

#include "base/ctx.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SATOMIC_BANKS 32
#define SATOMIC_WARP 32

const char *satomic_class_name(satomic_class cls)
{
	switch (cls) {
	case satomic_rmw: return "rmw";
	case satomic_cas: return "cas";
	case satomic_unused: return "unused";
	}
	return "?";
}

/* ---- T(n,e,c) interpolation ---- */

/* A grid axis is usable when it has points and is strictly ascending. */
static int axis_ok(const double *values, int count)
{
	if (count < 1)
		return 0;
	for (int i = 0; i < count; i++) {
		if (!isfinite(values[i]))
			return 0;
		if (i > 0 && !(values[i] > values[i - 1]))
			return 0;
	}
	return 1;
}

/* Position of x on an ascending axis: the lower index and the weight of the
 * upper neighbour, x clamped to the axis range. */
static void axis_locate(const double *values, int count, double x, int *lower, double *weight)
{
	if (count == 1 || x <= values[0]) {
		*lower = 0;
		*weight = 0.0;
		return;
	}
	if (x >= values[count - 1]) {
		*lower = count - 2;
		*weight = 1.0;
		return;
	}
	int i = 0;
	while (i + 1 < count - 1 && values[i + 1] <= x)
		i++;
	*lower = i;
	*weight = (x - values[i]) / (values[i + 1] - values[i]);
}

static double grid_bilinear(const hw_atomic_table *t,
	const double grid[WARPEST_MAX_ATOMIC_N][WARPEST_MAX_ATOMIC_E], double n, double e)
{
	int ni, ei;
	double nw, ew;
	axis_locate(t->n_values, t->n_count, n, &ni, &nw);
	axis_locate(t->e_values, t->e_count, e, &ei, &ew);
	int ni1 = t->n_count > 1 ? ni + 1 : ni;
	int ei1 = t->e_count > 1 ? ei + 1 : ei;
	double low_n = (1.0 - ew) * grid[ni][ei] + ew * grid[ni][ei1];
	double high_n = (1.0 - ew) * grid[ni1][ei] + ew * grid[ni1][ei1];
	return (1.0 - nw) * low_n + nw * high_n;
}

/* Tables for GPUs without ATOMS.POPC.INC leave the unused-result grid empty. */
static int grid_is_empty(const hw_atomic_table *t,
	const double grid[WARPEST_MAX_ATOMIC_N][WARPEST_MAX_ATOMIC_E])
{
	for (int i = 0; i < t->n_count; i++)
		for (int j = 0; j < t->e_count; j++)
			if (grid[i][j] != 0.0)
				return 0;
	return 1;
}

static int table_usable(const hw_atomic_table *t)
{
	return t && t->present && t->n_count <= WARPEST_MAX_ATOMIC_N &&
		t->e_count <= WARPEST_MAX_ATOMIC_E && axis_ok(t->n_values, t->n_count) &&
		axis_ok(t->e_values, t->e_count) && t->n_values[0] > 0.0;
}

double satomic_service_cycles(const hw_atomic_table *t, double n, double e, double c,
	satomic_class cls)
{
	if (!table_usable(t))
		return -1.0;
	if (!(n > 0.0))
		return 0.0;
	/* S is held constant outside the n grid: look T up at the clamped n and
	 * divide by that same n. Inside the grid this is plain T(n)/n. */
	double n_lookup = n;
	if (n_lookup < t->n_values[0])
		n_lookup = t->n_values[0];
	if (n_lookup > t->n_values[t->n_count - 1])
		n_lookup = t->n_values[t->n_count - 1];

	double cas_share = cls == satomic_cas ? 1.0 : c / n;
	if (!(cas_share > 0.0))
		cas_share = 0.0;
	if (cas_share > 1.0)
		cas_share = 1.0;

	const double(*base)[WARPEST_MAX_ATOMIC_E] = t->t_rmw;
	if (cls == satomic_unused && !grid_is_empty(t, t->t_unused))
		base = t->t_unused;
	double t_base = grid_bilinear(t, base, n_lookup, e);
	double t_cas = grid_bilinear(t, t->t_cas, n_lookup, e);
	double total = (1.0 - cas_share) * t_base + cas_share * t_cas;
	return total / n_lookup;
}

/* ---- Contention ---- */

int satomic_contention_parse(warpest_ctx *ctx, const char *text, satomic_contention *out)
{
	static const char expected[] =
		"expected 'uniform:B' (B bins, 1..1048576), 'single', or 'e:K' (K lanes, 1..32); "
		"'uniform:B' and 'single' may end in '/G' (G = 1..32 lane address groups)";
	if (!text)
		return ctx_error(ctx, "contention: missing text; %s", expected);
	satomic_contention parsed = { satomic_contention_uniform, 0, 0.0, 1 };
	char head[64];
	const char *slash = strchr(text, '/');
	size_t head_length = slash ? (size_t)(slash - text) : strlen(text);
	if (head_length >= sizeof(head))
		return ctx_error(ctx, "contention '%s': unknown form; %s", text, expected);
	memcpy(head, text, head_length);
	head[head_length] = '\0';
	if (strcmp(head, "single") == 0) {
		parsed.kind = satomic_contention_single;
	} else if (strncmp(head, "uniform:", 8) == 0) {
		const char *digits = head + 8;
		char *end = NULL;
		errno = 0;
		long bins = strtol(digits, &end, 10);
		if (digits[0] < '0' || digits[0] > '9' || *end != '\0' || errno != 0 || bins < 1 ||
			bins > 1048576)
			return ctx_error(ctx, "contention '%s': bad bin count; %s", text, expected);
		parsed.kind = satomic_contention_uniform;
		parsed.bins = (int)bins;
	} else if (strncmp(head, "e:", 2) == 0) {
		const char *digits = head + 2;
		char *end = NULL;
		errno = 0;
		double lanes = strtod(digits, &end);
		if (digits[0] < '0' || digits[0] > '9' || *end != '\0' || errno != 0 ||
			!(lanes >= 1.0 && lanes <= SATOMIC_WARP))
			return ctx_error(ctx, "contention '%s': bad lane count; %s", text, expected);
		if (slash)
			return ctx_error(ctx, "contention '%s': 'e:K' states the colliding lanes "
				"directly and takes no '/G'; %s", text, expected);
		parsed.kind = satomic_contention_lanes;
		parsed.lanes = lanes;
	} else {
		return ctx_error(ctx, "contention '%s': unknown form; %s", text, expected);
	}
	if (slash) {
		const char *digits = slash + 1;
		char *end = NULL;
		errno = 0;
		long groups = strtol(digits, &end, 10);
		if (digits[0] < '0' || digits[0] > '9' || *end != '\0' || errno != 0 || groups < 1 ||
			groups > SATOMIC_WARP)
			return ctx_error(ctx, "contention '%s': bad group count after '/'; %s", text,
				expected);
		parsed.groups = (int)groups;
	}
	*out = parsed;
	return warpest_ok;
}

void satomic_contention_format(const satomic_contention *contention, char *buf, size_t size)
{
	if (!buf || size == 0)
		return;
	char suffix[16] = "";
	if (contention->groups > 1 && contention->kind != satomic_contention_lanes)
		snprintf(suffix, sizeof(suffix), "/%d", contention->groups);
	switch (contention->kind) {
	case satomic_contention_uniform:
		snprintf(buf, size, "uniform:%d%s", contention->bins, suffix);
		break;
	case satomic_contention_single:
		snprintf(buf, size, "single%s", suffix);
		break;
	case satomic_contention_lanes:
		snprintf(buf, size, "e:%g", contention->lanes);
		break;
	}
}

/* E[max_j X_j] for lanes thrown independently into the 32 banks, bank j with
 * probability p_j. With Poissonisation,
 *   P(max <= m) = L! [x^L] prod_j sum_{k=0..m} (p_j x)^k / k!,
 * and E[max] = sum_{m=0}^{L-1} (1 - P(max <= m)). Exact for the multinomial;
 * the polynomials have degree <= L <= 32, so this is cheap. */
static double expected_max_bank_load(int lanes, const double p[SATOMIC_BANKS])
{
	if (lanes <= 0)
		return 0.0;
	double factorial = 1.0;
	for (int k = 2; k <= lanes; k++)
		factorial *= k;
	double expected = 0.0;
	for (int m = 0; m < lanes; m++) {
		double poly[SATOMIC_WARP + 1] = { 1.0 };
		double next[SATOMIC_WARP + 1];
		for (int j = 0; j < SATOMIC_BANKS; j++) {
			if (p[j] <= 0.0)
				continue;
			/* factor_k = (p_j)^k / k! for k = 0..m */
			double factor[SATOMIC_WARP + 1];
			factor[0] = 1.0;
			for (int k = 1; k <= m; k++)
				factor[k] = factor[k - 1] * p[j] / k;
			for (int d = 0; d <= lanes; d++) {
				double sum = 0.0;
				for (int k = 0; k <= m && k <= d; k++)
					sum += factor[k] * poly[d - k];
				next[d] = sum;
			}
			memcpy(poly, next, sizeof(double) * (size_t)(lanes + 1));
		}
		double at_most_m = factorial * poly[lanes];
		if (at_most_m > 1.0)
			at_most_m = 1.0;
		expected += 1.0 - at_most_m;
	}
	return expected;
}

/* Rounds for a whole number of lanes. */
static double rounds_integral(const satomic_contention *contention, int lanes, int groups)
{
	if (lanes <= 0)
		return 0.0;
	switch (contention->kind) {
	case satomic_contention_single:
		return (double)((lanes + groups - 1) / groups);
	case satomic_contention_lanes:
		return contention->lanes < lanes ? contention->lanes : (double)lanes;
	case satomic_contention_uniform: {
		double p[SATOMIC_BANKS] = { 0.0 };
		int bins = contention->bins > 0 ? contention->bins : 1;
		/* bins b = 0..B-1 land in bank b mod 32: bank j holds
		 * floor(B/32) + (j < B mod 32) bins. */
		for (int j = 0; j < SATOMIC_BANKS; j++) {
			int count = bins / SATOMIC_BANKS + (j < bins % SATOMIC_BANKS ? 1 : 0);
			p[j] = (double)count / bins;
		}
		return expected_max_bank_load(lanes, p);
	}
	}
	return (double)lanes;
}

double satomic_expected_rounds(const satomic_contention *contention, double active_lanes,
	int address_groups)
{
	if (!contention || !(active_lanes > 0.0))
		return 0.0;
	if (active_lanes > SATOMIC_WARP)
		active_lanes = SATOMIC_WARP;
	int groups = address_groups > 1 ? address_groups : 1;
	if (contention->groups > groups)
		groups = contention->groups;
	int below = (int)floor(active_lanes);
	double weight = active_lanes - below;
	double rounds = rounds_integral(contention, below, groups);
	if (weight > 0.0)
		rounds = (1.0 - weight) * rounds +
			weight * rounds_integral(contention, below + 1, groups);
	if (rounds < 1.0)
		rounds = 1.0;
	if (rounds > active_lanes && active_lanes >= 1.0)
		rounds = active_lanes;
	return rounds;
}

double satomic_effective_e(const satomic_address *address, double active_lanes)
{
	if (!address || !(active_lanes > 0.0))
		return 0.0;
	if (active_lanes > SATOMIC_WARP)
		active_lanes = SATOMIC_WARP;
	switch (address->kind) {
	case satomic_address_uniform:
		return active_lanes;
	case satomic_address_distinct: {
		double rounds = address->bank_wavefronts;
		if (!(rounds >= 1.0))
			rounds = 1.0;
		return rounds > active_lanes && active_lanes >= 1.0 ? active_lanes : rounds;
	}
	case satomic_address_data:
		return satomic_expected_rounds(&address->contention, active_lanes,
			address->address_groups);
	}
	return active_lanes;
}

/* ---- Busy time and utilisation ---- */

static int finite_non_negative(double x)
{
	return isfinite(x) && x >= 0.0;
}

int satomic_estimate(const satomic_input *in, const hw_atomic_table *t, satomic_result *out)
{
	memset(out, 0, sizeof(*out));
	if (!in || !finite_non_negative(in->warp_instructions_per_sm) ||
		!finite_non_negative(in->queue_length) || !finite_non_negative(in->e) ||
		!finite_non_negative(in->cas_in_queue)) {
		snprintf(out->note, sizeof(out->note),
			"shared atomics: N, n, e and c must be finite and non-negative");
		return warpest_error_input;
	}
	if (!table_usable(t)) {
		snprintf(out->note, sizeof(out->note),
			"shared atomics: the hardware table has no usable T(n,e,c) grid");
		return warpest_error_model;
	}
	out->provisional = t->provisional != 0;
	out->n = in->queue_length;
	out->e = in->e;
	out->c = in->cas_in_queue > in->queue_length ? in->queue_length : in->cas_in_queue;
	if (in->warp_instructions_per_sm == 0.0 || in->queue_length == 0.0) {
		/* No jobs: the unit is idle. */
		if (out->provisional)
			snprintf(out->note, sizeof(out->note),
				"shared-atomic T(n,e,c) table is provisional (not measured)");
		return warpest_ok;
	}
	double n_low = t->n_values[0], n_high = t->n_values[t->n_count - 1];
	double e_low = t->e_values[0], e_high = t->e_values[t->e_count - 1];
	out->clamped = in->queue_length < n_low || in->queue_length > n_high || in->e < e_low ||
		in->e > e_high;
	out->service_cycles = satomic_service_cycles(t, in->queue_length, in->e, in->cas_in_queue,
		in->cls);
	out->busy_cycles = in->warp_instructions_per_sm * out->service_cycles;

	size_t used = 0;
	out->note[0] = '\0';
	if (out->provisional)
		used += (size_t)snprintf(out->note, sizeof(out->note),
			"shared-atomic T(n,e,c) table is provisional (not measured)");
	if (out->clamped && used < sizeof(out->note))
		snprintf(out->note + used, sizeof(out->note) - used,
			"%sn=%.3g or e=%.3g outside the table grid (n %g..%g, e %g..%g): extrapolated",
			used ? "; " : "", in->queue_length, in->e, n_low, n_high, e_low, e_high);
	return warpest_ok;
}

double satomic_utilisation(double busy_cycles, double predicted_seconds, double clock_hz)
{
	if (!(predicted_seconds > 0.0) || !(clock_hz > 0.0) || !(busy_cycles >= 0.0))
		return 0.0;
	return busy_cycles / (predicted_seconds * clock_hz);
}

int satomic_kernel_input(const satomic_access *accesses, int count, const satomic_launch *launch,
	satomic_input *out)
{
	memset(out, 0, sizeof(*out));
	if (!launch || count < 0 || (count > 0 && !accesses) || !(launch->sms_used > 0.0) ||
		!finite_non_negative(launch->resident_warps_per_sm))
		return warpest_error_input;
	double total = 0.0, cas = 0.0, weighted_e = 0.0;
	int non_cas = 0, non_cas_unused = 0;
	for (int i = 0; i < count; i++) {
		const satomic_access *a = &accesses[i];
		if (!finite_non_negative(a->warp_instructions) || !finite_non_negative(a->active_lanes))
			return warpest_error_input;
		if (a->warp_instructions == 0.0)
			continue;
		total += a->warp_instructions;
		weighted_e += a->warp_instructions * satomic_effective_e(&a->address, a->active_lanes);
		if (a->cls == satomic_cas) {
			cas += a->warp_instructions;
		} else {
			non_cas++;
			if (a->cls == satomic_unused)
				non_cas_unused++;
		}
	}
	out->queue_length = launch->resident_warps_per_sm;
	out->cls = satomic_rmw;
	if (total == 0.0)
		return warpest_ok;
	out->warp_instructions_per_sm = total / launch->sms_used;
	out->e = weighted_e / total;
	out->cas_in_queue = launch->resident_warps_per_sm * cas / total;
	if (non_cas == 0)
		out->cls = satomic_cas;
	else if (non_cas_unused == non_cas)
		out->cls = satomic_unused;
	return warpest_ok;
}
