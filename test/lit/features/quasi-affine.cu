// Quasi-affine thread remaps: / and % by constants, shifts, masks, min/max.
// RUN: rm -rf %t && %clang-dev %s -o %t.ll
// RUN: %opt-warpest -passes='warpest<no-estimate;dump-model=%t>' -disable-output %t.ll
// RUN: FileCheck %s --input-file=%t/quasi.json
// CHECK: "index": [ "(tid.x) / 4", "(tid.x) % 4" ]
// CHECK: "index": [ "(tid.x) / 8" ]
// CHECK: "index": [ "(tid.x) % 16" ]
// CHECK: "index": [ "min(tid.x + ctaid.x*ntid.x, n - 1)" ]
// CHECK: "index": [ "max(tid.x, 3) - 3" ]
extern "C" __global__ void quasi(const float *a, float *b, float *c, float *d, float *e, int n, int ld)
{
	unsigned t = threadIdx.x;
	float v = a[(t / 4) * ld + t % 4];
	v += b[t >> 3];
	v += c[t & 15];
	int g = threadIdx.x + blockIdx.x * blockDim.x;
	v += d[min(g, n - 1)];
	e[max((int)threadIdx.x - 3, 0)] = v;
}
