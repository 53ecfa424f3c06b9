#!/usr/bin/env bash
# getopt_long conventions of every verb: --opt=VALUE, -j2, - for stdin, -o
# FILE; an option a verb does not take is an error (exit 2, nothing on
# stdout), never ignored; rank --json stays valid JSON whatever the kernel's
# name holds. Usage: options.sh WARPEST SOURCE_DIR
set -u
warpest=$1 src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
model=$src/examples/models/stencil2d5.json
small=(--param nx=520 --param ny=300)
. "$(dirname "$0")/common.bash"

# options that do not apply are rejected
expect_error "rank --block" "--block does not apply to \`warpest rank\`" \
	"$warpest" rank "$model" --gpu h100-sxm --block 128x2x1 "${small[@]}"
expect_error "rank --grid" "--grid does not apply" "$warpest" rank "$model" --gpu h100-sxm --grid 4 4 1
expect_error "estimate --top" "--top does not apply" "$warpest" estimate "$model" --gpu h100-sxm --top 3
expect_error "gpus --gpu" "--gpu does not apply" "$warpest" gpus --gpu h100-sxm
expect_error "score --block" "--block does not apply" "$warpest" score "$model" --gpu h100-sxm -c - --block 32
expect_error "profile-atomics --block" "--block does not apply" "$warpest" profile-atomics --gpu h100-sxm --block 32 x.csv
expect_error "missing value" "option '--gpu' needs a value" "$warpest" estimate "$model" --gpu
expect_error "unknown short option" "unknown option '-z'" "$warpest" estimate "$model" -z
expect_error "bad block" "--block needs X Y Z or XxYxZ" "$warpest" estimate "$model" --gpu h100-sxm --block 0x2

# the same estimate, spelled four ways
ref=$("$warpest" estimate "$model" --gpu h100-sxm --block 128 2 1 "${small[@]}" --json)
for spelling in "--gpu=h100-sxm --block=128x2x1" "-g h100-sxm -b 128x2" "--gpu h100-sxm --block 128 2"; do
	read -r -a args <<<"$spelling"
	out=$("$warpest" estimate "$model" "${args[@]}" "${small[@]}" --json)
	[ "$out" = "$ref" ] && ok "estimate $spelling" || bad "estimate $spelling differs"
done
out=$("$warpest" estimate - --gpu h100-sxm --block 128x2x1 "${small[@]}" --json <"$model")
[ "$out" = "$ref" ] && ok "model on stdin" || bad "model on stdin differs"
"$warpest" estimate "$model" --gpu h100-sxm --block 128x2x1 "${small[@]}" --json -o "$tmp/est.json" >"$tmp/out"
[ ! -s "$tmp/out" ] && [ "$(cat "$tmp/est.json")" = "$ref" ] && ok "-o FILE" || bad "-o FILE"
"$warpest" estimate "$tmp/nope.json" --gpu h100-sxm -o "$tmp/none.json" 2>/dev/null
[ ! -e "$tmp/none.json" ] && ok "-o writes nothing on error" || bad "-o wrote a file on error"
a=$("$warpest" rank "$model" --gpu h100-sxm -j2 --top 5 "${small[@]}")
b=$("$warpest" rank "$model" --gpu=h100-sxm --jobs=1 --top=5 "${small[@]}")
[ "$a" = "$b" ] && ok "rank -j2 and --jobs=1 agree (total order)" || bad "rank order depends on -j"

# rank --json through json-c: a kernel named with quotes and backslashes
python3 - "$model" "$tmp/quoted.json" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
m["kernel"] = 'st"en\\cil "2d" \\\\5'
json.dump(m, open(sys.argv[2], "w"))
PY
if "$warpest" rank "$tmp/quoted.json" --gpu h100-sxm --top 3 "${small[@]}" --json >"$tmp/rank.json" &&
	python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); assert r["kernel"] == "st\"en\\cil \"2d\" \\\\5", r["kernel"]; assert len(r["ranking"]) == 3' "$tmp/rank.json"; then
	ok "rank --json with quotes and backslashes in the kernel's name"
else
	bad "rank --json is not valid JSON for a quoted name: $(head -c 300 "$tmp/rank.json")"
fi
"$warpest" gpus --json | python3 -c 'import json,sys; assert len(json.load(sys.stdin)) >= 7' &&
	ok "gpus --json" || bad "gpus --json"

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
