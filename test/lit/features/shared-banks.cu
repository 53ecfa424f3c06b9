// Shared memory: static arrays in addrspace(3) reached through generic
// pointers; a stride-2 pattern (bank conflicts) and a broadcast.
// RUN: rm -rf %t && %clang-dev %s -o %t.ll
// RUN: %opt-warpest -passes='warpest<no-estimate;dump-model=%t>' -disable-output %t.ll
// RUN: FileCheck %s --input-file=%t/banks.json
// CHECK: { "name": "tile", "space": "shared", "elem_bytes": 4, "align": 4 }
// CHECK: { "field": "tile", "kind": "store", "bytes": 4, "index": [ "tid.x" ]
// CHECK: { "field": "tile", "kind": "load", "bytes": 4, "index": [ "2*((tid.x) % 128)" ]
// CHECK: { "field": "tile", "kind": "load", "bytes": 4, "index": [ "0" ]
// CHECK: "shared_static_bytes": 1024
extern "C" __global__ void banks(const float *in, float *out)
{
	__shared__ float tile[256];
	tile[threadIdx.x] = in[threadIdx.x];
	__syncthreads();
	out[threadIdx.x] = tile[(2 * threadIdx.x) % 256] + tile[0];
}
