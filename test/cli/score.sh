#!/usr/bin/env bash
# `warpest score`: a configuration list in JSON lines, a JSON document or CSV
# is scored, written best first, and what it writes reads back as the same
# list (round trip); bad lists are refused naming the line and field.
# Usage: score.sh WARPEST SOURCE_DIR
set -u
warpest=$1 src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
model=$src/examples/models/stencil2d5.json
. "$(dirname "$0")/common.bash"

cat >"$tmp/list.jsonl" <<'JSONL'
{"block": [128, 2, 1], "params": {"nx": 520, "ny": 300}}
{"block": "32x8", "params": {"nx": 520, "ny": 300}}

{"block": [256], "params": {"nx": 520, "ny": 300}, "registers": 64, "shared_dynamic": 0}
{"block": [64, 4, 1], "grid": [9, 75, 1], "params": {"nx": 520, "ny": 300}}
{"block": [2048], "params": {"nx": 520, "ny": 300}}
JSONL

"$warpest" score "$model" --gpu h100-sxm --configs "$tmp/list.jsonl" -j2 >"$tmp/first.jsonl"
rc=$?
[ $rc -eq 1 ] && ok "one configuration rejected: exit 1" || bad "exit $rc, expected 1"
python3 - "$tmp/first.jsonl" <<'PY' && ok "entries ranked, the rejected one last with its reason" || bad "first scoring: $(cat "$tmp/first.jsonl")"
import json, sys
e = [json.loads(l) for l in open(sys.argv[1])]
assert len(e) == 5, len(e)
assert [x.get("rank") for x in e] == [1, 2, 3, 4, None]
assert e[-1]["index"] == 4 and "1024" in e[-1]["error"], e[-1]
t = [(x["predicted_seconds"], x["dram_bytes"], x["l2_bytes"], x["index"]) for x in e[:4]]
assert t == sorted(t), t
assert any(x.get("grid") == [9, 75, 1] for x in e) and any(x.get("registers") == 64 for x in e)
PY

# round trips: what score writes, score reads; the order and figures stay
roundtrip() {
	local format=$1
	"$warpest" score "$model" --gpu=h100-sxm -c "$tmp/list.jsonl" --format "$format" -o "$tmp/a.$format"
	"$warpest" score "$model" --gpu=h100-sxm -c "$tmp/a.$format" --format "$format" -o "$tmp/b.$format"
	"$warpest" score "$model" --gpu=h100-sxm -c - --format jsonl <"$tmp/b.$format" >"$tmp/c.jsonl"
	python3 - "$tmp/first.jsonl" "$tmp/c.jsonl" <<'PY'
import json, sys
a = [json.loads(l) for l in open(sys.argv[1])]
c = [json.loads(l) for l in open(sys.argv[2])]
strip = lambda x: {k: v for k, v in x.items() if k != "index"}
assert [strip(x) for x in a] == [strip(x) for x in c], (a, c)
assert [x["index"] for x in c] == list(range(len(c)))
PY
}
for f in jsonl json csv; do
	roundtrip $f && ok "round trip through $f" || bad "round trip through $f"
done
cmp -s "$tmp/a.jsonl" "$tmp/first.jsonl" && ok "jsonl is the default" || bad "--format jsonl differs from the default"
# CSV in with separate block columns and a parameter per column
printf 'block_x,block_y,nx,ny,variant\n128,2,520,300,\n32,8,520,300,\n' >"$tmp/list.csv"
"$warpest" score "$model" --gpu h100-sxm -c "$tmp/list.csv" --format csv >"$tmp/out.csv" &&
	[ "$(wc -l <"$tmp/out.csv")" = 3 ] && head -2 "$tmp/out.csv" | tail -1 | grep -q '^1,1,32x8x1,' &&
	ok "CSV with block_x/block_y and parameter columns" || bad "CSV in: $(cat "$tmp/out.csv")"

printf '{"block": [128], "parms": {"nx": 1}}\n' >"$tmp/typo.jsonl"
expect_error "unknown field" "typo.jsonl: line 1: unknown field parms" \
	"$warpest" score "$model" --gpu h100-sxm -c "$tmp/typo.jsonl"
printf '{"block": [128], "params": {"nx": 520, "ny": 300}}\n{"block": [128],\n' >"$tmp/broken.jsonl"
expect_error "malformed line" "broken.jsonl: line 2: malformed JSON line" \
	"$warpest" score "$model" --gpu h100-sxm -c "$tmp/broken.jsonl"
printf 'block,nz\n128,3\n' >"$tmp/param.csv"
expect_error "unknown parameter column" "param.csv: line 2: 'nz' is not a parameter of kernel 'stencil2d5' \(it has: nx, ny\)" \
	"$warpest" score "$model" --gpu h100-sxm -c "$tmp/param.csv"
printf 'block,nx\n128,520,1\n' >"$tmp/cells.csv"
expect_error "CSV cell count" "cells.csv: line 2: 3 cells, the header has 2" \
	"$warpest" score "$model" --gpu h100-sxm -c "$tmp/cells.csv"
expect_error "no --configs" "--configs FILE is required" "$warpest" score "$model" --gpu h100-sxm
expect_error "bad format" "--format must be jsonl, json or csv" \
	"$warpest" score "$model" --gpu h100-sxm -c "$tmp/list.jsonl" --format xml
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
