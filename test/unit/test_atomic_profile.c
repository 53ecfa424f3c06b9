/* Unit tests of profile mode: the Nsight Compute CSV reader (ncu_csv.c) and
 * the utilisation from counters (atomic_profile.c, paper 001 §3.3), on the
 * format fixture test/data/ncu_atomics/histogram_h100.csv. The utilisations
 * are worked out by hand in the comments (the fixture README has the table). */
#include "profile/atomic_profile.h"
#include "base/ctx.h"
#include "hardware/hw_table.h"
#include "profile/ncu_csv.h"
#include "limiters/shared_atomic.h"

#include <json-c/json.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;

#define CHECK(cond) \
	do { \
		if (!(cond)) { \
			fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
			failures++; \
		} \
	} while (0)

#define CHECK_NEAR(actual, expected, tolerance) \
	do { \
		double actual_ = (actual), expected_ = (expected); \
		if (!(fabs(actual_ - expected_) <= (tolerance))) { \
			fprintf(stderr, "%s:%d: %s = %.9g, expected %.9g (+-%g)\n", __FILE__, __LINE__, \
				#actual, actual_, expected_, (double)(tolerance)); \
			failures++; \
		} \
	} while (0)

#define CHECK_CONTAINS(text, part) \
	do { \
		const char *text_ = (text); \
		if (!text_ || !strstr(text_, (part))) { \
			fprintf(stderr, "%s:%d: '%s' does not contain '%s'\n", __FILE__, __LINE__, \
				text_ ? text_ : "(null)", (part)); \
			failures++; \
		} \
	} while (0)

/* An H100-like table built by hand (the JSON reader is tested elsewhere):
 * 132 SMs, 1755 MHz, 64 warps per SM, cc 9.0, and the provisional T shape
 * T_rmw = 48 + n(4+e), T_cas = 64 + n(4+2e), T_unused = 48 + 4n. */
static warpest_hw hw;

static void fill_hw(int provisional)
{
	static const double n_values[] = { 1, 2, 4, 8, 16, 32, 64 };
	static const double e_values[] = { 1, 2, 4, 8, 16, 32 };
	memset(&hw, 0, sizeof(hw));
	snprintf(hw.id, sizeof(hw.id), "test-h100");
	snprintf(hw.name, sizeof(hw.name), "H100-like test table");
	hw.cc_major = 9;
	hw.cc_minor = 0;
	hw.sm_count.value = 132;
	hw.clock_mhz.value = 1755;
	hw.max_warps_per_sm.value = 64;
	hw_atomic_table *t = &hw.atomics;
	t->present = 1;
	t->provisional = provisional;
	t->n_count = 7;
	t->e_count = 6;
	for (int i = 0; i < 7; i++) {
		t->n_values[i] = n_values[i];
		for (int j = 0; j < 6; j++) {
			double n = n_values[i], e = e_values[j];
			t->e_values[j] = e;
			t->t_rmw[i][j] = 48 + n * (4 + e);
			t->t_cas[i][j] = 64 + n * (4 + 2 * e);
			t->t_unused[i][j] = 48 + 4 * n;
		}
	}
	snprintf(t->provenance, sizeof(t->provenance), "test: provisional H100 shape");
}

static void test_values(void)
{
	double v;
	ncu_unit_kind kind;
	CHECK(ncu_parse_value("1,205.00", "usecond", &v, &kind) == 1);
	CHECK_NEAR(v, 1.205e-3, 1e-15);
	CHECK(kind == ncu_unit_time);
	CHECK(ncu_parse_value("854.70", "us", &v, &kind) == 1 && kind == ncu_unit_time);
	CHECK_NEAR(v, 854.70e-6, 1e-15);
	CHECK(ncu_parse_value("2", "msecond", &v, &kind) == 1);
	CHECK_NEAR(v, 2e-3, 1e-18);
	CHECK(ncu_parse_value("3,608", "nsecond", &v, &kind) == 1);
	CHECK_NEAR(v, 3608e-9, 1e-18);
	CHECK(ncu_parse_value("135,168,000", "", &v, &kind) == 1 && kind == ncu_unit_none);
	CHECK_NEAR(v, 135168000, 0);
	CHECK(ncu_parse_value("4.5", "Kinst", &v, &kind) == 1 && kind == ncu_unit_count);
	CHECK_NEAR(v, 4500, 1e-9);
	CHECK(ncu_parse_value("1.5", "Mbyte", &v, &kind) == 1);
	CHECK_NEAR(v, 1.5e6, 1e-6);
	CHECK(ncu_parse_value("2", "Kibyte", &v, &kind) == 1);
	CHECK_NEAR(v, 2048, 0);
	CHECK(ncu_parse_value("1,500,000", "cycle", &v, &kind) == 1 && kind == ncu_unit_count);
	CHECK(ncu_parse_value("37.50", "%", &v, &kind) == 1 && kind == ncu_unit_percent);
	CHECK(ncu_parse_value("1.76", "cycle/nsecond", &v, &kind) == 1 && kind == ncu_unit_other);
	CHECK(ncu_parse_value("n/a", "warp", &v, &kind) == 0);
	CHECK(ncu_parse_value("", "inst", &v, &kind) == 0);
	CHECK(ncu_parse_value("12x", "inst", &v, &kind) == -1);
	CHECK(ncu_parse_value("NVIDIA H100", "", &v, &kind) == -1);
}

static void test_fixture(void)
{
	char path[1024];
	snprintf(path, sizeof(path), "%s/test/data/ncu_atomics/histogram_h100.csv", WARPEST_SOURCE_DIR);
	warpest_ctx *ctx = warpest_ctx_alloc();
	ncu_csv *csv = ncu_csv_read_file(ctx, path);
	CHECK(csv != NULL);
	if (!csv) {
		fprintf(stderr, "%s\n", warpest_ctx_last_error(ctx));
		warpest_ctx_free(ctx);
		return;
	}
	CHECK(csv->n_launches == 4);
	/* the quoted kernel name keeps its commas; the header line is line 8 */
	CHECK(strcmp(csv->launches[0].kernel, "hist(const unsigned char *, unsigned int *, int)") == 0);
	CHECK(strcmp(csv->launches[0].id, "0") == 0 && csv->launches[0].line == 9);
	CHECK(strcmp(csv->launches[0].block_size, "(256, 1, 1)") == 0);
	CHECK(strcmp(csv->launches[2].cc, "9.0") == 0);
	const ncu_metric *m = ncu_launch_metric(&csv->launches[0], "smsp__inst_executed_op_shared_atom.sum");
	CHECK(m && m->has_value == 1 && m->value == 4224000.0);
	CHECK(ncu_launch_metric(&csv->launches[0], "no_such_metric") == NULL);
	m = ncu_launch_metric(&csv->launches[2], "sm__warps_active.avg.per_cycle_active");
	CHECK(m && m->has_value == 0);

	/* rmw grid (ATOMS.ADD):
	 * ID 0 hist: N = 4224000/132 = 32000, n = 32, e = 135168000/4224000 = 32,
	 *   c = 0; S = (48+32*36)/32 = 37.5; B = 1200000; T = 1500000 cycles
	 *   (sm__cycles_elapsed.avg) -> U = 0.8; over sm__cycles_active.avg
	 *   (1200000) the paper's U = 1.0.
	 * ID 1 hist2: e = 33792000/4224000 = 8; S = (48+32*12)/32 = 13.5;
	 *   B = 432000; T = 1080000 (gpc__cycles_elapsed.max) -> U = 0.4.
	 * ID 2 float_hist: N = 264000/132 = 2000; n = 37.5% * 64 = 24 (the
	 *   per_cycle_active value is n/a); e = 528000/264000 = 2;
	 *   c = 24 * 132000/264000 = 12; T_rmw(24,2) = (144+240)/2 = 192,
	 *   T_cas(24,2) = (192+320)/2 = 256, T = (192+256)/2 = 224, S = 224/24;
	 *   B = 2000*224/24 = 18666.67; T = 100 us * 1.50 cycle/ns = 150000 cycles
	 *   -> U = 0.124444.
	 * ID 3 clear_output: no shared atomics -> U = 0. */
	fill_hw(1);
	atomic_profile *profile = atomic_profile_compute(ctx, csv, &hw, satomic_rmw);
	CHECK(profile != NULL);
	if (profile) {
		CHECK(profile->n_launches == 4 && profile->provisional == 1);
		const atomic_profile_launch *l = profile->launches;
		CHECK_NEAR(l[0].warp_instructions_per_sm, 32000, 1e-9);
		CHECK_NEAR(l[0].n, 32, 0);
		CHECK_NEAR(l[0].e, 32, 1e-12);
		CHECK_NEAR(l[0].c, 0, 0);
		CHECK_NEAR(l[0].model.service_cycles, 37.5, 1e-12);
		CHECK_NEAR(l[0].model.busy_cycles, 1200000, 1e-6);
		CHECK_NEAR(l[0].elapsed_cycles, 1500000, 0);
		CHECK_NEAR(l[0].utilisation, 0.8, 1e-12);
		CHECK(l[0].has_active_cycles);
		CHECK_NEAR(l[0].utilisation_active, 1.0, 1e-12);
		CHECK(strcmp(l[0].sm_count_source, "device__attribute_multiprocessor_count") == 0);

		CHECK_NEAR(l[1].e, 8, 1e-12);
		CHECK_NEAR(l[1].model.service_cycles, 13.5, 1e-12);
		CHECK_NEAR(l[1].model.busy_cycles, 432000, 1e-6);
		CHECK_NEAR(l[1].elapsed_cycles, 1080000, 0);
		CHECK(strcmp(l[1].elapsed_source, "gpc__cycles_elapsed.max") == 0);
		CHECK_NEAR(l[1].utilisation, 0.4, 1e-12);
		/* reordering (hist2) lowers the utilisation on the solid image */
		CHECK(l[1].utilisation < l[0].utilisation);

		CHECK_NEAR(l[2].warp_instructions_per_sm, 2000, 1e-9);
		CHECK_NEAR(l[2].n, 24, 1e-12);
		CHECK_NEAR(l[2].e, 2, 1e-12);
		CHECK_NEAR(l[2].c, 12, 1e-12);
		CHECK_NEAR(l[2].model.service_cycles, 224.0 / 24.0, 1e-12);
		CHECK_NEAR(l[2].elapsed_cycles, 150000, 1e-6);
		CHECK_NEAR(l[2].utilisation, 2000.0 * 224.0 / 24.0 / 150000.0, 1e-12);
		CHECK_NEAR(l[2].utilisation, 0.124444, 1e-6);

		CHECK_NEAR(l[3].warp_instructions_per_sm, 0, 0);
		CHECK_NEAR(l[3].utilisation, 0, 0);
		CHECK_NEAR(l[3].elapsed_cycles, 3608, 0);

		char *text = atomic_profile_to_text(profile);
		CHECK_CONTAINS(text, "PROVISIONAL");
		CHECK_CONTAINS(text, "80.0%");
		CHECK_CONTAINS(text, "40.0%");
		CHECK_CONTAINS(text, "12.4%");
		free(text);

		char *json = atomic_profile_to_json(profile);
		json_object *root = json ? json_tokener_parse(json) : NULL;
		CHECK(root != NULL);
		json_object *x, *launches;
		CHECK(root && json_object_object_get_ex(root, "provisional", &x) && json_object_get_boolean(x));
		CHECK(root && json_object_object_get_ex(root, "warning", &x));
		CHECK(root && json_object_object_get_ex(root, "launches", &launches) &&
			json_object_array_length(launches) == 4);
		if (root && json_object_object_get_ex(root, "launches", &launches)) {
			json_object *first = json_object_array_get_idx(launches, 0);
			CHECK(json_object_object_get_ex(first, "utilisation", &x));
			CHECK_NEAR(json_object_get_double(x), 0.8, 1e-12);
			CHECK(json_object_object_get_ex(first, "kernel", &x) &&
				strcmp(json_object_get_string(x), "hist(const unsigned char *, unsigned int *, int)") == 0);
		}
		json_object_put(root);
		free(json);
		atomic_profile_free(profile);
	}

	/* unused grid (ATOMS.POPC.INC): ID 0: S = (48+4*32)/32 = 5.5,
	 * B = 32000*5.5 = 176000, U = 176000/1500000 = 0.117333. */
	profile = atomic_profile_compute(ctx, csv, &hw, satomic_unused);
	CHECK(profile != NULL);
	if (profile) {
		CHECK_NEAR(profile->launches[0].model.service_cycles, 5.5, 1e-12);
		CHECK_NEAR(profile->launches[0].utilisation, 176000.0 / 1500000.0, 1e-12);
		atomic_profile_free(profile);
	}

	/* A measured table: no provisional warning. */
	fill_hw(0);
	profile = atomic_profile_compute(ctx, csv, &hw, satomic_rmw);
	CHECK(profile != NULL);
	if (profile) {
		char *text = atomic_profile_to_text(profile);
		CHECK(text && !strstr(text, "PROVISIONAL"));
		free(text);
		atomic_profile_free(profile);
	}
	ncu_csv_free(csv);
	warpest_ctx_free(ctx);
}

static const char header[] =
	"\"ID\",\"Process ID\",\"Process Name\",\"Host Name\",\"Kernel Name\",\"Context\",\"Stream\","
	"\"Block Size\",\"Grid Size\",\"Device\",\"CC\",\"Section Name\",\"Metric Name\","
	"\"Metric Unit\",\"Metric Value\"\n";

static const char row_prefix[] =
	"\"0\",\"1\",\"app\",\"host\",\"k(int, int)\",\"1\",\"7\",\"(256, 1, 1)\",\"(8, 1, 1)\","
	"\"0\",\"9.0\",\"Command line profiler metrics\",";

/* Parses header + rows and computes; returns the error message ("" on success). */
static const char *profile_error(warpest_ctx *ctx, const char *rows)
{
	static char text[8192];
	snprintf(text, sizeof(text), "==PROF== x\n%s%s", header, rows);
	ctx_clear(ctx);
	ncu_csv *csv = ncu_csv_read_string(ctx, text, "bad.csv");
	if (!csv)
		return warpest_ctx_last_error(ctx);
	atomic_profile *profile = atomic_profile_compute(ctx, csv, &hw, satomic_rmw);
	ncu_csv_free(csv);
	if (!profile)
		return warpest_ctx_last_error(ctx);
	atomic_profile_free(profile);
	return "";
}

static void test_errors(void)
{
	warpest_ctx *ctx = warpest_ctx_alloc();
	fill_hw(1);
	char rows[4096];

	/* no header at all */
	ncu_csv *csv = ncu_csv_read_string(ctx, "==PROF== nothing profiled\n", "empty.csv");
	CHECK(csv == NULL);
	CHECK_CONTAINS(warpest_ctx_last_error(ctx), "empty.csv: no Nsight Compute CSV header");
	/* the wide layout */
	csv = ncu_csv_read_string(ctx, "\"ID\",\"Kernel Name\",\"gpu__time_duration.sum\"\n", "wide.csv");
	CHECK(csv == NULL);
	CHECK_CONTAINS(warpest_ctx_last_error(ctx), "wide.csv: line 1:");
	CHECK_CONTAINS(warpest_ctx_last_error(ctx), "--page raw");

	/* an unterminated quote: line 3 (after ==PROF== and the header), its column */
	snprintf(rows, sizeof(rows), "%s\"gpu__time_duration.sum\",\"usecond\",\"12\n", row_prefix);
	CHECK_CONTAINS(profile_error(ctx, rows), "bad.csv: line 3: column ");
	CHECK_CONTAINS(profile_error(ctx, rows), "malformed quoted field");
	/* too few fields */
	snprintf(rows, sizeof(rows), "\"0\",\"1\",\"app\"\n");
	CHECK_CONTAINS(profile_error(ctx, rows), "bad.csv: line 3: 3 fields, but the header has 15");

	/* a value that is not a number, in a metric the model needs */
	snprintf(rows, sizeof(rows),
		"%s\"smsp__inst_executed_op_shared_atom.sum\",\"inst\",\"lots\"\n"
		"%s\"sm__cycles_elapsed.avg\",\"cycle\",\"1,000\"\n", row_prefix, row_prefix);
	CHECK_CONTAINS(profile_error(ctx, rows),
		"bad.csv: line 3: column \"Metric Value\": cannot read 'lots' as a number "
		"(metric smsp__inst_executed_op_shared_atom.sum)");
	/* a time where cycles are expected */
	snprintf(rows, sizeof(rows),
		"%s\"smsp__inst_executed_op_shared_atom.sum\",\"inst\",\"10\"\n"
		"%s\"sm__cycles_elapsed.avg\",\"usecond\",\"1,000\"\n", row_prefix, row_prefix);
	CHECK_CONTAINS(profile_error(ctx, rows),
		"bad.csv: line 4: column \"Metric Unit\": unit 'usecond' does not fit metric "
		"sm__cycles_elapsed.avg");
	/* the instruction count is missing */
	snprintf(rows, sizeof(rows), "%s\"sm__cycles_elapsed.avg\",\"cycle\",\"1,000\"\n", row_prefix);
	CHECK_CONTAINS(profile_error(ctx, rows),
		"bad.csv: line 3: kernel 'k(int, int)' (ID 0): metric "
		"smsp__inst_executed_op_shared_atom.sum is missing");
	/* the wavefronts (for e) are missing */
	snprintf(rows, sizeof(rows),
		"%s\"smsp__inst_executed_op_shared_atom.sum\",\"inst\",\"10\"\n"
		"%s\"sm__warps_active.avg.per_cycle_active\",\"warp\",\"16\"\n"
		"%s\"sm__cycles_elapsed.avg\",\"cycle\",\"1,000\"\n", row_prefix, row_prefix, row_prefix);
	CHECK_CONTAINS(profile_error(ctx, rows),
		"metric l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum is missing");
	/* no kernel time */
	snprintf(rows, sizeof(rows),
		"%s\"smsp__inst_executed_op_shared_atom.sum\",\"inst\",\"10\"\n", row_prefix);
	CHECK_CONTAINS(profile_error(ctx, rows), "no kernel time");

	/* a complete minimal launch: N = 1320 -> 10/SM, e = 4, n = 16, c = 0,
	 * S = T(16,4)/16 = (48+16*8)/16 = 11, B = 110, T = 1100 cycles -> U = 0.1.
	 * Also checks a trailing comma and CRLF line ends. */
	snprintf(rows, sizeof(rows),
		"%s\"smsp__inst_executed_op_shared_atom.sum\",\"inst\",\"1,320\",\r\n"
		"%s\"l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum\",\"\",\"5,280\"\r\n"
		"%s\"sm__warps_active.avg.per_cycle_active\",\"warp\",\"16\"\r\n"
		"%s\"sm__cycles_elapsed.avg\",\"cycle\",\"1.1\"\r\n", row_prefix, row_prefix, row_prefix,
		row_prefix);
	/* "1.1" cycles is tiny but legal; the point is the parse. */
	CHECK(strcmp(profile_error(ctx, rows), "") == 0);
	snprintf(rows, sizeof(rows),
		"%s\"smsp__inst_executed_op_shared_atom.sum\",\"inst\",\"1,320\"\n"
		"%s\"l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum\",\"\",\"5,280\"\n"
		"%s\"sm__warps_active.avg.per_cycle_active\",\"warp\",\"16\"\n"
		"%s\"sm__cycles_elapsed.avg\",\"Kcycle\",\"1.1\"\n", row_prefix, row_prefix, row_prefix,
		row_prefix);
	char text[8192];
	snprintf(text, sizeof(text), "%s%s", header, rows);
	csv = ncu_csv_read_string(ctx, text, "ok.csv");
	CHECK(csv != NULL);
	if (csv) {
		atomic_profile *profile = atomic_profile_compute(ctx, csv, &hw, satomic_rmw);
		CHECK(profile != NULL);
		if (profile) {
			const atomic_profile_launch *l = &profile->launches[0];
			CHECK_NEAR(l->warp_instructions_per_sm, 10, 1e-12); /* table SM count */
			CHECK(strcmp(l->sm_count_source, "hardware table") == 0);
			CHECK_NEAR(l->e, 4, 1e-12);
			CHECK_NEAR(l->model.service_cycles, 11, 1e-12);
			CHECK_NEAR(l->utilisation, 0.1, 1e-12);
			CHECK_CONTAINS(l->note, "c = 0 assumed");
			atomic_profile_free(profile);
		}
		/* a table without a T grid */
		hw.atomics.present = 0;
		CHECK(atomic_profile_compute(ctx, csv, &hw, satomic_rmw) == NULL);
		CHECK_CONTAINS(warpest_ctx_last_error(ctx), "has no shared-atomic T(n,e,c) table");
		hw.atomics.present = 1;
		ncu_csv_free(csv);
	}

	/* a missing file */
	CHECK(ncu_csv_read_file(ctx, "/nonexistent/run.csv") == NULL);
	CHECK_CONTAINS(warpest_ctx_last_error(ctx), "/nonexistent/run.csv: cannot open");
	warpest_ctx_free(ctx);
}

int main(void)
{
	test_values();
	test_fixture();
	test_errors();
	if (failures) {
		fprintf(stderr, "test_atomic_profile: %d failure(s)\n", failures);
		return 1;
	}
	printf("test_atomic_profile: all passed\n");
	return 0;
}
