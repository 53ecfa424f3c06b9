#!/usr/bin/env bash
# The install is relocatable: install into a prefix, move the prefix, then
# run the installed command and build a C program against the moved prefix
# through find_package(warpest CONFIG) and through pkg-config.
#   relocated.sh BUILD_DIR SOURCE_DIR C_COMPILER [EXTRA_C_FLAGS]
set -euo pipefail
build=$1 src=$2 cc=$3 cflags=${4:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# the installed tables must be found without help
unset WARPEST_TABLES WARPEST_CORE_LIB WARPEST_PLUGIN
fail() { echo "FAIL: $*"; exit 1; }

cmake --install "$build" --prefix "$tmp/first" >/dev/null
mv "$tmp/first" "$tmp/moved"
p=$tmp/moved
[ -e "$tmp/first" ] && fail "the first prefix still exists"
libdir=$(dirname "$(find "$p" -name 'libwarpest-core.so.0' | head -1)")
[ -n "$libdir" ] || fail "no libwarpest-core.so.0 installed"
for f in "$p/bin/warpest" "$libdir/libwarpest-core.so" "$p/include/warpest/warpest.h" \
	"$p/include/warpest/annotate.h" "$p/share/warpest/tables/h100-sxm.json" \
	"$libdir/cmake/warpest/warpestConfig.cmake" "$libdir/pkgconfig/warpest.pc"; do
	[ -e "$f" ] || fail "$f was not installed"
done
if grep -q WARPEST_BUILD_PASS:BOOL=ON "$build/CMakeCache.txt"; then
	[ -e "$libdir/libwarpest.so" ] || fail "the pass plugin was not installed"
fi
# nothing installed names the first prefix
if grep -rl --binary-files=text "$tmp/first" "$p" >/dev/null; then
	fail "installed files name the install prefix: $(grep -rl --binary-files=text "$tmp/first" "$p" | head -3)"
fi
readelf -d "$p/bin/warpest" | grep -q 'RUNPATH.*\$ORIGIN' || fail "bin/warpest has no RUNPATH relative to \$ORIGIN"

model=$src/examples/models/stencil2d5.json
small=(--param nx=520 --param ny=300)
"$p/bin/warpest" gpus | grep -q '^h100-sxm' || fail "the moved warpest lists no tables"
"$p/bin/warpest" estimate "$model" --gpu h100-sxm --block 128x2x1 "${small[@]}" >/dev/null ||
	fail "the moved warpest cannot estimate"
ir=$src/test/lit/examples/stencil2d5.ll
if [ -e "$libdir/libwarpest.so" ] && [ -e "$ir" ]; then
	"$p/bin/warpest" estimate "$ir" --gpu h100-sxm --block 128x2x1 "${small[@]}" >/dev/null ||
		fail "the moved warpest cannot read IR through the installed plugin"
fi

# find_package
cmake -S "$src/test/install/consumer" -B "$tmp/consumer-cmake" -G Ninja \
	-DCMAKE_C_COMPILER="$cc" -DCMAKE_C_FLAGS="$cflags" -DCMAKE_EXE_LINKER_FLAGS="$cflags" \
	-DCMAKE_PREFIX_PATH="$p" >"$tmp/cmake.log" 2>&1 || { cat "$tmp/cmake.log"; fail "find_package(warpest)"; }
cmake --build "$tmp/consumer-cmake" >"$tmp/build.log" 2>&1 || { cat "$tmp/build.log"; fail "building against warpest::core"; }
out=$("$tmp/consumer-cmake/consumer" "$model" h100-sxm) || fail "the find_package consumer failed"
grep -q "tables in $p/" <<<"$out" || fail "the consumer found tables outside the prefix: $out"
echo "find_package: $out"

# pkg-config
export PKG_CONFIG_PATH=$libdir/pkgconfig
[ "$(pkg-config --modversion warpest)" = "$(sed -n 's/^#define WARPEST_VERSION_STRING "\(.*\)"/\1/p' "$p/include/warpest/warpest.h")" ] ||
	fail "pkg-config's version is not the header's"
read -r -a flags <<<"$(pkg-config --cflags --libs warpest)"
"$cc" $cflags -std=c11 -Wall -Wextra -Werror "$src/test/install/consumer/consumer.c" "${flags[@]}" \
	-Wl,-rpath,"$(pkg-config --variable=libdir warpest)" -o "$tmp/consumer-pc" || fail "building through pkg-config"
out=$("$tmp/consumer-pc" "$model" h100-sxm) || fail "the pkg-config consumer failed"
echo "pkg-config: $out"
[ -d "$(pkg-config --variable=tablesdir warpest)" ] || fail "pkg-config's tablesdir does not exist"

# Python, with nothing set but the module's path (not under the sanitizers:
# python3 is not instrumented)
if [ -z "$cflags" ]; then
	out=$(PYTHONPATH=$p/lib/python3/dist-packages python3 -c '
import sys, warpest
est = warpest.load(sys.argv[1], "h100-sxm")
print("python:", warpest.library_path(), est.estimate({"block": 128}).predicted_seconds)
assert warpest.library_path().startswith(sys.argv[2]), warpest.library_path()' "$model" "$p") ||
		fail "the installed Python module"
	echo "$out"
fi
echo "relocated install: ok"
