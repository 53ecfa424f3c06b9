// Address arithmetic as the backend leaves it (pass/ops.c): constant offsets
// go into the loads' immediates and address-only integer operations become
// one base register per distinct address (field and non-constant part of the
// offset), counted once per iteration of the loop nest it changes in.
// REQUIRES: warpest-core
// RUN: rm -rf %t && mkdir -p %t
// RUN: env WARPEST_CONFIG='no-estimate;dump-model=%t' %clang-plugin -fno-discard-value-names --cuda-device-only --cuda-gpu-arch=sm_80 -c %s -o /dev/null
// RUN: FileCheck %s --check-prefix=TAPS --input-file=%t/_Z8taps_rowILi5EEvPKfPfi.json
// RUN: FileCheck %s --check-prefix=COLUMN --input-file=%t/column_sum.json
#include <cuda_runtime.h>

// i = ctaid.x*ntid.x + tid.x: one mul (int_mad) and one add, both counted
// because i also feeds the bounds test; the test is one icmp. The five taps'
// GEPs and offsets are address-only: in[] is one base (in + 4*i, the taps at
// +0..+16 in the immediate) and out[] another. int = add + icmp + 2 bases = 4.
// (Counting every GEP and offset add, as before this, gave 12.)
// The FMAs sit under the bounds test and run with its loads (runs_with 0).
// TAPS: "ops": [
// TAPS-NEXT: { "int": 4, "int_mad": 1 }
// TAPS-NEXT: { "runs_with": 0, "fp32_fma": 5 }
template <int TAPS>
__global__ void taps_row(const float *__restrict__ in, float *__restrict__ out, int n)
{
	const int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	float acc = 0.0f;
#pragma unroll
	for (int k = 0; k < TAPS; k++)
		acc += (k + 1) * 0.1f * in[i + k];
	out[i] = acc;
}
template __global__ void taps_row<5>(const float *, float *, int);

// -O2 unrolls the row loop by 4 (it0) with a remainder (it1). In it0 the
// four loads a[(4*it0 + q)*ld + i], q = 0..3, differ by q*ld elements, a
// parameter, not a constant: 4 bases, each stepping with it0. The row
// counter r only feeds addresses (counted in the bases); the trip counter's
// add and its compare count: it0 int = 4 + 2 = 6 (before: 14 int and 4
// int_mad). The remainder: 1 base, its counter's add and compare: 3.
// The bases stay in each nest's own entry; the sums and the counter sit
// under the loop's entry test and run with the loads (runs_with).
// COLUMN: "ops": [
// COLUMN: { "loops": [ "it0" ], "int": 4 },
// COLUMN-NEXT: { "loops": [ "it1" ], "int": 1 },
// COLUMN-NEXT: { "loops": [ "it1" ], "runs_with": 0, "fp32_add": 1, "int": 2 },
// COLUMN-NEXT: { "loops": [ "it0" ], "runs_with": 2, "fp32_add": 4, "int": 2 }
extern "C" __global__ void column_sum(const float *__restrict__ a, float *__restrict__ out, int rows, int ld)
{
	const int i = blockIdx.x * blockDim.x + threadIdx.x;
	float acc = 0.0f;
	for (int r = 0; r < rows; r++)
		acc += a[r * ld + i];
	out[i] = acc;
}
