#!/usr/bin/env bash
# Bad input gives one message naming the file, field or column, exit code 2,
# and nothing on stdout. Usage: bad_input.sh WARPEST SOURCE_DIR
set -u
warpest=$1 src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
model=$src/examples/models/stencil2d5.json

. "$(dirname "$0")/common.bash"

printf '{"format": "warpest-kernel-model", "version": 1,\n  "kernel": "k" "fields": []}\n' >"$tmp/malformed.json"
expect_error "malformed JSON" "malformed.json: line 2, column [0-9]+: malformed JSON" \
	"$warpest" estimate "$tmp/malformed.json" --gpu h100-sxm

# rewrite_index OUT TEXT: the model with accesses[1].index[1] replaced by TEXT
rewrite_index() {
	python3 -c 'import json, sys
m = json.load(open(sys.argv[1]))
m["accesses"][1]["index"][1] = sys.argv[3]
json.dump(m, open(sys.argv[2], "w"), indent=1)' "$model" "$1" "$2"
}
rewrite_index "$tmp/unknown_symbol.json" "x - nq"
expect_error "unknown symbol" "unknown_symbol.json: accesses\[1\].index\[1\]: column 5: unknown symbol 'nq'" \
	"$warpest" estimate "$tmp/unknown_symbol.json" --gpu h100-sxm

rewrite_index "$tmp/non_affine.json" "x*y"
expect_error "non-affine expression" "non_affine.json: accesses\[1\].index\[1\]: column 2: non-affine" \
	"$warpest" estimate "$tmp/non_affine.json" --gpu h100-sxm

expect_error "more than 1024 threads per block" "block 64x32x1 has 2048 threads; h100-sxm allows at most 1024" \
	"$warpest" estimate "$model" --gpu h100-sxm --block 64 32 1

expect_error "unknown GPU" "unknown GPU 'b300'" "$warpest" estimate "$model" --gpu b300

mkdir -p "$tmp/tables"
python3 -c '
import json, sys
t = json.load(open(sys.argv[1]))
del t["l2_bandwidth"]
json.dump(t, open(sys.argv[2], "w"), indent=1)' "$src/runtime/tables/h100-sxm.json" "$tmp/tables/h100-sxm.json"
expect_error "table missing a field" "h100-sxm.json: field 'l2_bandwidth' is missing" \
	"$warpest" estimate "$model" --gpu h100-sxm --tables "$tmp/tables"

expect_error "unknown parameter" "unknown parameter 'nz' \(the model has: nx, ny\)" \
	"$warpest" estimate "$model" --gpu h100-sxm --param nz=3
expect_error "missing file" "nope.json: cannot open file" "$warpest" estimate "$tmp/nope.json" --gpu h100-sxm
expect_error "bad option" "unknown option '--blcok'" "$warpest" estimate "$model" --gpu h100-sxm --blcok 3
expect_error "unknown verb" "unknown verb 'estmate'" "$warpest" estmate "$model"

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
