; Scalable vectors (not NVPTX, but the plugin may be handed any IR) have no
; fixed size: the kernel is reported as not analysed instead of LLVM's fatal
; "Cannot implicitly convert a scalable size" inside the pass.
; RUN: %opt-warpest -passes='warpest<gpu=h100-sxm;block=32x1x1>' -pass-remarks-analysis=warpest -disable-output %s 2>&1 | FileCheck %s
; CHECK: k (nvptx): extraction failed: the kernel uses scalable vector types
; CHECK-NOT: LLVM ERROR
target triple = "nvptx64-nvidia-cuda"
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
define ptx_kernel void @k(ptr %p) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %g = getelementptr <vscale x 4 x float>, ptr %p, i32 %t
  %v = load <vscale x 4 x float>, ptr %g
  %w = fadd <vscale x 4 x float> %v, %v
  store <vscale x 4 x float> %w, ptr %g
  ret void
}
