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
# one table row from "name pass total base with bare bare_total" (seconds
# for the pass timer, microseconds for the wall clock): the pass's share of
# clang's own time (the compile less the pass), wall-clock medians, and the
# share with no configuration at all (no block, no values)
print_row() {
	awk '{printf "%-26s %10.1f %10.1f %7.1f%% | %10.1f %10.1f %7.1f%% | %7.1f%%\n", $1,
		1000*$2, 1000*($3-$2), 100*$2/($3-$2), $4/1000, $5/1000, 100*($5-$4)/$4,
		100*$6/($7-$6)}'
}
printf '%-26s %10s %10s %8s | %10s %10s %8s | %8s\n' file "pass [ms]" "clang [ms]" share \
	"wall [ms]" "+plugin" ratio "no conf"
: >"$tmp/rows"
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
	row="$(basename "$f") $(awk '{print $1}' "$tmp/pass" | median) \
$(awk '{print $2}' "$tmp/pass" | median) $(median <"$tmp/base") $(median <"$tmp/with") \
$(awk '{print $1}' "$tmp/bare" | median) $(awk '{print $2}' "$tmp/bare" | median)"
	echo "$row" >>"$tmp/rows"
	echo "$row" | print_row
done
awk '{for (i = 2; i <= 7; i++) s[i] += $i}
     END {printf "all"; for (i = 2; i <= 7; i++) printf " %.17g", s[i]; print ""}' "$tmp/rows" |
	print_row
