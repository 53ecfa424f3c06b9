; An 'or' that LLVM did not mark disjoint (its known-bits search stops at a
; depth; Morton codes build such chains) is an add when the bits that may be
; set in its operands are disjoint: here (ctaid.x << 5) | (tid.x & 31), and
; an 'xor' of tid.x & 7 with (tid.x & 8) << 1. An 'or' of overlapping
; variables stays unanalysed with its reason.
; RUN: rm -rf %t && %opt-warpest -passes='warpest<no-estimate;dump-model=%t>' -disable-output %s
; RUN: FileCheck %s --input-file=%t/k.json
; CHECK: "index": [ "32*ctaid.x + (tid.x) % 32" ]
; CHECK: "index": [ "16*(((tid.x) % 16) / 8) + (tid.x) % 8" ]
; CHECK: "analysable": false, "reason": "bitwise 'or' of two variables"
target triple = "nvptx64-nvidia-cuda"
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
define ptx_kernel void @k(ptr %p, i32 %n) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %lane = and i32 %t, 31
  %hi = shl i32 %c, 5
  %i = or i32 %hi, %lane
  %i64 = zext i32 %i to i64
  %g = getelementptr float, ptr %p, i64 %i64
  store float 0.0, ptr %g
  %lo = and i32 %t, 7
  %b3 = and i32 %t, 8
  %b4 = shl i32 %b3, 1
  %x = xor i32 %lo, %b4
  %x64 = zext i32 %x to i64
  %g2 = getelementptr float, ptr %p, i64 %x64
  store float 1.0, ptr %g2
  %o = or i32 %t, %n
  %o64 = zext i32 %o to i64
  %g3 = getelementptr float, ptr %p, i64 %o64
  store float 2.0, ptr %g3
  ret void
}
