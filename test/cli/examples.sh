#!/usr/bin/env bash
# Every bundled example model estimates and ranks on every bundled table;
# every verb answers --help. Usage: examples.sh WARPEST SOURCE_DIR
set -u
warpest=$1 src=$2
fail=0 pass=0
check() {
	local name=$1
	shift
	if out=$("$@" 2>&1); then
		pass=$((pass + 1))
	else
		echo "FAIL: $name: $out"
		fail=$((fail + 1))
	fi
}
for verb in estimate rank gpus profile-atomics; do
	check "$verb --help" "$warpest" "$verb" --help
done
gpus=$("$warpest" gpus | awk '{print $1}')
[ "$(echo "$gpus" | wc -l)" -ge 7 ] || { echo "FAIL: fewer than 7 tables"; fail=$((fail + 1)); }
# small problem sizes keep the suite quick (it also runs under ASan)
small_params() {
	case $(basename "$1" .json) in
	stencil2d5) echo "--param nx=520 --param ny=300" ;;
	stencil3d7 | stencil3d7_folded4z | d3q15_pull) echo "--param nx=72 --param ny=40 --param nz=24" ;;
	stencil3d25) echo "--param nx=136 --param ny=72 --param nz=40" ;;
	stencil9x9_colmajor) echo "--param nx=136 --param ny=72" ;;
	transpose_naive | matmul_naive) echo "--param n=192" ;;
	histogram_smem_*) echo "--param npix=65536 --param nblocks=64" ;;
	esac
}
for m in "$src"/examples/models/*.json; do
	read -r -a params <<<"$(small_params "$m")"
	for g in $gpus; do
		# one block shape on every table: every table must drive the whole model
		check "estimate $(basename "$m") $g" "$warpest" estimate "$m" --gpu "$g" --block 128 2 1 "${params[@]}"
	done
	# Kernels whose blocks cannot be grouped into classes (the grid-stride
	# loops of the histograms: trip counts differ from block to block) take
	# the per-block path: a sweep of them is too slow for this smoke test
	# (see docs/performance.md). The 9x9 column remap groups by residues.
	case $(basename "$m" .json) in histogram_smem_*) continue ;; esac
	check "rank $(basename "$m")" "$warpest" rank "$m" --gpu h100-sxm --min-threads 256 --max-threads 256 -j 2 "${params[@]}"
done
# the acceptance example: the 25-point stencil on A100-40GB, block 256x1x2
out=$("$warpest" estimate "$src/examples/models/stencil3d25.json" --gpu a100-40gb --block 256 1 2)
for want in "L1 cycles" "L2->L1 load" "L1->L2 store" "DRAM load" "DRAM store" "limiter" "bottleneck:"; do
	if grep -q -- "$want" <<<"$out"; then pass=$((pass + 1)); else echo "FAIL: estimate output lacks '$want'"; fail=$((fail + 1)); fi
done
"$warpest" estimate "$src/examples/models/stencil3d25.json" --gpu a100-40gb --block 256x1x2 --json |
	python3 -c 'import json,sys; r=json.load(sys.stdin); assert r["bottleneck"] and r["metrics"]["dram_read_bytes"] > 0' &&
	pass=$((pass + 1)) || { echo "FAIL: --json is not a valid report"; fail=$((fail + 1)); }
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
