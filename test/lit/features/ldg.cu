// __ldg reads are loads (read-only path) with affine addresses.
// RUN: rm -rf %t && %clang-dev %s -o %t.ll
// RUN: %opt-warpest -passes='warpest<no-estimate;dump-model=%t>' -disable-output %t.ll
// RUN: FileCheck %s --input-file=%t/ro.json
// CHECK: { "field": "a", "kind": "load", "bytes": 8, "index": [ "tid.x + ctaid.x*ntid.x + 1" ]
// CHECK: { "field": "b", "kind": "store", "bytes": 8
extern "C" __global__ void ro(const double *__restrict__ a, double *__restrict__ b)
{
	int g = threadIdx.x + blockIdx.x * blockDim.x;
	b[g] = __ldg(&a[g + 1]);
}
