// Atomic classes: unused result, used result, compare-and-swap, shared and global.
// RUN: rm -rf %t && %clang-dev %s -o %t.ll
// RUN: %opt-warpest -passes='warpest<no-estimate;dump-model=%t>' -disable-output %t.ll
// RUN: FileCheck %s --input-file=%t/atomics.json
// CHECK: { "field": "cnt", "kind": "atomic", "bytes": 4, "index": [ "tid.x" ]{{.*}}"uses_result": false }
// CHECK: { "field": "cnt", "kind": "atomic", "bytes": 4, "index": [ "0" ]{{.*}}"uses_result": true }
// CHECK: { "field": "flags", "kind": "cas", "bytes": 4, "index": [ "tid.x + ctaid.x*ntid.x" ]
// CHECK: { "field": "sh", "kind": "atomic", "bytes": 4, "index": [ "(tid.x) % 32" ]
extern "C" __global__ void atomics(unsigned *cnt, int *flags, unsigned *out)
{
	__shared__ unsigned sh[32];
	atomicAdd(&cnt[threadIdx.x], 1u);
	unsigned old = atomicAdd(&cnt[0], 2u);
	int g = threadIdx.x + blockIdx.x * blockDim.x;
	int prev = atomicCAS(&flags[g], 0, 1);
	atomicAdd(&sh[threadIdx.x % 32], 1u);
	__syncthreads();
	out[g] = old + prev + sh[0];
}
