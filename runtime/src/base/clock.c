/* The monotonic clock: wall time, unaffected by changes to the date, which
 * is what a host waiting on an estimate experiences. */
#define _POSIX_C_SOURCE 199309L
#include "base/clock.h"

#include <time.h>

double clock_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}
