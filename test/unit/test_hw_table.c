/* Unit test of the hardware tables and their reader (docs/hardware-table.md):
 * every bundled table loads, key values are what hardware-facts.md says, the
 * curve and Gompertz lookups match hand arithmetic, and broken tables fail
 * with messages that name the file and the field. */
#define _POSIX_C_SOURCE 200809L

#include "hardware/hw_table.h"
#include "hardware/hw_list.h"

#include <json-c/json.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TABLES_DIR WARPEST_SOURCE_DIR "/runtime/tables"

static int failures;

static void check(int ok, const char *what)
{
	printf("%s: %s\n", ok ? "ok  " : "FAIL", what);
	if (!ok)
		failures++;
}

static void check_near(double got, double want, double tolerance, const char *what)
{
	char line[256];
	snprintf(line, sizeof(line), "%s (got %.6f, want %.6f)", what, got, want);
	check(fabs(got - want) <= tolerance, line);
}

/* The error left in ctx contains every one of the given fragments. */
static void check_error(warpest_ctx *ctx, const char *what, const char *fragment1,
	const char *fragment2, const char *fragment3)
{
	const char *message = warpest_ctx_last_error(ctx);
	const char *fragments[] = { fragment1, fragment2, fragment3 };
	int ok = message[0] != '\0';
	for (int i = 0; i < 3; i++)
		if (fragments[i] && !strstr(message, fragments[i]))
			ok = 0;
	char line[1400];
	snprintf(line, sizeof(line), "%s -> \"%s\"", what, message);
	check(ok, line);
}

/* Sorted as warpest_hw_list sorts (strcmp: '-' before digits). */
static const char *const bundled_ids[] = {
	"a100-40gb", "a100-80gb", "a100-pcie-40gb", "h100-pcie", "h100-sxm", "h100-sxm-measured",
	"h200", "h200-measured", "rtx-a4000", "rtx-a6000", "rtx2080super", "v100"
};
#define N_BUNDLED ((int)(sizeof(bundled_ids) / sizeof(bundled_ids[0])))

static void test_bundled_tables(warpest_ctx *ctx)
{
	char **ids;
	int count = warpest_hw_list(ctx, TABLES_DIR, &ids);
	check(count == N_BUNDLED, "warpest_hw_list finds every bundled table (12)");
	for (int i = 0; i < count && i < N_BUNDLED; i++)
		check(strcmp(ids[i], bundled_ids[i]) == 0, "warpest_hw_list is sorted by id");
	if (count > 0)
		warpest_hw_list_free(ids, count);

	for (int i = 0; i < N_BUNDLED; i++) {
		char line[256];
		warpest_hw *hw = warpest_hw_find(ctx, TABLES_DIR, bundled_ids[i]);
		snprintf(line, sizeof(line), "%s loads (%s)", bundled_ids[i],
			hw ? warpest_hw_name(hw) : warpest_ctx_last_error(ctx));
		check(hw != NULL, line);
		if (!hw)
			continue;
		check(strcmp(warpest_hw_id(hw), bundled_ids[i]) == 0, "  id equals the file stem");
		int sourced = hw->sm_count.provenance[0] && hw->l2_bandwidth.provenance[0] &&
			hw->dram_bandwidth.provenance[0] && hw->carveouts_provenance[0] &&
			hw->l1_tag_wavefronts.provenance[0] && hw->hit_l2_store.provenance[0];
		check(sourced, "  values carry their provenance");
		check(hw->atomics.present && hw->atomics.provisional,
			"  has a provisional shared-atomic table");
		check(hw->l1_tag_wavefronts.n == 7, "  tag-wavefront curve has 7 points");
		warpest_hw_free(hw);
	}
}

