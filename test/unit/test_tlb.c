/* Pages touched by a footprint (cache/tlb.h), counted by hand. */
#include <json-c/json.h>
#include <stdlib.h>
#include <string.h>

#include "cache/tlb.h"
#include "check.h"
#include "warpest/warpest.h"

/* dst[x] = src[x] over floats, n = 442368 threads */
static const char copy_model[] =
	"{\"format\": \"warpest-kernel-model\", \"version\": 1, \"kernel\": \"copy\","
	" \"params\": [{\"name\": \"n\", \"value\": 442368}],"
	" \"defs\": {\"x\": \"tid.x + ctaid.x*ntid.x\"}, \"threads\": {\"x\": \"n\"},"
	" \"fields\": [{\"name\": \"src\", \"space\": \"global\", \"elem_bytes\": 4, \"dims\": [\"n\"]},"
	"  {\"name\": \"dst\", \"space\": \"global\", \"elem_bytes\": 4, \"dims\": [\"n\"]}],"
	" \"accesses\": [{\"field\": \"src\", \"kind\": \"load\", \"bytes\": 4, \"index\": [\"x\"]},"
	"  {\"field\": \"dst\", \"kind\": \"store\", \"bytes\": 4, \"index\": [\"x\"]}]}";

/* The reported wave's pages through an estimate: a100-40gb, blocks of 256
 * threads, 32 registers: 8 blocks per SM, 108 SMs, waves of 864 blocks =
 * 221184 threads = 884736 B of each array; n = 2 waves. Either wave covers
 * [0, 884736) or [884736, 1769472) of src and of dst: inside page 0 of each
 * field (2 MiB = 2097152 B), fields 2^40 apart: 2 pages. */
static void test_report(void)
{
	warpest_ctx *ctx = warpest_ctx_alloc();
	warpest_hw *hw = warpest_hw_find(ctx, NULL, "a100-40gb");
	warpest_kernel *k = warpest_kernel_read_string(ctx, copy_model, "copy");
	CHECK(hw && k, "table and model");
	warpest_config config;
	warpest_config_init(&config);
	config.block[0] = 256;
	config.registers = 32;
	config.skip_neighbours = 1;
	warpest_estimate *e = hw && k ? warpest_estimate_compute(ctx, k, hw, &config) : NULL;
	CHECK(e != NULL, "estimate");
	char *json = e ? warpest_estimate_to_json(e) : NULL;
	json_object *root = json ? json_tokener_parse(json) : NULL, *mem = NULL, *pages = NULL;
	CHECK(root && json_object_object_get_ex(root, "memory", &mem) &&
		json_object_object_get_ex(mem, "reported_wave_tlb_pages", &pages), "report has the pages");
	CHECK(pages && json_object_get_double(pages) == 2.0, "2 pages (got %g)",
		pages ? json_object_get_double(pages) : -1.0);
	json_object_put(root);
	free(json);
	warpest_estimate_free(e);
	warpest_kernel_free(k);
	warpest_hw_free(hw);
	warpest_ctx_free(ctx);
}

#define MIB ((int64_t)1 << 20)

int main(void)
{
	run_list loads, stores;
	run_list_init(&loads);
	run_list_init(&stores);
	/* loads: [0, 100) in page 0, [3 MiB, 3 MiB + 10) in page 1, and 8 B of
	 * a second field at 2^40 (page 2^40 / 2^21 = 524288); stores: 2 B
	 * across the page 0/1 boundary. Pages {0, 1, 524288}: 3. */
	run_list_push(&loads, 0, 100);
	run_list_push(&loads, 3 * MIB, 3 * MIB + 10);
	run_list_push(&loads, (int64_t)1 << 40, ((int64_t)1 << 40) + 8);
	run_list_push(&stores, 2 * MIB - 1, 2 * MIB + 1);
	CHECK(run_list_normalize(&loads) == 0 && run_list_normalize(&stores) == 0, "lists normalise");
	CHECK(tlb_pages_touched(&loads, &stores, TLB_PAGE_BYTES) == 3, "3 pages of 2 MiB");
	/* 64 KiB pages: [0,100) page 0; 3 MiB = page 48; 2 MiB - 1 page 31 and
	 * 2 MiB page 32; the second field one more: 5 */
	CHECK(tlb_pages_touched(&loads, &stores, 64 * 1024) == 5, "5 pages of 64 KiB");
	run_list_clear(&loads);
	run_list_clear(&stores);
	CHECK(tlb_pages_touched(&loads, &stores, TLB_PAGE_BYTES) == 0, "no footprint, no pages");
	CHECK(tlb_pages_touched(&loads, &stores, 0) == -1, "page size 0 is refused");
	run_list_free(&loads);
	run_list_free(&stores);
	test_report();
	return check_summary();
}
