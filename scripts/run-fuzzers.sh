#!/usr/bin/env bash
# Builds the libFuzzer harnesses of test/fuzz with clang-22 (build-fuzz/,
# apart from the gcc build) and runs each for SECONDS, from a copy of its
# seed corpus; prints executions and findings per harness. Exit 1 when a
# harness finds a crash, a leak, a timeout or undefined behaviour (the
# reproducer stays in build-fuzz/findings/NAME/).
#   scripts/run-fuzzers.sh SECONDS [HARNESS...]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:?usage: run-fuzzers.sh SECONDS [HARNESS...]}
shift
harnesses=${*:-kernel_model expr hw_table ncu_csv estimate}
cc=${WARPEST_FUZZ_CC:-clang-22}
targets=()
for h in $harnesses; do targets+=("fuzz_$h"); done
mkdir -p build-fuzz
# quiet unless the build fails
if ! { cmake -S . -B build-fuzz -G Ninja -DCMAKE_C_COMPILER="$cc" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	-DWARPEST_BUILD_FUZZERS=ON -DWARPEST_BUILD_PASS=OFF -DWARPEST_BUILD_MICROBENCH=OFF &&
	cmake --build build-fuzz -j2 --target "${targets[@]}"; } >build-fuzz/build.log 2>&1; then
	cat build-fuzz/build.log
	echo "run-fuzzers: the build failed"
	exit 1
fi
export WARPEST_TABLES=$PWD/runtime/tables
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
total=0 found=0
for h in $harnesses; do
	work=build-fuzz/corpus/$h findings=build-fuzz/findings/$h
	mkdir -p "$work" "$findings"
	cp -n test/fuzz/corpus/"$h"/* "$work"/ 2>/dev/null || true
	log=build-fuzz/fuzz_$h.log
	set +e
	ASAN_OPTIONS=detect_leaks=1 ./build-fuzz/test/fuzz/fuzz_"$h" "$work" -max_total_time="$seconds" \
		-timeout=30 -report_slow_units=30 -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 \
		-artifact_prefix="$findings"/ >"$log" 2>&1
	rc=$?
	set -e
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
	n=$(find "$findings" -type f | wc -l)
	printf '%-14s %12s execs in %s s, %d finding(s)%s\n' "$h" "${execs:-?}" "$seconds" "$n" \
		"$([ $rc -ne 0 ] && echo " (exit $rc, see $log)")"
	total=$((total + ${execs:-0}))
	if [ "$n" -gt 0 ] || [ $rc -ne 0 ]; then
		found=$((found + 1))
		# CI keeps only this script's output: show the report and the
		# reproducer itself, so that a finding can be replayed elsewhere.
		grep -E -A40 '^==[0-9]+==|runtime error|^SUMMARY|ERROR: libFuzzer' "$log" | head -80 | sed 's/^/    /'
		for f in "$findings"/*; do
			[ -f "$f" ] || continue
			echo "    reproducer $f ($(wc -c <"$f") bytes), base64:"
			head -c 8192 "$f" | base64 | sed 's/^/    /'
		done
	fi
done
echo "fuzzing: $total execs in all, $found harness(es) with findings"
[ $found -eq 0 ]
