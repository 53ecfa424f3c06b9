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
for verb in estimate rank gpus profile-atomics diff report; do
	check "$verb --help" "$warpest" "$verb" --help
done
gpus=$("$warpest" gpus | awk '{print $1}')
[ "$(echo "$gpus" | wc -l)" -ge 10 ] || { echo "FAIL: fewer than 10 tables"; fail=$((fail + 1)); }
# small problem sizes keep the suite quick (it also runs under ASan)
small_params() {
	case $(basename "$1" .json) in
	stencil2d5 | stencil2d5_dirichlet) echo "--param nx=520 --param ny=300" ;;
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
	check "rank $(basename "$m")" "$warpest" rank "$m" --gpu h100-sxm --min-threads 256 --max-threads 256 -j 2 "${params[@]}"
done
# The sweep widens only the block dimensions a model reads. The histogram
# reads tid.x and ntid.x only: 64..1024 threads in x, y = z = 1, is 5 shapes
# (64, 128, 256, 512, 1024). The 2D stencil reads x and y: for t = 2^k
# threads, k = 6..10, the shapes 2^a x 2^b with a + b = k are k + 1:
# 7 + 8 + 9 + 10 + 11 = 45. --all-shapes adds z: 2^a x 2^b x 2^c with
# a + b + c = k and c <= 6 (z at most 64) are (k+1)(k+2)/2 less the
# (k-6)(k-5)/2 with c >= 7: 28 + 35 + 42 + 49 + 56 = 210.
evaluated() { python3 -c 'import json,sys; print(json.load(sys.stdin)["evaluated"])'; }
n=$("$warpest" rank "$src/examples/models/histogram_smem_1.json" --gpu h100-sxm --min-threads 64 \
	--param npix=65536 --param nblocks=64 --json | evaluated)
[ "$n" = 5 ] && pass=$((pass + 1)) || { echo "FAIL: histogram sweep has $n shapes, expected 5"; fail=$((fail + 1)); }
n=$("$warpest" rank "$src/examples/models/stencil2d5.json" --gpu h100-sxm --min-threads 64 \
	--param nx=520 --param ny=300 --json | evaluated)
[ "$n" = 45 ] && pass=$((pass + 1)) || { echo "FAIL: 2D sweep has $n shapes, expected 45"; fail=$((fail + 1)); }
n=$("$warpest" rank "$src/examples/models/stencil2d5.json" --gpu h100-sxm --min-threads 64 \
	--param nx=520 --param ny=300 --all-shapes --json | evaluated)
[ "$n" = 210 ] && pass=$((pass + 1)) || { echo "FAIL: --all-shapes sweep has $n shapes, expected 210"; fail=$((fail + 1)); }
# the acceptance example: the 25-point stencil on A100-40GB, block 256x1x2
out=$("$warpest" estimate "$src/examples/models/stencil3d25.json" --gpu a100-40gb --block 256 1 2)
for want in "L1 cycles" "L2->L1 load" "L1->L2 store" "DRAM load" "DRAM store" "limiter" "bottleneck:"; do
	if grep -q -- "$want" <<<"$out"; then pass=$((pass + 1)); else echo "FAIL: estimate output lacks '$want'"; fail=$((fail + 1)); fi
done
"$warpest" estimate "$src/examples/models/stencil3d25.json" --gpu a100-40gb --block 256x1x2 --json |
	python3 -c 'import json,sys; r=json.load(sys.stdin); assert r["bottleneck"] and r["metrics"]["dram_read_bytes"] > 0' &&
	pass=$((pass + 1)) || { echo "FAIL: --json is not a valid report"; fail=$((fail + 1)); }
# the compute limiter's source names the table value of the pipe that binds,
# with that value's own provenance (an fp32-bound kernel once showed fp64's)
for g in $gpus; do
	"$warpest" estimate "$src/examples/models/matmul_naive.json" --gpu "$g" --block 128 2 1 --param n=192 --json |
		python3 -c '
import json, sys
r = json.load(sys.stdin)
src = [l for l in r["limiters"] if l["name"] == "compute"][0]["source"]
pipe = r["compute"]["dominant"]
key = {"int": "int_add_per_cycle"}.get(pipe, pipe + "_per_cycle")
want = "warp schedulers per SM" if pipe == "issue" else pipe + " pipe; " + key + " "
assert src.startswith(pipe) and want in src, (pipe, src)' &&
		pass=$((pass + 1)) || { echo "FAIL: $g: compute source does not name its pipe's table value"; fail=$((fail + 1)); }
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
