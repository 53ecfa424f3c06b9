; An 'and' with a 63-bit mask (INT64_MIN or INT64_MAX) is named as not
; analysed; it used to wrap -c and allocate without end until clang aborted.
; A mask 2^63-2 would need the modulus 2^63 (signed overflow found by the
; pass fuzzer): also not analysed (on a parameter: of tid.x, whose bits above
; bit 10 are zero, the mask keeps every bit that may be set).
; RUN: %opt-warpest -passes='warpest<no-estimate>' -pass-remarks-analysis=warpest -disable-output %s 2>&1 | FileCheck %s
; CHECK: 3 accesses (3 not analysable)
; CHECK: not analysed: 'and' with a 63-bit mask
; CHECK: not analysed: 'and' with a 63-bit mask
; CHECK: not analysed: 'and' with a mask that is not 2^k-1 or -2^k
target triple = "nvptx64-nvidia-cuda"
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
define ptx_kernel void @k(ptr %p, i64 %n) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %t to i64
  %m = and i64 %t64, -9223372036854775808
  %g = getelementptr float, ptr %p, i64 %m
  store float 0.0, ptr %g
  %m2 = and i64 %t64, 9223372036854775807
  %g2 = getelementptr float, ptr %p, i64 %m2
  store float 1.0, ptr %g2
  %t2 = shl i64 %n, 1
  %m3 = and i64 %t2, 9223372036854775806
  %g3 = getelementptr float, ptr %p, i64 %m3
  store float 2.0, ptr %g3
  ret void
}