static void test_key_values(warpest_ctx *ctx)
{
	const double MiB = 1024.0 * 1024.0;
	warpest_hw *h100 = warpest_hw_find(ctx, TABLES_DIR, "H100-SXM"); /* case-insensitive */
	check(h100 != NULL, "find 'H100-SXM' ignores case");
	if (h100) {
		check(h100->sm_count.value == 132, "h100-sxm: 132 SMs");
		check(h100->clock_mhz.value == 1980, "h100-sxm: 1980 MHz");
		check(h100->cc_major == 9 && h100->cc_minor == 0, "h100-sxm: compute capability 9.0");
		check(h100->fp64_per_cycle.value == 64, "h100-sxm: 64 FP64 lanes per SM");
		check(h100->n_carveouts == 10 && h100->carveouts_kb[9] == 228,
			"h100-sxm: 10 carveouts up to 228 KB");
		check(h100->shared_reserved_per_block.value == 1024, "h100-sxm: 1 KB reserved per block");
		check(strncmp(h100->sm_count.provenance, "datasheet:", 10) == 0,
			"h100-sxm: SM count is a datasheet value");
		check(strncmp(h100->dram_bandwidth.provenance, "inference:", 10) == 0,
			"h100-sxm: DRAM bandwidth is marked as an inference");
		warpest_hw_free(h100);
	}
	const char *a100s[] = { "a100-40gb", "a100-80gb" };
	for (int i = 0; i < 2; i++) {
		warpest_hw *a100 = warpest_hw_find(ctx, TABLES_DIR, a100s[i]);
		check(a100 && a100->l2_effective_bytes.value == 20 * MiB, "A100: effective L2 20 MB");
		check(a100 && a100->l2_bytes.value == 40 * MiB, "A100: nominal L2 40 MB");
		check(a100 && a100->sm_count.value == 108, "A100: 108 SMs");
		warpest_hw_free(a100);
	}
	warpest_hw *turing = warpest_hw_find(ctx, TABLES_DIR, "rtx2080super");
	if (turing) {
		check(turing->l1_bytes_per_cycle.value == 64, "rtx2080super: 64 B/clk L1 path");
		check(turing->dram_fetch_bytes.value == 32, "rtx2080super: 32 B DRAM fetch (GDDR6)");
		check(turing->max_warps_per_sm.value == 32, "rtx2080super: 32 warps per SM");
		check(turing->shared_reserved_per_block.value == 0, "rtx2080super: no reserved shared memory");
		/* Before sm_80 an unused-result increment is an ordinary ATOMS.ADD:
		 * no t_unused grid, which the reader leaves all zero. */
		check(turing->atomics.t_unused[0][0] == 0 && turing->atomics.t_unused[3][5] == 0,
			"rtx2080super: no unused-result atomic grid before sm_80");
		warpest_hw_free(turing);
	}
	warpest_hw *h200 = warpest_hw_find(ctx, TABLES_DIR, "h200");
	if (h200) {
		check_near(h200->dram_bandwidth.value, 0.9 * 4.8e12, 1e6, "h200: DRAM 0.9 * 4.8 TB/s");
		/* Paper 001's shape: S = T/n falls with n, rises with e; CAS costs more; unused cheaper. */
		const hw_atomic_table *t = &h200->atomics;
		int last_n = t->n_count - 1, last_e = t->e_count - 1;
		check(t->t_rmw[last_n][0] / t->n_values[last_n] < t->t_rmw[0][0] / t->n_values[0],
			"h200 atomics: service time falls as n grows");
		check(t->t_rmw[2][last_e] > t->t_rmw[2][0], "h200 atomics: more active lanes cost more");
		check(t->t_cas[2][3] > t->t_rmw[2][3], "h200 atomics: CAS costs more than fetch-and-add");
		check(t->t_unused[2][3] < t->t_rmw[2][3], "h200 atomics: unused increments are cheaper");
		warpest_hw_free(h200);
	}
}

/* The tables for the GPUs of the validation sets (docs/hardware-table.md, "Tables for the
 * validation sets"), checked against figures stated here by hand. */
