; A condition built as an i1 phi of a constant and a comparison (`ok = i <
; n; if (ok) ok = i < m;` lowered without a select): the guard is the path
; condition of the arm that gives the comparison, and the comparison.
; RUN: rm -rf %t && %opt-warpest -passes='warpest<no-estimate;dump-model=%t>' -disable-output %s
; RUN: FileCheck %s --input-file=%t/phi_and.json
; CHECK-NOT: not built from integer comparisons
; CHECK: "guard": "tid.x + ctaid.x*ntid.x < n && tid.x + ctaid.x*ntid.x < m"
target datalayout = "e-p6:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; ok = (i < n) && (i < m) as a phi of a constant and a comparison; store under ok
define ptx_kernel void @phi_and(ptr %a, ptr %b, i32 %n, i32 %m) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %ctaid, %ntid
  %i = add i32 %base, %tid
  %c1 = icmp slt i32 %i, %n
  br i1 %c1, label %second, label %join

second:
  %c2 = icmp slt i32 %i, %m
  br label %join

join:
  %ok = phi i1 [ false, %entry ], [ %c2, %second ]
  br i1 %ok, label %body, label %exit

body:
  %idx = sext i32 %i to i64
  %pa = getelementptr inbounds float, ptr %a, i64 %idx
  %v = load float, ptr %pa, align 4
  %pb = getelementptr inbounds float, ptr %b, i64 %idx
  store float %v, ptr %pb, align 4
  br label %exit

exit:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
