// Loops with affine bounds (a parameter, a thread-dependent start), nested.
// RUN: rm -rf %t && %clang-dev %s -o %t.ll
// RUN: %opt-warpest -passes='warpest<no-estimate;dump-model=%t>' -disable-output %t.ll
// RUN: FileCheck %s --input-file=%t/loops.json
// CHECK: "loops": [
// CHECK: { "var": "it0", "lower": "0", "upper": "m", "step": 1
// CHECK: { "var": "it1", "lower": "0", "upper": "k", "step": 1
// CHECK: "index": [ "tid.y + ntid.y*it0", "2*tid.x + it1" ], "loops": [ "it0", "it1" ]
extern "C" __global__ void loops(const float *a, float *out, int nx, int m, int k)
{
	float s = 0;
#pragma unroll 1
	for (int j = 0; j < m; j++)
#pragma unroll 1
		for (int i = 0; i < k; i++)
			s += a[(threadIdx.y + j * blockDim.y) * nx + 2 * threadIdx.x + i];
	out[threadIdx.x] = s;
}