static void test_validation_gpus(warpest_ctx *ctx)
{
	const double MiB = 1024.0 * 1024.0;

	/* convolution A100: device_name "NVIDIA A100-PCIE-40GB". */
	warpest_hw *a100 = warpest_hw_find(ctx, TABLES_DIR, "a100-pcie-40gb");
	check(a100 != NULL, "a100-pcie-40gb loads");
	if (a100) {
		check(strcmp(warpest_hw_name(a100), "NVIDIA A100-PCIE-40GB") == 0,
			"a100-pcie-40gb: name is the measured device_name");
		check(a100->cc_major == 8 && a100->cc_minor == 0, "a100-pcie-40gb: compute capability 8.0");
		check(a100->sm_count.value == 108, "a100-pcie-40gb: 108 SMs");
		check(a100->clock_mhz.value == 1410, "a100-pcie-40gb: 1410 MHz boost, as the SXM4 card");
		check(a100->l2_bytes.value == 40 * MiB && a100->l2_effective_bytes.value == 20 * MiB,
			"a100-pcie-40gb: 40 MB L2, 20 MB effective (split L2)");
		check(a100->fp64_per_cycle.value == 32 && a100->ldst_per_cycle.value == 32,
			"a100-pcie-40gb: 32 FP64 lanes, 32 LSUs per SM");
		/* HBM2: 5120 bit / 8 * 2 transfers * 1215 MHz = 1555.2 GB/s theoretical; the
		 * gpu-benches triad on an A100-40GB (SXM4) reached 1375 GB/s. */
		const double peak = 5120.0 / 8.0 * 2.0 * 1215e6;
		check_near(peak, 1555.2e9, 1e6, "a100-pcie-40gb: theoretical DRAM 1555 GB/s");
		check_near(a100->dram_bandwidth.value, 1375e9, 1e6, "a100-pcie-40gb: DRAM 1375 GB/s (triad)");
		check(a100->dram_bandwidth.value < peak, "a100-pcie-40gb: achievable below theoretical");
		check(strncmp(a100->dram_bandwidth.provenance, "inference:", 10) == 0,
			"a100-pcie-40gb: DRAM carried over from another board is an inference");
		warpest_hw_free(a100);
	}

	/* The GA10x cards: cc 8.6 occupancy and SM resources, unsplit L2, GDDR6. */
	struct {
		const char *id, *name;
		int sms, clock, l2_mib, bus_bits;
		double gbps, dram_want, l2bw_want;
	} ga10x[] = {
		/* 256 bit / 8 * 14 Gbps = 448 GB/s; times the A40's triad/theoretical 663 / 695.8. */
		{ "rtx-a4000", "NVIDIA RTX A4000", 48, 1560, 4, 256, 14.0, 663.0 / 695.8 * 448e9,
		  2.4e12 / (84 * 1.74e9) * 48 * 1.56e9 },
		/* 384 bit / 8 * 16 Gbps = 768 GB/s; the A40 triad scaled by 768 / 695.8. */
		{ "rtx-a6000", "NVIDIA RTX A6000", 84, 1800, 6, 384, 16.0, 663e9 * 768.0 / 695.8,
		  2.4e12 * 1800.0 / 1740.0 },
	};
	for (int i = 0; i < 2; i++) {
		char line[200];
#define CHECKF(cond, ...) do { snprintf(line, sizeof(line), __VA_ARGS__); check(cond, line); } while (0)
		const char *id = ga10x[i].id;
		warpest_hw *hw = warpest_hw_find(ctx, TABLES_DIR, id);
		CHECKF(hw != NULL, "%s loads", id);
		if (!hw)
			continue;
		CHECKF(strcmp(warpest_hw_name(hw), ga10x[i].name) == 0, "%s: name is the measured device_name", id);
		CHECKF(hw->cc_major == 8 && hw->cc_minor == 6, "%s: compute capability 8.6", id);
		CHECKF(hw->sm_count.value == ga10x[i].sms, "%s: %d SMs", id, ga10x[i].sms);
		CHECKF(hw->clock_mhz.value == ga10x[i].clock, "%s: %d MHz boost", id, ga10x[i].clock);
		CHECKF(hw->max_threads_per_sm.value == 1536 && hw->max_warps_per_sm.value == 48 &&
			hw->max_blocks_per_sm.value == 16, "%s: 1536 threads, 48 warps, 16 blocks per SM", id);
		CHECKF(hw->registers_per_sm.value == 65536, "%s: 64K registers per SM", id);
		CHECKF(hw->l1_unified_bytes.value == 128 * 1024 && hw->n_carveouts == 6 &&
			hw->carveouts_kb[5] == 100, "%s: 128 KB L1/shared, carve-outs up to 100 KB", id);
		CHECKF(hw->max_shared_per_block.value == 99 * 1024, "%s: 99 KB shared per block (100 - 1 reserved)", id);
		CHECKF(hw->l1_bytes_per_cycle.value == 64 && hw->ldst_per_cycle.value == 16,
			"%s: 64 B/clk L1 path, 16 LSUs (as GA102)", id);
		CHECKF(hw->fp32_per_cycle.value == 128 && hw->fp64_per_cycle.value == 2,
			"%s: 128 FP32 lanes, FP64 1/64 of that", id);
		CHECKF(hw->l2_bytes.value == ga10x[i].l2_mib * MiB, "%s: %d MB L2", id, ga10x[i].l2_mib);
		CHECKF(hw->l2_effective_bytes.value == hw->l2_bytes.value, "%s: L2 not split, effective = nominal", id);
		CHECKF(hw->dram_fetch_bytes.value == 32, "%s: 32 B DRAM fetch (GDDR6)", id);
		const double peak = ga10x[i].bus_bits / 8.0 * ga10x[i].gbps * 1e9;
		CHECKF(peak == (i == 0 ? 448e9 : 768e9), "%s: theoretical DRAM %.0f GB/s", id, peak / 1e9);
		snprintf(line, sizeof(line), "%s: achievable DRAM in GB/s, A40-calibrated", id);
		check_near(hw->dram_bandwidth.value / 1e9, ga10x[i].dram_want / 1e9, 0.1, line);
		CHECKF(hw->dram_bandwidth.value < peak, "%s: achievable DRAM below theoretical", id);
		snprintf(line, sizeof(line), "%s: L2 bandwidth in TB/s, A40-calibrated", id);
		check_near(hw->l2_bandwidth.value / 1e12, ga10x[i].l2bw_want / 1e12, 0.01, line);
		CHECKF(hw->atomics.present && hw->atomics.provisional &&
			hw->atomics.n_values[hw->atomics.n_count - 1] == 48 && hw->atomics.t_unused[0][0] > 0,
			"%s: provisional atomic grid up to n = 48 warps, with unused-result increments", id);
		warpest_hw_free(hw);
#undef CHECKF
	}
}

