#!/usr/bin/env bash
# Register spills on the command line (docs/model.md "Register spills"):
# --spill-stores, --spill-loads and --stack-frame for estimate, rank and
# score (and score's spill_stores, spill_loads, stack_frame fields and
# columns) override the model's resources; the report shows a spill term
# only where spill bytes were given; bad values exit 2 naming the option.
# Usage: spill.sh WARPEST SOURCE_DIR
set -u
warpest=$1 src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
model=$src/examples/models/stencil2d5.json
small=(--param nx=520 --param ny=300)
. "$(dirname "$0")/common.bash"

# the errors
expect_error "negative stores" "--spill-stores needs a non-negative integer, got '-1'" \
	"$warpest" estimate "$model" --gpu a100-40gb --spill-stores -1
expect_error "loads not a number" "--spill-loads needs a non-negative integer, got '12B'" \
	"$warpest" estimate "$model" --gpu a100-40gb --spill-loads 12B
expect_error "stack frame past 512 KiB" "--stack-frame must be at most 524288 bytes" \
	"$warpest" rank "$model" --gpu a100-40gb --stack-frame 524289
expect_error "gpus takes none" "--spill-stores does not apply to \`warpest gpus\`" \
	"$warpest" gpus --spill-stores 8
python3 - "$model" "$tmp/big-frame.json" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
m["resources"]["stack_frame_bytes"] = 600000
json.dump(m, open(sys.argv[2], "w"))
PY
expect_error "model's frame past 512 KiB" "resources.stack_frame_bytes: must be at most 524288" \
	"$warpest" estimate "$tmp/big-frame.json" --gpu a100-40gb

# estimate: no term without figures; with them the JSON and the text show it
est() { "$warpest" estimate "$1" --gpu a100-40gb --block 128x2x1 "${small[@]}" "${@:2}"; }
est "$model" --json >"$tmp/none.json"
est "$model" --json --spill-stores 512 --spill-loads 512 --stack-frame 512 >"$tmp/cli.json"
python3 - "$tmp/none.json" "$tmp/cli.json" <<'PY' && ok "estimate: spill term from the options" || bad "estimate --json spill term"
import json, sys
none, cli = (json.load(open(p)) for p in sys.argv[1:])
assert "spill" not in none, none.get("spill")
s = cli["spill"]
assert s["source"] == "configuration", s
# no loops in stencil2d5: the static bytes as they are
assert s["op_factor"] == 1 and s["store_bytes_per_thread"] == 512, s
# 1024 B a thread / 128 B a wavefront = 8 a thread
assert abs(s["l1_data_wavefronts"] / cli["active_threads"] - 8) < 1e-9, s
# frames past L1 are reported; spills still hit L1 (docs/model.md "Register spills")
assert s["l2_share"] == 0 and s["footprint_bytes_per_sm"] > s["l1_left_bytes"], s
assert cli["predicted_seconds"] > none["predicted_seconds"], (cli["predicted_seconds"], none["predicted_seconds"])
PY
est "$model" >"$tmp/none.txt"
est "$model" --spill-stores 512 --spill-loads 512 >"$tmp/cli.txt"
if ! grep -q "register spills" "$tmp/none.txt" &&
	grep -q "^register spills (configuration): 512 B stored + 512 B loaded per thread static" "$tmp/cli.txt" &&
	grep -q "stack frame unknown: all in L1" "$tmp/cli.txt" &&
	grep -q "without a stack frame size" "$tmp/cli.txt"; then
	ok "estimate: the text's spill line, and no frame said"
else
	bad "estimate text: $(grep -i spill "$tmp/cli.txt")"
fi

# the model's resources, and the options over them
python3 - "$model" "$tmp/spilled.json" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
m["resources"].update(spill_store_bytes=512, spill_load_bytes=512, stack_frame_bytes=512)
json.dump(m, open(sys.argv[2], "w"))
PY
est "$tmp/spilled.json" --json >"$tmp/model.json"
est "$tmp/spilled.json" --json --spill-stores 0 --spill-loads 0 >"$tmp/zero.json"
python3 - "$tmp/none.json" "$tmp/cli.json" "$tmp/model.json" "$tmp/zero.json" <<'PY' && ok "model resources; options override them" || bad "model resources and overrides"
import json, sys
none, cli, model, zero = (json.load(open(p)) for p in sys.argv[1:])
assert model["spill"]["source"] == "model resources", model["spill"]
assert model["predicted_seconds"] == cli["predicted_seconds"]
assert "spill" not in zero and zero["predicted_seconds"] == none["predicted_seconds"]
PY

# rank: the options reach every configuration of the sweep
"$warpest" rank "$model" --gpu a100-40gb "${small[@]}" --top 3 --json -j1 >"$tmp/rank0.json"
"$warpest" rank "$model" --gpu a100-40gb "${small[@]}" --top 3 --json -j1 \
	--spill-stores 512 --spill-loads 512 --stack-frame 512 >"$tmp/rank1.json"
python3 - "$tmp/rank0.json" "$tmp/rank1.json" <<'PY' && ok "rank: slower with spills" || bad "rank with spills"
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:])
ta = a["ranking"][0]["predicted_seconds"]; tb = b["ranking"][0]["predicted_seconds"]
assert tb > ta, (ta, tb)
PY

# score: the validation CSV's columns, the options for rows without them
cat >"$tmp/list.csv" <<'CSV'
block,nx,ny,spill_stores,spill_loads,stack_frame
128x2x1,520,300,512,512,512
128x2x1,520,300,,,
CSV
"$warpest" score "$model" --gpu a100-40gb -c "$tmp/list.csv" -j1 >"$tmp/s0.jsonl"
"$warpest" score "$model" --gpu a100-40gb -c "$tmp/list.csv" -j1 --spill-stores 512 --spill-loads 512 \
	--stack-frame 512 --format csv >"$tmp/s1.csv"
python3 - "$tmp/s0.jsonl" "$tmp/s1.csv" "$tmp/cli.json" <<'PY' && ok "score: spill columns and options" || bad "score with spills: $(cat "$tmp/s0.jsonl" "$tmp/s1.csv")"
import csv, json, sys
e = sorted((json.loads(l) for l in open(sys.argv[1])), key=lambda x: x["index"])
cli = json.load(open(sys.argv[3]))
assert e[0]["spill_stores"] == 512 and e[0]["stack_frame"] == 512, e[0]
assert "spill_stores" not in e[1]
assert e[0]["predicted_seconds"] == cli["predicted_seconds"] > e[1]["predicted_seconds"], e
rows = list(csv.DictReader(open(sys.argv[2])))
assert all(r["spill_stores"] == "512" and r["stack_frame"] == "512" for r in rows), rows
assert rows[0]["predicted_seconds"] == rows[1]["predicted_seconds"], rows
PY
printf 'block,spill_loads\n128x2x1,-8\n' >"$tmp/bad.csv"
expect_error "score: bad spill column" "line 2: bad value in column spill_loads" \
	"$warpest" score "$model" --gpu a100-40gb -c "$tmp/bad.csv"
echo '{"block": [128], "stack_frame": 600000}' >"$tmp/bad.jsonl"
expect_error "score: frame past 512 KiB" "stack_frame" \
	"$warpest" score "$model" --gpu a100-40gb -c "$tmp/bad.jsonl"

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
