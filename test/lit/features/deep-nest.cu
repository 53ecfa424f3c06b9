// More loops than the model holds (8): the pass keeps the loops with the
// most accesses and takes the others at their first iteration (pass/conform.c).
// A dropped variable becomes its loop's lower bound, not 0: the halving
// loop's h starts at ntid.x / 2. The model is one the core accepts.
// REQUIRES: warpest-core, warpest-cli
// RUN: rm -rf %t && mkdir -p %t
// RUN: env WARPEST_CONFIG='no-estimate;dump-model=%t' %clang-plugin -fno-discard-value-names --cuda-device-only --cuda-gpu-arch=sm_80 -c %s -o /dev/null
// RUN: FileCheck %s --input-file=%t/deep_halving.json
// RUN: %warpest-cli estimate %t/deep_halving.json --gpu a100-40gb --block 256x1x1 -p n=2 | FileCheck %s --check-prefix=EST
#include <cuda_runtime.h>

// CHECK: "index": [ "tid.x + ctaid.x*ntid.x + it0 + it1 + it2 + it3 + it4 + it5 + it6 + 2*it7 + ((ntid.x) / 2)" ]
// CHECK-NOT: + 0 +
// CHECK: "the kernel has {{[0-9]+}} loops, the model at most 8: loops {{.*}} are taken at their first iteration
// EST: prediction
extern "C" __global__ void deep_halving(const float *__restrict__ b, float *__restrict__ a, int n)
{
	int t = blockIdx.x * blockDim.x + threadIdx.x;
	float s = 0.0f;
	for (int i0 = 0; i0 < n; i0++)
	for (int i1 = 0; i1 < n; i1++)
	for (int i2 = 0; i2 < n; i2++)
	for (int i3 = 0; i3 < n; i3++)
	for (int i4 = 0; i4 < n; i4++)
	for (int i5 = 0; i5 < n; i5++)
	for (int i6 = 0; i6 < n; i6++)
	for (int i7 = 0; i7 < n; i7++)
	for (unsigned h = blockDim.x / 2; h > 0; h >>= 1)
		s += b[t + i0 + i1 + i2 + i3 + i4 + i5 + i6 + i7 + h];
	a[t] = s;
}