static void test_lookups(void)
{
	/* SPEC 5.1 tag wavefronts: lines 1,2,3,4,8,16,32 -> 1,1.24,1.62,1.89,2.8,4.7,8.3 */
	hw_curve curve = { .n = 7, .x = { 1, 2, 3, 4, 8, 16, 32 },
		.y = { 1, 1.24, 1.62, 1.89, 2.8, 4.7, 8.3 } };
	check_near(hw_curve_eval(&curve, 0.5), 1.0, 1e-12, "curve clamps below the first point");
	check_near(hw_curve_eval(&curve, 100), 8.3, 1e-12, "curve clamps above the last point");
	check_near(hw_curve_eval(&curve, 3), 1.62, 1e-12, "curve hits a sample point exactly");
	/* x = 6 lies half-way from 4 to 8: 1.89 + 0.5 * (2.8 - 1.89) = 2.345 */
	check_near(hw_curve_eval(&curve, 6), 2.345, 1e-12, "curve interpolates between 4 and 8");
	/* x = 2.5: 1.24 + 0.5 * (1.62 - 1.24) = 1.43 */
	check_near(hw_curve_eval(&curve, 2.5), 1.43, 1e-12, "curve interpolates between 2 and 3");
	hw_curve empty = { .n = 0 };
	check(isnan(hw_curve_eval(&empty, 1)), "an empty curve evaluates to NaN");

	/* L1 redundant loads (0.66, 6.77, 1.45) at o = 1:
	 * exp(-1.45) = 0.2345703; 6.77 * 0.2345703 = 1.5880409; exp(-1.5880409) = 0.2043255;
	 * miss = 0.66 * 0.2043255 = 0.1348548; hit = 0.8651452 */
	hw_gompertz l1 = { .a = 0.66, .b = 6.77, .c = 1.45 };
	check_near(hw_gompertz_hit(&l1, 1.0), 0.8651452, 1e-6, "Gompertz L1 hit at o = 1");
	/* o = 0: miss = 0.66 * exp(-6.77) = 0.66 * 0.0011473 = 0.0007572; hit = 0.9992428 */
	check_near(hw_gompertz_hit(&l1, 0.0), 0.9992428, 1e-6, "Gompertz L1 hit at o = 0");
	/* o -> infinity: miss -> a = 0.66; hit -> 0.34 */
	check_near(hw_gompertz_hit(&l1, 1e6), 0.34, 1e-9, "Gompertz L1 hit at large o");
	/* Wave overlap (1.0, 37.1, 3.2) at o = 1:
	 * exp(-3.2) = 0.0407622; 37.1 * 0.0407622 = 1.5122778; exp(-1.5122778) = 0.2204074;
	 * hit = 1 - 0.2204074 = 0.7795926 */
	hw_gompertz wave = { .a = 1.0, .b = 37.1, .c = 3.2 };
	check_near(hw_gompertz_hit(&wave, 1.0), 0.7795926, 1e-6, "Gompertz wave-overlap hit at o = 1");
	/* L2 loads (0.2, 7.56, 0.67) at o = 2:
	 * exp(-1.34) = 0.2618457; 7.56 * 0.2618457 = 1.9795533; exp(-1.9795533) = 0.1381309;
	 * hit = 1 - 0.2 * 0.1381309 = 0.9723738 */
	hw_gompertz l2 = { .a = 0.2, .b = 7.56, .c = 0.67 };
	check_near(hw_gompertz_hit(&l2, 2.0), 0.9723738, 1e-6, "Gompertz L2 load hit at o = 2");
	check(hw_gompertz_hit(&wave, 0.5) > hw_gompertz_hit(&wave, 1.5),
		"Gompertz hit rate falls as oversubscription grows");
}

