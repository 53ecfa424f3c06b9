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

# blocks evaluated one by one (dnf_copy_model), 345600 blocks of 256
# threads (400 waves of 864 on a100-40gb): a tenth of it took 1.4 s
# without a limit on the development machine, so about 14 s, far past 300 ms anywhere
dnf_copy_model "$tmp/copy.json" 345600
args=(estimate "$tmp/copy.json" --gpu a100-40gb --registers 32 --work-limit 0)

"$warpest" "${args[@]}" --time-limit 300 >"$tmp/text" 2>&1
rc=$?
[ $rc -eq 0 ] && grep -q '^prediction' "$tmp/text" && ok "300 ms: an estimate" ||
	bad "300 ms: exit $rc: $(head -5 "$tmp/text")"
grep -qE '^blocks: sampled [0-9]+ of 864 per wave' "$tmp/text" &&
	ok "300 ms: $(grep '^blocks:' "$tmp/text")" || bad "300 ms: no sampling line"
grep -q 'did not fit the time limit (300 ms): blocks sampled' "$tmp/text" &&
	ok "300 ms: the assumption names the limit" || bad "300 ms: no time-limit assumption"
# every thread copies one float, no reuse: 4 B read per thread, and
# 88473600 threads * 4 B = 353.9 MB per launch, sampled or not
grep -qE 'DRAM load +4\.00 B +354 MB' "$tmp/text" && ok "300 ms: DRAM load 4 B a thread, 354 MB" ||
	bad "300 ms: DRAM load: $(grep 'DRAM load' "$tmp/text")"

# past the whole limit at the first look at the clock: the smallest
# sample (2 blocks a wave), still an answer, still 4 B a thread
"$warpest" "${args[@]}" --time-limit 0.001 >"$tmp/tiny" 2>&1
grep -qE '^blocks: sampled 2 of 864 per wave' "$tmp/tiny" &&
	grep -qE 'DRAM load +4\.00 B +354 MB' "$tmp/tiny" && ok "1 us: the smallest sample, same DRAM load" ||
	bad "1 us: $(grep -E '^blocks|DRAM load|rror' "$tmp/tiny")"
expect_error "negative limit" "--time-limit needs milliseconds" "$warpest" "${args[@]}" --time-limit -5
expect_error "not a number" "--time-limit needs milliseconds" "$warpest" "${args[@]}" --time-limit nan

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
