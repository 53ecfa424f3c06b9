#!/usr/bin/env bash
# Writes every figure the `warpest` command prints for the bundled example
# models into one folder, so two builds can be compared with `diff -r`
# (behaviour-preserving changes: docs/performance.md, "Checking a refactor").
#   scripts/fingerprint.sh BUILD_DIR OUT_DIR
set -euo pipefail
build=$1 out=$2
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"
export WARPEST_TABLES="$root/runtime/tables"
w="$build/warpest"
for m in "$root"/examples/models/*.json; do
	name=$(basename "$m" .json)
	for gpu in a100-40gb h100-sxm v100; do
		"$w" rank "$m" --gpu "$gpu" --json -j 2 > "$out/rank.$name.$gpu.json" 2>&1 || echo "exit $?" >> "$out/rank.$name.$gpu.json"
		for block in 256x1x1 32x8x1 64x2x2 32x4x8; do
			"$w" estimate "$m" --gpu "$gpu" --block "$block" --json > "$out/est.$name.$gpu.$block.json" 2>&1 \
				|| echo "exit $?" >> "$out/est.$name.$gpu.$block.json"
		done
	done
	"$w" estimate "$m" --gpu h100-sxm --block 128x2x1 > "$out/text.$name.txt" 2>&1 || echo "exit $?" >> "$out/text.$name.txt"
done
