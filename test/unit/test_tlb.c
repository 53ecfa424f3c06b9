/* Pages touched by a footprint (cache/tlb.h), counted by hand. */
#include "cache/tlb.h"
#include "check.h"

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
	return check_summary();
}
