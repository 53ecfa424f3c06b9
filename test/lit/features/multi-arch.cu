// clang runs the plugin once per --cuda-gpu-arch (and on the host module, skipped).
// RUN: env WARPEST_CONFIG='no-estimate' %clang-plugin -c --cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_90 -gline-tables-only -Rpass-analysis=warpest %s -o %t.o 2>&1 | FileCheck %s
// CHECK-DAG: remark: copy (sm_80): 2 accesses (0 not analysable)
// CHECK-DAG: remark: copy (sm_90): 2 accesses (0 not analysable)
// CHECK-NOT: x86
extern "C" __global__ void copy(const float *a, float *b)
{
	int g = threadIdx.x + blockIdx.x * blockDim.x;
	b[g] = a[g];
}
