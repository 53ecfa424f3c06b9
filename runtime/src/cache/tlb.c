/* Distinct pages of a footprint (tlb.h). */
#include "cache/tlb.h"

int64_t tlb_pages_touched(const run_list *loads, const run_list *stores, int64_t page_bytes)
{
	if (page_bytes <= 0)
		return -1;
	/* each list to sorted page runs first: the byte lists need not be sorted */
	run_list load_pages, store_pages, pages;
	run_list_init(&load_pages);
	run_list_init(&store_pages);
	run_list_init(&pages);
	int64_t n = -1;
	if (run_list_to_units(loads, page_bytes, &load_pages) == 0 &&
	    run_list_to_units(stores, page_bytes, &store_pages) == 0 &&
	    run_list_union(&load_pages, &store_pages, &pages) == 0 && run_list_normalize(&pages) == 0)
		n = run_list_measure(&pages); /* units are counted in unit indices */
	run_list_free(&load_pages);
	run_list_free(&store_pages);
	run_list_free(&pages);
	return n;
}
