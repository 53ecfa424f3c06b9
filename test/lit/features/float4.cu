// float4 copies: vector accesses stay one 16-byte access; lanes split into
// 4-byte accesses are merged back.
// RUN: rm -rf %t && %clang-dev %s -o %t.ll
// RUN: %opt-warpest -passes='warpest<no-estimate;dump-model=%t>' -disable-output %t.ll
// RUN: FileCheck %s --input-file=%t/copy4.json
// CHECK: { "field": "in", "kind": "load", "bytes": 16, "index": [ "4*tid.x + 4*ctaid.x*ntid.x" ]
// CHECK: { "field": "out", "kind": "store", "bytes": 16, "index": [ "4*tid.x + 4*ctaid.x*ntid.x" ]
struct __align__(16) f4 { float x, y, z, w; };
extern "C" __global__ void copy4(const f4 *in, f4 *out)
{
	int g = threadIdx.x + blockIdx.x * blockDim.x;
	f4 v = in[g];
	v.x *= 2.0f;
	out[g] = v;
}
