#!/usr/bin/env bash
# Builds the pass-on-IR fuzzer (test/fuzz/fuzz_pass_ir.c with the plugin's
# sources, clang-22, libFuzzer + ASan + UBSan) and runs it for SECONDS over
# its seed corpus (llvm-stress modules retargeted to NVPTX, and the lit
# suite's IR). Prints libFuzzer's execs and whether it found anything.
#   scripts/fuzz-pass.sh SECONDS [BUILD_DIR]
set -euo pipefail
secs=${1:-60}
root=$(cd "$(dirname "$0")/.." && pwd)
out=${2:-$root/build-fuzz-pass}
mkdir -p "$out/corpus" "$out/findings"
llvm_inc=$(llvm-config-22 --includedir)
llvm_lib=$(llvm-config-22 --libdir)
san="-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined -g -O1"
objs=()
for f in "$root"/pass/*.c; do
	o="$out/$(basename "$f" .c).o"
	clang-22 -std=c11 -D_GNU_SOURCE $san -I"$root/pass" -I"$root/runtime/include" -isystem "$llvm_inc" \
		-isystem /usr/include/json-c -c "$f" -o "$o"
	objs+=("$o")
done
clang++-22 -std=c++17 $san -fno-rtti -I"$root/pass" -isystem "$llvm_inc" $(llvm-config-22 --cxxflags | tr ' ' '\n' | grep '^-D' | tr '\n' ' ') \
	-c "$root/pass/plugin.cpp" -o "$out/plugin.o"
clang-22 -std=c11 $san -isystem "$llvm_inc" -c "$root/test/fuzz/fuzz_pass_ir.c" -o "$out/harness.o"
clang++-22 $san "$out/harness.o" "$out/plugin.o" "${objs[@]}" -L"$llvm_lib" -Wl,-rpath,"$llvm_lib" -lLLVM \
	-ljson-c -ldl -o "$out/fuzz_pass_ir"
# seeds: the checked-in ones, fresh llvm-stress modules and the lit suite's IR
cp "$root"/test/fuzz/pass_ir_seeds/*.ll "$out/corpus/" 2>/dev/null || true
for s in $(seq 1 40); do
	llvm-stress-22 --seed=$s --size=120 -o - | sed 's/^define void @autogen/define ptx_kernel void @autogen/' \
		> "$out/corpus/stress$s.ll"
done
find "$root/test/lit" -name '*.ll' -size -200k -exec cp {} "$out/corpus/" \;
export WARPEST_TABLES="$root/runtime/tables"
log="$out/fuzz.log"
set +e
ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	"$out/fuzz_pass_ir" "$out/corpus" -max_total_time="$secs" -rss_limit_mb=4096 -timeout=30 -report_slow_units=30 \
	-max_len=262144 -artifact_prefix="$out/findings/" -print_final_stats=1 > "$log" 2>&1
rc=$?
set -e
execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
found=$(ls "$out/findings" | wc -l)
echo "fuzz_pass_ir: $execs execs in ${secs} s, $found findings (log $log)"
[ "$rc" -eq 0 ] && [ "$found" -eq 0 ]
