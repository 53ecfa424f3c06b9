#!/usr/bin/env bash
# Compile-time cost of the plugin: each example kernel compiled for sm_90 by
# clang++-22 (device side, -O2: the stricter ratio, as a full CUDA compile
# adds the host side) with -fpass-plugin and a launch configuration, so the
# estimate runs, not only extraction.
#
# The cost is read inside the compiler: clang's -ftime-report times every
# pass, the plugin's (WarpestPass) included, and the whole compile. Wall-clock
# medians of REPEAT runs with and without the plugin, interleaved so that a
# drifting machine load hits both alike, are printed beside it as a check;
# on a 600 ms compile they scatter by several percent, the pass timer does
# not.
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
export WARPEST_CONFIG='gpu=h100-sxm;block=128x2x1'
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
compile() { # file, extra flags...; prints microseconds
	local f=$1 s e
	shift
	s=$(date +%s%N)
	clang++-22 "${flags[@]}" "$@" "$f" 2>"$tmp/stderr" ||
		{ echo "bench-compile: $f failed:" >&2; cat "$tmp/stderr" >&2; exit 2; }
	e=$(date +%s%N)
	echo $(((e - s) / 1000))
}
# seconds of WarpestPass and of the whole compile, from -ftime-report
pass_times() { # file [env settings]; prints "pass total"
	env "${@:2}" clang++-22 "${flags[@]}" -fpass-plugin="$plugin" -ftime-report "$1" 2>"$tmp/report" ||
		{ echo "bench-compile: $1 failed:" >&2; cat "$tmp/report" >&2; exit 2; }
	awk '/WarpestPass/ { pass += $(NF-3) }
	     /Total Execution Time:/ { t = $4; if (t + 0 > total + 0) total = t }
	     END { printf "%s %s\n", pass + 0, total + 0 }' "$tmp/report"
}
sum_pass=0 sum_total=0 sum_base=0 sum_with=0 sum_bare=0 sum_bare_total=0
# last column: the pass given no configuration at all (no block, no values)
printf '%-26s %10s %10s %8s | %10s %10s %8s | %8s\n' file "pass [ms]" "clang [ms]" share \
	"wall [ms]" "+plugin" ratio "no conf"
for f in examples/cu/*.cu; do
	: >"$tmp/base"
	: >"$tmp/with"
	: >"$tmp/pass"
	: >"$tmp/bare"
	for _ in $(seq "$repeat"); do
		compile "$f" >>"$tmp/base"
		compile "$f" -fpass-plugin="$plugin" >>"$tmp/with"
		pass_times "$f" >>"$tmp/pass"
		pass_times "$f" -u WARPEST_CONFIG >>"$tmp/bare"
	done
	base=$(median <"$tmp/base")
	with=$(median <"$tmp/with")
	pass=$(awk '{print $1}' "$tmp/pass" | median)
	total=$(awk '{print $2}' "$tmp/pass" | median)
	bare=$(awk '{print $1}' "$tmp/bare" | median)
	bare_total=$(awk '{print $2}' "$tmp/bare" | median)
	read -r sum_pass sum_total sum_base sum_with sum_bare sum_bare_total < <(awk \
		-v a="$sum_pass" -v b="$sum_total" -v c="$sum_base" -v d="$sum_with" -v e="$sum_bare" \
		-v g="$sum_bare_total" -v p="$pass" -v t="$total" -v x="$base" -v y="$with" -v q="$bare" \
		-v u="$bare_total" 'BEGIN {print a + p, b + t, c + x, d + y, e + q, g + u}')
	# the pass's share of clang's own time (the compile less the pass)
	awk -v f="$(basename "$f")" -v p="$pass" -v t="$total" -v b="$base" -v w="$with" \
		-v q="$bare" -v u="$bare_total" \
		'BEGIN {printf "%-26s %10.1f %10.1f %7.1f%% | %10.1f %10.1f %7.1f%% | %7.1f%%\n", f,
			1000*p, 1000*(t-p), 100*p/(t-p), b/1000, w/1000, 100*(w-b)/b, 100*q/(u-q)}'
done
awk -v p="$sum_pass" -v t="$sum_total" -v b="$sum_base" -v w="$sum_with" -v q="$sum_bare" \
	-v u="$sum_bare_total" \
	'BEGIN {printf "%-26s %10.1f %10.1f %7.1f%% | %10.1f %10.1f %7.1f%% | %7.1f%%\n", "all",
		1000*p, 1000*(t-p), 100*p/(t-p), b/1000, w/1000, 100*(w-b)/b, 100*q/(u-q)}'
