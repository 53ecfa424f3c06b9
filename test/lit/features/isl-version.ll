; The isl used inside opt is the one the core was built against (libisl-dev
; headers found by CMake), not the copy that Debian's libLLVM exports.
; REQUIRES: warpest-core
; RUN: %opt-warpest -passes='warpest<print-isl-version>' -disable-output %s 2>&1 | FileCheck %s -DVER=%isl_version
; CHECK: warpest: core {{.*}}libwarpest-core.so{{[.0-9]*}}, isl version isl-[[VER]]
target triple = "x86_64-pc-linux-gnu"
