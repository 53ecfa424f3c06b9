#!/usr/bin/env bash
# `warpest diff`: identical inputs exit 0, a made-up regression exits 1 with
# the kernel named, bad input exits 2; reports (JSON) and remark records
# (YAML) both. Usage: diff.sh WARPEST SOURCE_DIR
set -u
warpest=$1 src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
expect() { # expect RC NAME CMD...
	local want=$1 name=$2
	shift 2
	"$@" > "$tmp/out" 2> "$tmp/err"
	local rc=$?
	if [ "$rc" != "$want" ]; then
		echo "FAIL: $name: exit $rc, want $want"
		cat "$tmp/out" "$tmp/err"
		fail=1
	fi
}
m=$src/examples/models
"$warpest" estimate "$m/stencil2d5.json" --gpu h100-sxm --block 32 4 1 --param nx=520 --param ny=300 --json > "$tmp/old.json"
"$warpest" estimate "$m/transpose_naive.json" --gpu h100-sxm --block 32 8 1 --param n=192 --json >> "$tmp/old.json"
expect 0 "identical reports" "$warpest" diff "$tmp/old.json" "$tmp/old.json"
grep -q "2 kernels compared, none predicted slower" "$tmp/out" || { echo "FAIL: identical summary"; cat "$tmp/out"; fail=1; }
# the regression: a worse block shape for one kernel
"$warpest" estimate "$m/stencil2d5.json" --gpu h100-sxm --block 8 1 1 --param nx=520 --param ny=300 --json > "$tmp/new.json"
"$warpest" estimate "$m/transpose_naive.json" --gpu h100-sxm --block 32 8 1 --param n=192 --json >> "$tmp/new.json"
expect 1 "regression" "$warpest" diff "$tmp/old.json" "$tmp/new.json" --threshold 2
grep -q "^stencil2d5 .*!" "$tmp/out" && grep -q "1 of 2 kernels predicted slower by more than 2%: stencil2d5" "$tmp/out" ||
	{ echo "FAIL: regression table"; cat "$tmp/out"; fail=1; }
expect 0 "within the threshold" "$warpest" diff "$tmp/old.json" "$tmp/new.json" --threshold 1000
# remark records: a figure made larger by hand
cat > "$tmp/old.yaml" <<'YAML'
--- !Analysis
Pass:            warpest
Name:            Summary
DebugLoc:        { File: k.cu, Line: 3, Column: 0 }
Function:        _Z1kPf
Args:
  - Kernel:          'k'
  - String:          ' ('
  - Arch:            sm_90
  - String:          ', '
  - GPU:             h100-sxm
  - String:          '): predicted '
  - PredictedMicroseconds: '12.5'
  - String:          ' us, bottleneck '
  - Bottleneck:      DRAM
...
--- !Analysis
Pass:            warpest
Name:            Volumes
Function:        _Z1kPf
Args:
  - Kernel:          'k'
  - Arch:            sm_90
  - PredictedNanoseconds: '12500'
  - DRAMReadKB:      '4000'
...
YAML
sed "s/'12500'/'14000'/; s/'12.5'/'14'/; s/Bottleneck:      DRAM/Bottleneck:      L2/" "$tmp/old.yaml" > "$tmp/new.yaml"
expect 0 "identical records" "$warpest" diff "$tmp/old.yaml" "$tmp/old.yaml"
expect 1 "slower records" "$warpest" diff "$tmp/old.yaml" "$tmp/new.yaml"
grep -q "k (sm_90) .*12.5 us .*14 us .*+12.0%! DRAM -> L2" "$tmp/out" || { echo "FAIL: records table"; cat "$tmp/out"; fail=1; }
echo '{' > "$tmp/bad.json"
expect 2 "truncated JSON" "$warpest" diff "$tmp/old.json" "$tmp/bad.json"
grep -q "bad.json: not JSON" "$tmp/err" || { echo "FAIL: message"; cat "$tmp/err"; fail=1; }
expect 2 "one file" "$warpest" diff "$tmp/old.json"
expect 2 "bad threshold" "$warpest" diff "$tmp/old.json" "$tmp/old.json" --threshold x
[ "$fail" = 0 ] && echo "diff: all checks passed"
exit $fail
