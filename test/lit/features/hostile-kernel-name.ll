; A kernel name that is a path does not leave the dump directory: the model
; file is named by the name's safe characters and a hash of the whole name.
; RUN: rm -rf %t && mkdir -p %t/sub
; RUN: %opt-warpest -passes='warpest<no-estimate;dump-model=%t/sub>' -disable-output %s
; RUN: ls %t/sub | FileCheck %s
; RUN: ls %t | FileCheck %s --check-prefix=PARENT
; CHECK: _._.._escape_k_e_r_n_e_l-8f14c5f912520c98.json
; PARENT: sub
; PARENT-NOT: escape
target triple = "nvptx64-nvidia-cuda"
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
define ptx_kernel void @"../../escape/k e r n e l"(ptr %p) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %g = getelementptr float, ptr %p, i32 %t
  store float 0.0, ptr %g
  ret void
}
