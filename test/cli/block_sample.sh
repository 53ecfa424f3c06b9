#!/usr/bin/env bash
# Block sampling through the command line (docs/model.md §1, "Sampled
# blocks"): a kernel whose blocks are not grouped into classes gets an
# estimate under a small --work-limit, and the text and JSON say it was
# sampled; with no limit they do not. Usage: block_sample.sh WARPEST SOURCE_DIR
set -u
warpest=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/common.bash"

# 3456 blocks of 256 threads, 4 waves on a100-40gb
dnf_copy_model "$tmp/copy.json" 3456
args=(estimate "$tmp/copy.json" --gpu a100-40gb --registers 32)

"$warpest" "${args[@]}" --work-limit 4000000 >"$tmp/text" 2>&1
grep -qE '^blocks: sampled [0-9]+ of 864 per wave \(16 runs of [0-9]+\), ±0\.0 %' "$tmp/text" &&
	ok "text: $(grep '^blocks:' "$tmp/text")" || bad "text has no sampling line: $(cat "$tmp/text")"
grep -q 'blocks sampled: ' "$tmp/text" && ok "text: the assumption" || bad "text: no assumption"
"$warpest" "${args[@]}" --work-limit 4000000 --json >"$tmp/json" 2>&1
bs=$(python3 -c 'import json, sys; b = json.load(open(sys.argv[1]))["wave"]["block_sample"]
print(b["of"], b["runs"], b["bound"], 0 < b["blocks"] < 864)' "$tmp/json" 2>&1)
[ "$bs" = "864 16 0.0 True" ] && ok "JSON: wave.block_sample ($bs)" || bad "JSON: wave.block_sample: $bs"

"$warpest" "${args[@]}" --work-limit 0 >"$tmp/exact" 2>&1
! grep -q 'sampled' "$tmp/exact" && grep -q '^prediction' "$tmp/exact" &&
	ok "no limit: exact, not sampled" || bad "no limit: $(cat "$tmp/exact")"
# the same volumes: every block of this copy does the same
a=$(grep 'DRAM load  ' "$tmp/text") b=$(grep 'DRAM load  ' "$tmp/exact")
[ -n "$a" ] && [ "$a" = "$b" ] && ok "sampled DRAM load = exact: $a" || bad "DRAM load '$a' vs '$b'"

expect_error "limit 2000: no number" "even a sample of a few blocks per wave does not fit" \
	"$warpest" "${args[@]}" --work-limit 2000

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
