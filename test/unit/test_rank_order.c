/* The ranking's volume tie-breaks (report/rank.c): volumes compared to 3
 * significant digits, so that a kilobyte at a wave's edge does not decide
 * between configurations whose predicted times are equal. */
#include "report/rank_order.h"
#include "check.h"

int main(void)
{
	/* 134676160 and 134677312 B (two convolution shapes, equal in time):
	 * both 1.35e8 -> a tie, the L2 bytes decide */
	CHECK_NEAR(rank_volume_key(134676160), 1.35e8, 1e-3, "rank_volume_key(134676160)");
	CHECK_NEAR(rank_volume_key(134677312), 1.35e8, 1e-3, "rank_volume_key(134677312)");
	/* a difference at the third digit still orders: 1.36e8 > 1.35e8 */
	CHECK(rank_volume_key(1.3635e8) > rank_volume_key(1.35e8), "1.3635e8 ranks after 1.35e8");
	/* 557842432 -> 5.58e8, 367001600 -> 3.67e8 */
	CHECK_NEAR(rank_volume_key(557842432), 5.58e8, 1e-3, "rank_volume_key(557842432)");
	CHECK_NEAR(rank_volume_key(367001600), 3.67e8, 1e-3, "rank_volume_key(367001600)");
	/* small and empty volumes */
	CHECK_NEAR(rank_volume_key(12345), 12300, 1e-9, "rank_volume_key(12345)");
	CHECK(rank_volume_key(0) == 0 && rank_volume_key(-1) == 0, "no volume: 0");
	return check_summary();
}
