#!/usr/bin/env bash
# Compile-time cost of the plugin: each example kernel compiled for sm_90 by
# clang++-22 (device side, -O2) with and without -fpass-plugin, the median of
# REPEAT runs each; prints the ratio per file and over all files.
#   scripts/bench-compile.sh [BUILD_DIR] [REPEAT]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
repeat=${2:-5}
plugin=$build/pass/libwarpest.so
[ -f "$plugin" ] || { echo "bench-compile: $plugin not built" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
flags=(-O2 -x cuda --cuda-device-only --cuda-gpu-arch=sm_90 --cuda-path=/usr/local/cuda
	-Iexamples/include -Wno-unknown-cuda-version -c -o "$tmp/out.o")
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
time_compile() { # file, extra flags...
	local f=$1
	shift
	for _ in $(seq "$repeat"); do
		local s e
		s=$(date +%s%N)
		clang++-22 "${flags[@]}" "$@" "$f" 2>"$tmp/stderr" || { echo "bench-compile: $f failed:" >&2; cat "$tmp/stderr" >&2; exit 2; }
		e=$(date +%s%N)
		echo $(((e - s) / 1000))
	done | median
}
# a launch configuration for every kernel: the estimate runs, not only extraction
export WARPEST_CONFIG='gpu=h100-sxm;block=128x2x1'
total_base=0 total_plugin=0
printf '%-28s %12s %12s %8s\n' file "clang [ms]" "+plugin [ms]" ratio
for f in examples/cu/*.cu; do
	base=$(time_compile "$f")
	with=$(time_compile "$f" -fpass-plugin="$plugin")
	total_base=$((total_base + base))
	total_plugin=$((total_plugin + with))
	awk -v f="$(basename "$f")" -v b="$base" -v w="$with" \
		'BEGIN {printf "%-28s %12.1f %12.1f %7.1f%%\n", f, b/1000, w/1000, 100*(w-b)/b}'
done
awk -v b="$total_base" -v w="$total_plugin" \
	'BEGIN {printf "%-28s %12.1f %12.1f %7.1f%%\n", "all", b/1000, w/1000, 100*(w-b)/b}'
