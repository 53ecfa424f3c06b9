; Bad pass parameters give a clear error and a non-zero exit, no crash.
; RUN: not %opt-warpest -passes='warpest<blok=32x4x1>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=KEY
; RUN: not %opt-warpest -passes='warpest<block=32xfour>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=BLOCK
; RUN: not %opt-warpest -passes='warpest<param=nx>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=PARAM
; RUN: not %opt-warpest -passes='warpest<gpu>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=VALUE
; RUN: env WARPEST_CONFIG='registers=999' %opt-warpest -passes=warpest -disable-output %s 2>&1 | FileCheck %s --check-prefix=ENV
; KEY: warpest: invalid pass parameters 'blok=32x4x1': unknown parameter 'blok' (known: gpu, block
; BLOCK: warpest: invalid pass parameters 'block=32xfour': bad block '32xfour' (expected e.g. 32x4x2)
; PARAM: bad param 'nx' (expected name:value, e.g. nx:640)
; VALUE: parameter 'gpu' needs a value (key=value)
; ENV: warning: warpest: ignoring WARPEST_CONFIG: bad registers '999' (expected 1..255)
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr %p) {
  store i32 0, ptr %p
  ret void
}