/* Reads the H100 table, lets `edit` break it, and reads the result back
 * under the real file name so that messages name it. */
static warpest_hw *read_edited(warpest_ctx *ctx, void (*edit)(struct json_object *root))
{
	struct json_object *root = json_object_from_file(TABLES_DIR "/h100-sxm.json");
	if (!root)
		return NULL;
	edit(root);
	warpest_hw *hw = warpest_hw_read_string(ctx,
		json_object_to_json_string_ext(root, JSON_C_TO_STRING_PLAIN),
		TABLES_DIR "/h100-sxm.json");
	json_object_put(root);
	return hw;
}

static void drop_l2_bandwidth(struct json_object *root)
{
	json_object_object_del(root, "l2_bandwidth");
}

static void sm_count_as_string(struct json_object *root)
{
	struct json_object *sm;
	json_object_object_get_ex(root, "sm_count", &sm);
	json_object_object_add(sm, "value", json_object_new_string("132"));
}

static void l2_bytes_as_number(struct json_object *root)
{
	json_object_object_add(root, "l2_bytes", json_object_new_int(50));
}

static void drop_gompertz_source(struct json_object *root)
{
	struct json_object *g;
	json_object_object_get_ex(root, "hit_l2_load", &g);
	json_object_object_del(g, "source");
}

static void misspelt_key(struct json_object *root)
{
	json_object_object_add(root, "l2_bandwith", json_object_new_int(1));
}

static void short_atomic_row(struct json_object *root)
{
	struct json_object *atomics, *rows;
	json_object_object_get_ex(root, "atomics", &atomics);
	json_object_object_get_ex(atomics, "t_cas", &rows);
	json_object_array_del_idx(json_object_array_get_idx(rows, 2), 0, 1);
}

static void wrong_id(struct json_object *root)
{
	json_object_object_add(root, "id", json_object_new_string("h100"));
}

static void negative_clock(struct json_object *root)
{
	struct json_object *clock;
	json_object_object_get_ex(root, "clock_mhz", &clock);
	json_object_object_add(clock, "value", json_object_new_double(-1.0));
}

/* 1e20 SMs were cast to int unchecked */
static void huge_sm_count(struct json_object *root)
{
	struct json_object *sm;
	json_object_object_get_ex(root, "sm_count", &sm);
	json_object_object_add(sm, "value", json_object_new_double(1e20));
}

static void effective_above_nominal(struct json_object *root)
{
	struct json_object *effective;
	json_object_object_get_ex(root, "l2_effective_bytes", &effective);
	json_object_object_add(effective, "value", json_object_new_int64(60LL << 20));
}

