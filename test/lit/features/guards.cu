// Guards from &&, || and select forms; an inner if becomes an access guard,
// the early return becomes the kernel guard.
// RUN: rm -rf %t && %clang-dev %s -o %t.ll
// RUN: %opt-warpest -passes='warpest<no-estimate;dump-model=%t>' -disable-output %t.ll
// RUN: FileCheck %s --input-file=%t/guards.json
// CHECK: "threads": { "x": "n - 2" }
// CHECK: "guard": "tid.x + ctaid.x*ntid.x > 1 && tid.x + ctaid.x*ntid.x < n - 2"
// CHECK: { "name": "b", "space": "global", "elem_bytes": 4, "align": 256, "dims": [ "2", "n" ] }
// CHECK: { "field": "a", "kind": "load", "bytes": 4, "index": [ "tid.x + ctaid.x*ntid.x" ], "loc"
// CHECK: { "field": "b", "kind": "store", "bytes": 4, "index": [ "0", "tid.x + ctaid.x*ntid.x" ], "loc"
// CHECK: { "field": "b", "kind": "store", "bytes": 4, "index": [ "1", "tid.x + ctaid.x*ntid.x" ], "guard": "(tid.x + ctaid.x*ntid.x < m || tid.x + ctaid.x*ntid.x >= 3*m)"
extern "C" __global__ void guards(const float *a, float *b, int n, int m)
{
	int x = threadIdx.x + blockIdx.x * blockDim.x;
	if (x < 2 || x >= n - 2)
		return;
	float v = a[x];
	b[x] = v;
	if (x < m || x >= 3 * m)
		b[x + n] = 2 * v;
}
