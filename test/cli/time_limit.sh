#!/usr/bin/env bash
# The time limit (--time-limit, warpest_config.time_limit_ms; docs/model.md
# §1, "Time limit"): an estimate whose blocks go one by one and would take
# seconds still answers within its limit, from a block sample, and says so;
# with no time left, the smallest sample; bad values are usage errors. Usage: time_limit.sh WARPEST SOURCE_DIR
set -u
warpest=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/common.bash"

# blocks evaluated lane by lane (dnf_copy_model), 345600 blocks of 256
# threads (400 waves of 864 on a100-40gb), 16 copies a thread: wave classes
# leave 3 waves and the 2 each walk looks back at, block by block. Without a
# limit the estimate and its 2 neighbours took 12.6 s on the development
# machine, so about 4 s for the estimate, far past 1000 ms on any machine.
# (One copy took 0.35 s and fit 300 ms on a faster CI machine; 300 ms was
# the limit until, under ASan on two loaded cores, even the sample missed it.)
dnf_copy_model "$tmp/copy16.json" 345600 16
args=(estimate --gpu a100-40gb --registers 32 --work-limit 0)

"$warpest" "${args[@]}" "$tmp/copy16.json" --time-limit 1000 >"$tmp/text" 2>&1
rc=$?
[ $rc -eq 0 ] && grep -q '^prediction' "$tmp/text" && ok "1000 ms: an estimate" ||
	bad "1000 ms: exit $rc: $(head -5 "$tmp/text")"
grep -qE '^blocks: sampled [0-9]+ of 864 per wave' "$tmp/text" &&
	ok "1000 ms: $(grep '^blocks:' "$tmp/text")" || bad "1000 ms: no sampling line"
grep -q 'did not fit the time limit (1000 ms): blocks sampled' "$tmp/text" &&
	ok "1000 ms: the assumption names the limit" || bad "1000 ms: no time-limit assumption"
# every thread copies 16 floats, no reuse: 16*4 = 64 B read per thread, and
# 345600*256 = 88473600 threads * 64 B = 5.662 GB per launch, sampled or not
grep -qE 'DRAM load +64\.00 B +5\.66 GB' "$tmp/text" && ok "1000 ms: DRAM load 64 B a thread, 5.66 GB" ||
	bad "1000 ms: DRAM load: $(grep 'DRAM load' "$tmp/text")"

# past the whole limit at the first look at the clock: the smallest
# sample (2 blocks a wave) of the one-copy kernel fits between two looks
# (every 2^16 work units), so still an answer, still 4 B a thread
# (88473600 * 4 B = 353.9 MB), and the assumption names the limit as
# given, not rounded to "0 ms" (which means none)
dnf_copy_model "$tmp/copy.json" 345600
"$warpest" "${args[@]}" "$tmp/copy.json" --time-limit 0.001 >"$tmp/tiny" 2>&1
grep -qE '^blocks: sampled 2 of 864 per wave' "$tmp/tiny" &&
	grep -qE 'DRAM load +4\.00 B +354 MB' "$tmp/tiny" &&
	grep -q 'time limit (0.001 ms)' "$tmp/tiny" && ok "1 us: the smallest sample, same DRAM load" ||
	bad "1 us: $(grep -E '^blocks|DRAM load|rror' "$tmp/tiny")"
# the 16-copy kernel's smallest sample does not, so the last resort: that
# sample once more with no clock, under 2^23 lane evaluations (3 waves of 2
# blocks of 256 threads, 16 copies each, about 25,000): an answer on any
# machine, whatever its load, still 64 B a thread and 5.66 GB (above)
"$warpest" "${args[@]}" "$tmp/copy16.json" --time-limit 0.001 >"$tmp/last" 2>&1
rc=$?
[ $rc -eq 0 ] && grep -qE '^blocks: sampled 2 of 864 per wave' "$tmp/last" &&
	grep -qE 'DRAM load +64\.00 B +5\.66 GB' "$tmp/last" &&
	grep -q 'the smallest sample taken with no clock instead, under 8388608 lane evaluations (the last resort)' "$tmp/last" &&
	ok "1 us, 16 copies: the last resort, same DRAM load" ||
	bad "1 us, 16 copies: exit $rc: $(grep -E '^blocks|DRAM load|rror|resort' "$tmp/last")"
expect_error "negative limit" "--time-limit needs milliseconds" "$warpest" "${args[@]}" "$tmp/copy.json" --time-limit -5
expect_error "not a number" "--time-limit needs milliseconds" "$warpest" "${args[@]}" "$tmp/copy.json" --time-limit nan

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
