/* The monotonic clock that time budgets are measured on. */
#ifndef WARPEST_CLOCK_H
#define WARPEST_CLOCK_H

/* Seconds since an arbitrary fixed point; never goes back. */
double clock_seconds(void);

#endif
