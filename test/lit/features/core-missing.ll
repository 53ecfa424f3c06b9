; Without the core, the pass says so in a remark per kernel and one warning, and carries on.
; RUN: env WARPEST_CORE_LIB=/nonexistent/libwarpest-core.so %opt-warpest -passes='warpest<block=32x1x1>' -pass-remarks-analysis=warpest -disable-output %s 2>&1 | FileCheck %s
; CHECK: remark: <unknown>:0:0: k (nvptx): 1 accesses (0 not analysable)
; CHECK: k (nvptx): no estimate, the warpest core could not be opened ({{.*}}/nonexistent/libwarpest-core.so{{.*}}); set WARPEST_CORE_LIB
; CHECK: store p[threadIdx.x]
; CHECK: warning: warpest: no estimates: the warpest core could not be opened ({{.*}}/nonexistent/libwarpest-core.so{{.*}}); set WARPEST_CORE_LIB
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr %p) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %t to i64
  %a = getelementptr float, ptr %p, i64 %i
  store float 0.0, ptr %a
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
