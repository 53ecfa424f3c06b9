// At -O0 the IR is stack slots: the pass warns that the estimate is not meaningful.
// RUN: env WARPEST_CONFIG='no-estimate' %clang -O0 -fpass-plugin=%plugin -Wno-unknown-cuda-version --cuda-path=%cuda_path --cuda-gpu-arch=sm_90 --cuda-device-only -c %s -o %t.o 2>&1 | FileCheck %s
// CHECK: warning: warpest: kernel 'slow' (sm_90) is not optimised (-O0): its IR keeps values in stack slots and the estimate is not meaningful; compile with -O2
extern "C" __global__ void slow(float *a)
{
	a[threadIdx.x] = 1.0f;
}
