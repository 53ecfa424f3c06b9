; A float value built from constants through a chain where each value adds
; itself (x1 = x0 + x0, ..., x22 = x21 + x21): the fold of fptosi's operand
; (pass/float_const.c) visits a DAG, and without a cap on visits took 2^23
; of them (1.1 s for these 25 instructions). Capped at 1024: the index is
; not folded and stays a data value, named as such, at once.
; RUN: %opt-warpest -passes='warpest<no-estimate>' -pass-remarks-analysis=warpest -disable-output %s 2>&1 | FileCheck %s
; CHECK: 1 accesses (1 not analysable)
; CHECK: not analysed: address depends on data
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @fold_chain(ptr %out) {
entry:
  %x0 = fadd float 1.0, 1.0
  %x1 = fadd float %x0, %x0
  %x2 = fadd float %x1, %x1
  %x3 = fadd float %x2, %x2
  %x4 = fadd float %x3, %x3
  %x5 = fadd float %x4, %x4
  %x6 = fadd float %x5, %x5
  %x7 = fadd float %x6, %x6
  %x8 = fadd float %x7, %x7
  %x9 = fadd float %x8, %x8
  %x10 = fadd float %x9, %x9
  %x11 = fadd float %x10, %x10
  %x12 = fadd float %x11, %x11
  %x13 = fadd float %x12, %x12
  %x14 = fadd float %x13, %x13
  %x15 = fadd float %x14, %x14
  %x16 = fadd float %x15, %x15
  %x17 = fadd float %x16, %x16
  %x18 = fadd float %x17, %x17
  %x19 = fadd float %x18, %x18
  %x20 = fadd float %x19, %x19
  %x21 = fadd float %x20, %x20
  %x22 = fadd float %x21, %x21
  %y = fmul float %x22, 0.0
  %i = fptosi float %y to i32
  %p = getelementptr float, ptr %out, i32 %i
  store float 0.0, ptr %p
  ret void
}
