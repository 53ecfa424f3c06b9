#!/usr/bin/env bash
# The published-measurement harness end to end on a small fixed sample of
# every set in ../shared/validation: every configuration compiles and gets a
# prediction, or the estimate refuses one for a documented limit of the
# model (the work limit; a sampled subset of waves that guards idle, as in
# tiled dedispersion, docs/model.md §1), and at least 3 of each set's 8 are
# predicted; the statistics JSON has every key scripts read.
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
		--sample 8 --seed 7 -j "$(nproc)" --quiet \
		--plugin "$build/pass/libwarpest.so" --warpest "$build/warpest" \
		--out "$out/$set-$gpu.csv" --stats-json "$out/$set-$gpu.json"
	python3 - "$out/$set-$gpu.json" "$out/$set-$gpu.csv" <<'PY'
import csv, json, sys
s = json.load(open(sys.argv[1]))
rows = list(csv.DictReader(open(sys.argv[2])))
limits = ("the work limit", "make no memory access")
for r in rows:
    st = r["status"]
    assert st == "ok" or (st.startswith("estimate failed: ") and any(x in st for x in limits)), st
assert sum(r["status"] == "ok" for r in rows) >= 3, "fewer than 3 of 8 predicted"

keys = ["n", "spearman", "kendall_median", "kendall_p10", "best_ratio", "recall_top1_in_top10", "median_ape"]
missing = [k for k in keys if k not in s]
assert not missing, "missing keys %s" % missing
assert s["n_configurations"] == 8 and s["n"] + s["n_without_prediction"] == 8, s
assert s["best_ratio"] >= 1.0 and 0.0 <= s["recall_top1_in_top10"] <= 1.0, s
PY
	n=$((n + 1))
done
[ "$n" -ge 3 ] || { echo "only $n sets found in $shared"; exit 1; }
echo "published_sample: $n sets, 8 configurations each, predicted or refused for a documented limit"
