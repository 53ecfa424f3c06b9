; A short constant-trip loop that -O2 rotated but did not unroll (a tile of
; two samples around a large body) keeps only a flag: the header phi
; [true, entry], [false, latch] is the latch's exit test, so the loop runs
; twice, and the sample offset phi [0, entry], [1, latch] is 0 then 1 =
; it0 (pass/eval.c, flag_trip and the constant back edge in induction).
; Before, both were "loop-carried value that is not an induction variable":
; the trip count fell back to 1 and every address was unanalysable.
; RUN: rm -rf %t && %opt-warpest -passes='warpest<no-estimate;dump-model=%t>' -disable-output %s
; RUN: FileCheck %s --input-file=%t/two_samples.json
; CHECK: "loops": [
; CHECK-NEXT: { "var": "it0", "lower": "0", "upper": "2", "step": 1 }
; CHECK: "field": "in", "kind": "load", "bytes": 4, "index": [ "2*tid.x + 256*ctaid.x + it0" ], "loops": [ "it0" ], "guard": "2*tid.x + 256*ctaid.x + it0 < 100000"
; CHECK: "field": "out", "kind": "store", "bytes": 4, "index": [ "2*tid.x + 256*ctaid.x + it0" ], "loops": [ "it0" ]
; CHECK-NOT: not an induction variable
; CHECK-NOT: trip count unknown
target triple = "nvptx64-nvidia-cuda"
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
define ptx_kernel void @two_samples(ptr noalias readonly %in, ptr noalias %out) {
entry:
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %cbase = shl i32 %ctaid, 8
  %tbase = shl i32 %tid, 1
  %x = add i32 %cbase, %tbase
  br label %sample

sample:
  %first = phi i1 [ true, %entry ], [ false, %next ]
  %t = phi i32 [ 0, %entry ], [ 1, %next ]
  %s = or disjoint i32 %t, %x
  %inb = icmp slt i32 %s, 100000
  br i1 %inb, label %body, label %next

body:
  %idx = sext i32 %s to i64
  %p = getelementptr inbounds float, ptr %in, i64 %idx
  %v = load float, ptr %p, align 4
  %w = fmul float %v, 2.0
  %q = getelementptr inbounds float, ptr %out, i64 %idx
  store float %w, ptr %q, align 4
  br label %next

next:
  br i1 %first, label %sample, label %exit

exit:
  ret void
}
