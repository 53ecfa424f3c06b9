/* A minimal checking harness for the unit tests: each CHECK prints its
 * outcome; main returns the number of failures. */
#ifndef WARPEST_TEST_CHECK_H
#define WARPEST_TEST_CHECK_H

#include <math.h>
#include <stdio.h>

static int check_failures;

#define CHECK(cond, ...) do { \
	int ok_ = (cond); \
	printf("%s: ", ok_ ? "ok  " : "FAIL"); \
	printf(__VA_ARGS__); \
	printf("\n"); \
	if (!ok_) { \
		check_failures++; \
		printf("      at %s:%d: %s\n", __FILE__, __LINE__, #cond); \
	} \
} while (0)

#define CHECK_NEAR(got, want, tol, what) \
	CHECK(fabs((double)(got) - (double)(want)) <= (tol), "%s = %.6g (expected %.6g)", what, \
		(double)(got), (double)(want))

static inline int check_summary(void)
{
	printf("%s: %d failure(s)\n", check_failures ? "FAILED" : "PASSED", check_failures);
	return check_failures != 0;
}

#endif
