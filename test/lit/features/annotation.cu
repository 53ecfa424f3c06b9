// WARPEST_LAUNCH records block shape and parameter values in the device IR;
// WARPEST_CONFIG and pass parameters override it.
// RUN: %clang-dev %s -o %t.ll
// RUN: %opt-warpest -passes='warpest<no-estimate>' -pass-remarks-analysis=warpest -disable-output %t.ll 2>&1 | FileCheck %s --check-prefix=ANN
// RUN: env WARPEST_CONFIG='block=64x1x1' %opt-warpest -passes='warpest<no-estimate;param=n:100>' -pass-remarks-analysis=warpest -disable-output %t.ll 2>&1 | FileCheck %s --check-prefix=OVR
// ANN: remark: {{.*}}annotation.cu:{{.*}} scale (sm_90): 2 accesses (0 not analysable), configuration gpu=h100-sxm;block=32x4x1;param=n:640
// OVR: configuration gpu=h100-sxm;block=64x1x1;param=n:100
#include "warpest.h"
extern "C" __global__ WARPEST_LAUNCH(32, 4, 1, "n=640") void scale(float *a, int n)
{
	int g = threadIdx.x + blockIdx.x * blockDim.x;
	if (g < n)
		a[g] *= 2.0f;
}
