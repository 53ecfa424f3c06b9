#!/usr/bin/env bash
# `warpest report --html`: the page renders in headless Chromium with no
# console message (the page has no script; a failed load or a parse error
# would show up there), holds every section, and a screenshot is saved
# (html_report/report.png in the test's directory). Skips (77) when Chromium
# is absent; scripts/setup-debian.sh installs it.
# Usage: html_report.sh WARPEST SOURCE_DIR
set -u
warpest=$1 src=$2
out=$PWD/html_report
rm -rf "$out" && mkdir -p "$out"
fail=0
# from IR, so that accesses carry source locations
"$warpest" estimate "$src/test/lit/examples/stencil2d5.ll" --kernel stencil2d5 --gpu h100-sxm --block 32 4 1 \
	--param nx=520 --param ny=300 --json > "$out/stencil.json" || fail=1
"$warpest" estimate "$src/examples/models/stencil3d25.json" --gpu h100-sxm --block 32 4 2 \
	--param nx=136 --param ny=72 --param nz=40 --json >> "$out/stencil.json" || fail=1
"$warpest" rank "$src/test/lit/examples/stencil2d5.ll" --kernel stencil2d5 --gpu h100-sxm \
	--param nx=520 --param ny=300 --top 0 -j 2 --json > "$out/rank.json" || fail=1
"$warpest" report "$out/stencil.json" --ranking "$out/rank.json" --source-dir "$src/examples/cu" \
	--html "$out/report.html" || fail=1
for want in '<h2>stencil2d5 on' '<h2>stencil3d25 on' '<polyline' 'class="bar b"' '<h3>Layer conditions</h3>' \
	'<a href="#src0">stencil2d5.cu:9:19</a>' '<a id="src0">    9  '; do
	grep -qF "$want" "$out/report.html" || { echo "FAIL: report.html lacks $want"; fail=1; }
done
grep -q '<script\|https\?://' "$out/report.html" && { echo "FAIL: the page is not self-contained"; fail=1; }
"$warpest" report "$out/nosuch.json" --html "$out/x.html" 2> "$out/err.txt"
[ $? = 2 ] && grep -q "nosuch.json: cannot read" "$out/err.txt" || { echo "FAIL: missing input"; fail=1; }
[ "$fail" = 0 ] || exit 1

chrome=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [ -z "$chrome" ]; then
	echo "SKIP: no chromium (scripts/setup-debian.sh installs it); the page was written and checked as text"
	exit 77
fi
flags=(--headless --no-sandbox --disable-gpu --no-first-run --hide-scrollbars --enable-logging=stderr --v=0
	--user-data-dir="$out/profile")
timeout 120 "$chrome" "${flags[@]}" --dump-dom "file://$out/report.html" > "$out/dom.html" 2> "$out/console.txt" ||
	{ echo "FAIL: chromium could not load the page"; cat "$out/console.txt"; exit 1; }
grep -q 'stencil3d25 on' "$out/dom.html" || { echo "FAIL: the rendered DOM lacks the report"; exit 1; }
if grep -q 'CONSOLE' "$out/console.txt"; then
	echo "FAIL: console messages:"
	grep 'CONSOLE' "$out/console.txt"
	exit 1
fi
timeout 120 "$chrome" "${flags[@]}" --window-size=1200,2400 --screenshot="$out/report.png" "file://$out/report.html" \
	2>> "$out/console.txt" || { echo "FAIL: no screenshot"; exit 1; }
[ "$(head -c 4 "$out/report.png" | tail -c 3)" = PNG ] && [ "$(stat -c %s "$out/report.png")" -gt 20000 ] ||
	{ echo "FAIL: the screenshot is not a PNG of a page"; exit 1; }
echo "html_report: rendered without console messages; screenshot $out/report.png"
