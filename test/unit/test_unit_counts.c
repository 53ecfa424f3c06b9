/* Units touched by run lists without building them (cache/footprint.h:
 * run_list_count_units, run_list_count_units_pow2), counted by hand. */
#include "cache/footprint.h"
#include "check.h"

int main(void)
{
	run_list a, b;
	run_list_init(&a);
	run_list_init(&b);
	/* [0,8) [40,48) [100,130): sectors of 32 B 0 | 1 | 3,4 -> 4;
	 * lines of 128 B 0 | 0 | 0,1 -> 2 */
	run_list_push(&a, 0, 8);
	run_list_push(&a, 40, 48);
	run_list_push(&a, 100, 130);
	CHECK(run_list_count_units(&a, NULL, 0, 32) == 4, "4 sectors");
	CHECK(run_list_count_units(&a, NULL, 0, 128) == 2, "2 lines");
	/* moved by 120: [120,128) [160,168) [220,250): sectors 3 | 5 | 6,7 -> 4;
	 * lines 0 | 1 | 1 -> 2 */
	int64_t sectors = -1, lines = -1;
	run_list_count_units_pow2(&a, 120, 5, 7, &sectors, &lines);
	CHECK(sectors == 4 && lines == 2, "moved by 120: 4 sectors, 2 lines (got %lld, %lld)",
		(long long)sectors, (long long)lines);
	/* moved by 24: [24,32) [64,72) [124,154): sectors 0 | 2 | 3,4 -> 4 */
	CHECK(run_list_count_units(&a, NULL, 24, 32) == 4, "moved by 24: 4 sectors");
	/* a second list: [33,34) in sector 1 (shared), [64,65) in sector 2 (new): 5 */
	run_list_push(&b, 33, 34);
	run_list_push(&b, 64, 65);
	CHECK(run_list_count_units(&a, &b, 0, 32) == 5, "with a second list: 5 sectors");
	/* a unit that is not a power of two, 48 B: 0 | 0 | 2 (96..143) -> 2 */
	CHECK(run_list_count_units(&a, NULL, 0, 48) == 2, "2 units of 48 B");
	/* not sorted: [100,130) pushed before [0,8): sectors 3,4 and 0 -> 3 */
	run_list_clear(&b);
	run_list_push(&b, 100, 130);
	run_list_push(&b, 0, 8);
	CHECK(!b.normal && run_list_count_units(&b, NULL, 0, 32) == 3, "unsorted list: 3 sectors");
	/* pages: 1000 runs [16i, 16i+8) below 16000 B and one at 3 MiB. Pages
	 * of 64 KiB: 0 and 48 -> 2; of 4 KiB: 0..3 (16000 / 4096 = 3.9) and 768
	 * -> 5 (the runs inside a counted page are skipped) */
	run_list_clear(&a);
	for (int i = 0; i < 1000; i++)
		run_list_push(&a, 16 * i, 16 * i + 8);
	run_list_push(&a, (int64_t)3 << 20, ((int64_t)3 << 20) + 1);
	CHECK(run_list_count_units(&a, NULL, 0, 65536) == 2, "2 pages of 64 KiB");
	CHECK(run_list_count_units(&a, NULL, 0, 4096) == 5, "5 pages of 4 KiB");
	run_list_free(&a);
	run_list_free(&b);
	return check_summary();
}
