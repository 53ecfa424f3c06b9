; A host module (x86_64 triple) is skipped: no remarks, no model, no metadata.
; RUN: rm -rf %t && %opt-warpest -passes='warpest<dump-model=%t>' -pass-remarks-analysis=warpest -S %s -o - 2>&1 | FileCheck %s
; RUN: not ls %t/k.json
; CHECK-NOT: remark
; CHECK: define void @k(ptr %p)
; CHECK-NOT: warpest
target triple = "x86_64-pc-linux-gnu"

define void @k(ptr %p) {
  store i32 0, ptr %p
  ret void
}