static void test_errors(warpest_ctx *ctx)
{
	const char *file = "runtime/tables/h100-sxm.json";
	warpest_hw *hw;

	hw = read_edited(ctx, drop_l2_bandwidth);
	check(hw == NULL, "a table without l2_bandwidth is rejected");
	check_error(ctx, "  message names file and field", file, "field 'l2_bandwidth'", "missing");

	hw = read_edited(ctx, sm_count_as_string);
	check(hw == NULL, "a string SM count is rejected");
	check_error(ctx, "  message names file and field", file, "field 'sm_count.value'",
		"positive integer");

	hw = read_edited(ctx, l2_bytes_as_number);
	check(hw == NULL, "a bare number instead of {value, source} is rejected");
	check_error(ctx, "  message names file and field", file, "field 'l2_bytes'", "object");

	hw = read_edited(ctx, drop_gompertz_source);
	check(hw == NULL, "a Gompertz curve without a source is rejected");
	check_error(ctx, "  message names file and field", file, "field 'hit_l2_load.source'", "missing");

	hw = read_edited(ctx, misspelt_key);
	check(hw == NULL, "a misspelt key is rejected");
	check_error(ctx, "  message names file and field", file, "field 'l2_bandwith'", "schema");

	hw = read_edited(ctx, short_atomic_row);
	check(hw == NULL, "an atomic row of the wrong length is rejected");
	check_error(ctx, "  message names file and field", file, "field 'atomics.t_cas[2]'", NULL);

	hw = read_edited(ctx, wrong_id);
	check(hw == NULL, "an id that differs from the file stem is rejected");
	check_error(ctx, "  message names file and field", file, "field 'id'", "h100-sxm");

	hw = read_edited(ctx, negative_clock);
	check(hw == NULL, "a negative clock is rejected");
	check_error(ctx, "  message names file and field", file, "field 'clock_mhz.value'", "positive");

	hw = read_edited(ctx, huge_sm_count);
	check(hw == NULL, "an SM count of 1e20 is rejected");
	check_error(ctx, "  message names file, field and bound", file, "field 'sm_count.value'",
		"at most 65536");

	hw = read_edited(ctx, effective_above_nominal);
	check(hw == NULL, "an effective L2 above the nominal size is rejected");
	check_error(ctx, "  message names file and field", file, "field 'l2_effective_bytes'", NULL);

	hw = warpest_hw_read_string(ctx, "{\"format\": \"warpest-hardware-table\",\n \"schema_version\": ",
		"broken.json");
	check(hw == NULL, "truncated JSON is rejected");
	check_error(ctx, "  message names file and position", "broken.json:2:", "invalid JSON", NULL);

	hw = warpest_hw_read_string(ctx, "{\"format\": \"warpest-kernel-model\"}", "kernel.json");
	check(hw == NULL, "a file of another format is rejected");
	check_error(ctx, "  message names file and field", "kernel.json", "field 'format'",
		"warpest-hardware-table");

	hw = warpest_hw_find(ctx, TABLES_DIR, "b200");
	check(hw == NULL, "an unknown GPU id is rejected");
	check_error(ctx, "  message names the id and lists the known ones", "'b200'", "h100-sxm",
		"rtx2080super");

	hw = warpest_hw_read_file(ctx, TABLES_DIR "/no-such-gpu.json");
	check(hw == NULL, "a missing file is rejected");
	check_error(ctx, "  message names the file", "no-such-gpu.json", "cannot open", NULL);

	char **ids;
	int count = warpest_hw_list(ctx, TABLES_DIR "/no-such-dir", &ids);
	check(count < 0, "listing a missing directory fails");
	check_error(ctx, "  message names the directory", "no-such-dir", NULL, NULL);
}

static void test_default_dir(warpest_ctx *ctx)
{
	setenv("WARPEST_TABLES", TABLES_DIR, 1);
	check(strcmp(warpest_hw_default_dir(), TABLES_DIR) == 0, "WARPEST_TABLES names the default dir");
	warpest_hw *hw = warpest_hw_find(ctx, NULL, "v100");
	check(hw && hw->sm_count.value == 80, "find with dir NULL uses WARPEST_TABLES (v100: 80 SMs)");
	warpest_hw_free(hw);
}

int main(void)
{
	warpest_ctx *ctx = warpest_ctx_alloc();
	if (!ctx)
		return 1;
	test_bundled_tables(ctx);
	test_key_values(ctx);
	test_validation_gpus(ctx);
	test_lookups();
	test_errors(ctx);
	test_default_dir(ctx);
	warpest_ctx_free(ctx);
	printf("%s: %d failure%s\n", failures ? "FAILED" : "PASSED", failures, failures == 1 ? "" : "s");
	return failures ? 1 : 0;
}
