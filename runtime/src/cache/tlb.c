/* Distinct pages of a footprint (tlb.h). */
#include "cache/tlb.h"

int64_t tlb_pages_touched(const run_list *loads, const run_list *stores, int64_t page_bytes)
{
	if (page_bytes <= 0)
		return -1;
	return run_list_count_units(loads, stores, 0, page_bytes);
}
