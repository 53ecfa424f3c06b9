// An indirect access is kept as unanalysable with the reason, and named in a remark.
// RUN: rm -rf %t && %clang-dev %s -o %t.ll
// RUN: %opt-warpest -passes='warpest<no-estimate;dump-model=%t>' -disable-output -pass-remarks-analysis=warpest %t.ll 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --input-file=%t/gather.json
// CHECK: { "field": "idx", "kind": "load", "bytes": 4, "index": [ "tid.x + ctaid.x*ntid.x" ]
// CHECK: { "field": "a", "kind": "load", "bytes": 4, "analysable": false, "reason": "address depends on data loaded at indirect.cu:{{[0-9]+}}:
// REMARK: gather (sm_90): 3 accesses (1 not analysable)
// REMARK: remark: {{.*}}indirect.cu:[[L:[0-9]+]]:{{[0-9]+}}: load a not analysed: address depends on data loaded at indirect.cu:[[L]]:
extern "C" __global__ void gather(const float *a, const int *idx, float *out)
{
	int g = threadIdx.x + blockIdx.x * blockDim.x;
	out[g] = a[idx[g]];
}
