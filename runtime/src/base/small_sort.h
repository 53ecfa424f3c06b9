/* Insertion sort for the short, mostly ascending int64 arrays of a warp's
 * lanes and of a group's shift events (at most a few hundred entries):
 * linear when they are already in order. */
#ifndef WARPEST_SMALL_SORT_H
#define WARPEST_SMALL_SORT_H

#include <stdint.h>

static inline void small_sort_int64(int64_t *v, int n)
{
	for (int i = 1; i < n; i++) {
		int64_t x = v[i];
		int j = i - 1;
		for (; j >= 0 && v[j] > x; j--)
			v[j + 1] = v[j];
		v[j + 1] = x;
	}
}

#endif
