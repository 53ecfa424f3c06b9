// `if (ty == 0 && by == 0)` reaches the IR as `(ty | by) == 0`
// (InstCombine): a bitwise or of two variables, which the pass could not
// read, so the guard was assumed true and the guarded accesses counted for
// every warp of every block. `(a | b) == 0` is `a == 0 && b == 0`.
// REQUIRES: warpest-core
// RUN: env WARPEST_CONFIG='gpu=a100-40gb;block=16x16;grid=1x4096;param=hid:16' %clang-plugin --cuda-device-only --cuda-gpu-arch=sm_90 -Rpass-analysis='warpest.*' -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: rm -rf %t && mkdir -p %t && env WARPEST_CONFIG='no-estimate;dump-model=%t' %clang-plugin --cuda-device-only --cuda-gpu-arch=sm_90 -c %s -o /dev/null
// RUN: FileCheck %s --check-prefix=MODEL < %t/adjust_weights.json
// CHECK-NOT: bitwise 'or' of two variables
// Block 16x16: threadIdx.y == 0 is the first 16 threads, half of warp 0;
// blockIdx.y == 0 is 1 block of the 4096: 1 warp-instruction of 16 lanes
// in the launch (before: 8 warps x 4096 blocks = 32768 of 32).
// CHECK: load w[0][threadIdx.x + 1]: 4 B, {{.*}} 1 warp-instructions of 16 active lanes
// CHECK: store w[0][threadIdx.x + 1]: 4 B, {{.*}} 1 warp-instructions of 16 active lanes
// MODEL: "guard": "tid.y < 1 && ctaid.y < 1"
#include <cuda_runtime.h>
#define HEIGHT 16
extern "C" __global__ void adjust_weights(float *__restrict__ w, float *__restrict__ oldw, const float *__restrict__ delta, int hid)
{
	int by = blockIdx.y, tx = threadIdx.x, ty = threadIdx.y;
	int index = (hid + 1) * HEIGHT * by + (hid + 1) * ty + tx + 1 + (hid + 1);
	w[index] += 0.3f * delta[tx + 1] + 0.3f * oldw[index];
	if (ty == 0 && by == 0)
		w[tx + 1] += 0.3f * delta[tx + 1];
}
