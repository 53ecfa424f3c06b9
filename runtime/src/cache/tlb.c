/* Distinct pages of a footprint (tlb.h). */
#include "cache/tlb.h"

int64_t tlb_pages_touched(const run_list *loads, const run_list *stores, int64_t page_bytes)
{
	if (page_bytes <= 0)
		return -1;
	run_list both, pages;
	run_list_init(&both);
	run_list_init(&pages);
	int64_t n = -1;
	if (run_list_union(loads, stores, &both) == 0 && run_list_to_units(&both, page_bytes, &pages) == 0)
		n = run_list_measure(&pages); /* units are counted in unit indices */
	run_list_free(&both);
	run_list_free(&pages);
	return n;
}
