// A full CUDA compile (host and two device jobs) keeps the device remark
// records when each architecture gets its own record file:
//   -Xarch_sm_90 -foptimization-record-file=k.sm_90.yaml -Xarch_sm_80 -foptimization-record-file=k.sm_80.yaml
// (-Xarch_device -foptimization-record-file=F for a single architecture).
// -fsave-optimization-record alone gives every job the same file name, and the
// host job, which runs last, leaves no warpest record in it.
// REQUIRES: warpest-core
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: env WARPEST_CONFIG='block=128x1x1;param=n:1048576;gpu=h100-sxm' %clang-plugin -g -Wno-backend-plugin --cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_90 -Xarch_sm_90 -foptimization-record-file=%t/k.sm_90.yaml -Xarch_sm_80 -foptimization-record-file=%t/k.sm_80.yaml -c %s -o %t/k.o
// RUN: FileCheck %s --check-prefix=SM90 --input-file=%t/k.sm_90.yaml
// RUN: FileCheck %s --check-prefix=SM80 --input-file=%t/k.sm_80.yaml
// SM90: Pass: warpest
// SM90: Name: Summary
// SM90: Arch: sm_90
// SM90: PredictedMicroseconds:
// SM80: Name: Summary
// SM80: Arch: sm_80
// RUN: env WARPEST_CONFIG='block=128x1x1;param=n:1048576' %clang-plugin -g --cuda-gpu-arch=sm_90 -fsave-optimization-record -c %s -o %t/all.o
// RUN: not grep -q 'Pass: *warpest' %t/all.opt.yaml
// The documented way works with the record's kernel comparison too.
// RUN: %warpest-cli diff %t/k.sm_90.yaml %t/k.sm_90.yaml | FileCheck %s --check-prefix=DIFF
// DIFF: copy (sm_90)
// DIFF: none predicted slower
extern "C" __global__ void copy(const float *a, float *b, int n)
{
	int g = threadIdx.x + blockIdx.x * blockDim.x;
	if (g < n)
		b[g] = a[g];
}
