#!/usr/bin/env bash
# Installs what is missing, builds warpest twice (AddressSanitizer + UBSan,
# then a normal optimised build) and runs every test under CTest, with the
# fuzzers in between (scripts/run-fuzzers.sh, WARPEST_FUZZ_SECONDS each,
# default 60). The last lines printed are CTest's summary of the normal build.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-debian.sh
jobs=$(nproc)

# 1. the whole suite under ASan and UBSan (core, command, pass); the
# published-measurement sample runs clang and ptxas, so only in the normal build
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DWARPEST_SANITIZE=ON \
	-DWARPEST_BUILD_MICROBENCH=OFF
cmake --build build-asan -j"$jobs"
(cd build-asan && ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	ctest --output-on-failure -j"$jobs" -E '^(scripts|lit|validation)\.')
# The sanitized plugin runs inside Debian's (uninstrumented) clang and opt:
# the ASan runtime must come first, and LLVM's own exit-time allocations are
# not ours to report.
asan_rt=$(cc -print-file-name=libasan.so)
(cd build-asan && LD_PRELOAD="$asan_rt" ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	ctest --output-on-failure -R '^lit\.')

# 2. the fuzzers (clang-22, libFuzzer + ASan + UBSan), 60 s each from the seeds:
# the core's readers, parser and estimate, then the pass on IR
bash scripts/run-fuzzers.sh "${WARPEST_FUZZ_SECONDS:-60}"
bash scripts/fuzz-pass.sh "${WARPEST_FUZZ_SECONDS:-60}" build-fuzz/pass

# 3. the normal build, micro-benchmarks compiled with nvcc when CUDA is present
cmake -S . -B build -G Ninja
cmake --build build -j"$jobs"
cd build && ctest --output-on-failure -j"$jobs"
