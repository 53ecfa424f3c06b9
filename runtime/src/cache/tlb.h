/* Pages touched by a wave (paper 000's future work: "the relevant program
 * metric would be TLB pages accessed by the current wave"). Reported only:
 * no published TLB measurement exists for the bundled GPUs to calibrate a
 * limiter or a penalty with (docs/model.md, "TLB"). */
#ifndef WARPEST_CACHE_TLB_H
#define WARPEST_CACHE_TLB_H

#include <stdint.h>

#include "cache/footprint.h"

/* Page size counted: 2 MiB, the large page CUDA's allocator uses for
 * device memory (warpspeed counts 2 MB pages per wave the same way). */
#define TLB_PAGE_BYTES ((int64_t)2 << 20)

/* Distinct pages of `page_bytes` that the byte runs `loads` and `stores`
 * touch together; -1 when out of memory. Fields lie 2^40 apart, so a page
 * never spans two fields. */
int64_t tlb_pages_touched(const run_list *loads, const run_list *stores, int64_t page_bytes);

#endif
