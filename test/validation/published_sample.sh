#!/usr/bin/env bash
# The published-measurement harness end to end on a small fixed sample of
# every set in ../shared/validation: every configuration gets a prediction
# (--strict), and the statistics JSON has every key scripts read.
#   published_sample.sh SOURCE_DIR BUILD_DIR
# Exit 77 (skipped) without CUDA's headers and ptxas or without ../shared.
set -euo pipefail
src=$1 build=$2
shared="$src/../shared/validation"
cuda=${WARPEST_CUDA_PATH:-/usr/local/cuda}
if [ ! -d "$shared" ]; then echo "skipped: no $shared"; exit 77; fi
if [ ! -x "$cuda/bin/ptxas" ] || [ ! -d "$cuda/include" ]; then echo "skipped: no CUDA at $cuda"; exit 77; fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# measured GPU -> hardware table (docs/hardware-table.md, "Tables for the validation sets")
runs="convolution:A100:a100-pcie-40gb convolution:A4000:rtx-a4000 convolution_hub:A6000:rtx-a6000
hotspot:A4000:rtx-a4000 dedispersion:A4000:rtx-a4000 dedispersion:A6000:rtx-a6000"
n=0
for r in $runs; do
	IFS=: read -r set gpu table <<< "$r"
	[ -f "$shared/$set/measurements/$gpu.csv" ] || continue
	"$src/scripts/validate" published "$shared/$set" --measured "$gpu" --gpu "$table" \
		--sample 8 --seed 7 -j "$(nproc)" --strict --quiet \
		--plugin "$build/pass/libwarpest.so" --warpest "$build/warpest" \
		--out "$out/$set-$gpu.csv" --stats-json "$out/$set-$gpu.json"
	python3 - "$out/$set-$gpu.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
keys = ["n", "spearman", "kendall_median", "kendall_p10", "best_ratio", "recall_top1_in_top10", "median_ape"]
missing = [k for k in keys if k not in s]
assert not missing, "missing keys %s" % missing
assert s["n"] == 8 and s["n_without_prediction"] == 0, s
assert s["best_ratio"] >= 1.0 and 0.0 <= s["recall_top1_in_top10"] <= 1.0, s
PY
	n=$((n + 1))
done
[ "$n" -ge 3 ] || { echo "only $n sets found in $shared"; exit 1; }
echo "published_sample: $n sets, 8 configurations each, all predicted"
