// Bit operations, comparisons used as values, pointers made from integers and
// the phi of an unrolled loop's remainder, a double buffer's flip (issue 13):
// analysed exactly.
// RUN: rm -rf %t && %clang-dev %s -o %t.ll
// RUN: %opt-warpest -passes='warpest<no-estimate;dump-model=%t>' -disable-output %t.ll
// RUN: FileCheck %s --check-prefix=BITS --input-file=%t/bits.json
// RUN: FileCheck %s --check-prefix=CMPS --input-file=%t/cmps.json
// RUN: FileCheck %s --check-prefix=ROWS --input-file=%t/rows.json
// RUN: FileCheck %s --check-prefix=CHUNKS --input-file=%t/chunks.json
// RUN: FileCheck %s --check-prefix=PARTNER --input-file=%t/partner.json
// RUN: FileCheck %s --check-prefix=PINGPONG --input-file=%t/pingpong.json
#include <cuda_runtime.h>
#include <stdint.h>

// masks by constants are sums of bit fields: t & 129 keeps bits 0 and 7;
// t ^ c = t + c - 2*(t & c); lane ^ 31 = 31 - lane for lane < 32;
// t | c = t + c - (t & c); t & ~8 = t - (t & 8)
// BITS: "index": [ "1024*ctaid.x + (tid.x) % 2 + 128*(((tid.x) / 128) % 2)" ]
// BITS: "index": [ "tid.x + 1024*ctaid.x - 2*((tid.x) % 2) + 1" ]
// BITS: "index": [ "1024*ctaid.x - (tid.x) % 32 + 31" ]
// BITS: "index": [ "tid.x + 1024*ctaid.x - (tid.x) % 2 + 1" ]
// BITS: "index": [ "1024*ctaid.x + (tid.x) % 8 + 16*((tid.x) / 16)" ]
// BITS-NOT: analysable
extern "C" __global__ void bits(const float *a, float *b, int n)
{
	unsigned t = threadIdx.x;
	unsigned lane = t & 31;
	float v = a[blockIdx.x * 1024 + (t & 129)];
	v += a[blockIdx.x * 1024 + (t ^ 1)];
	v += a[blockIdx.x * 1024 + (lane ^ 31)];
	v += a[blockIdx.x * 1024 + (t | 1)];
	v += a[blockIdx.x * 1024 + (t & ~8u)];
	b[blockIdx.x * 1024 + t] = v;
}

// x - (x > 0) and x + (x < n - 1): [a < b] = min(max(b - a, 0), 1), the max
// dropped where b - a >= 0 anyway; a select between x + step and x is
// x + step*[x < n/2] (a row of the delinearised index)
// CMPS: "index": [ "0", "tid.x + ctaid.x*ntid.x - min(tid.x + ctaid.x*ntid.x, 1)" ]
// CMPS: "index": [ "0", "tid.x + ctaid.x*ntid.x + min(max(-tid.x - ctaid.x*ntid.x + n - 1, 0), 1)" ]
// CMPS: "index": [ "min(max(-tid.x - ctaid.x*ntid.x + (n) / 2, 0), 1)", "tid.x + ctaid.x*ntid.x" ]
// CMPS-NOT: analysable
extern "C" __global__ void cmps(const float *a, float *b, int n, int step)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	if (x >= n)
		return;
	int w = x > 0 ? x - 1 : x;
	int e = x < n - 1 ? x + 1 : x;
	int s = x < n / 2 ? x + step : x;
	b[x] = a[w] + a[e] + a[s];
}

// (T *)((uintptr_t)base + y * pitch): the argument plus a byte offset
// ROWS: { "name": "base", "space": "global", "elem_bytes": 4
// ROWS: "field": "base", "kind": "load", "bytes": 4, "offset": "4*tid.x + 4*ctaid.x*ntid.x + ctaid.y*pitch"
// ROWS-NOT: analysable
extern "C" __global__ void rows(const float *base, float *out, int n, int pitch)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	if (x >= n)
		return;
	const float *row = (const float *)((uintptr_t)base + (uintptr_t)blockIdx.y * pitch);
	out[blockIdx.y * n + x] = row[x];
}

// unrolled by 4 with a remainder loop first: the main loop starts at
// beg + (remainder's trip count), the value the phi at the remainder's exit
// has on both of its edges (on the edge that skips the remainder, the trip
// count is tested equal to 0)
// CHUNKS: "index": [ "tid.x + ctaid.x*ntid.x", "it0" ], "loops": [ "it0" ]
// CHUNKS: "index": [ "tid.x + ctaid.x*ntid.x", "4*it1 + (-tid.x*chunk - ctaid.x*ntid.x*chunk + min(tid.x*chunk + ctaid.x*ntid.x*chunk + chunk, n)) % 4 + 3" ], "loops": [ "it1" ]
// CHUNKS-NOT: analysable
extern "C" __global__ void chunks(const double *in, double *out, int n, int chunk)
{
	int first = (blockIdx.x * blockDim.x + threadIdx.x) * chunk;
	double sq = 0.0;
	for (int i = first; i < min(first + chunk, n); ++i)
		sq += in[i] * in[i];
	out[blockIdx.x * blockDim.x + threadIdx.x] = sq;
}

// i ^ j by a parameter: read as i + j - 2*j*((i / j) % 2), with j marked
// power_of_two (with other values the core assumes such accesses random; features/param-bits.cu)
// PARTNER: { "name": "j", "power_of_two": true }
// PARTNER-NOT: "analysable": false
extern "C" __global__ void partner(float *v, int j)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
	v[i ^ j] = v[i];
}

// a double buffer's p = 1 - p alternates: p = it % 2 (start 0, 1 - 0 = 1)
// PINGPONG: "index": [ "(it0) % 2", "tid.x + ctaid.x*ntid.x" ], "loops": [ "it0" ]
// PINGPONG: "index": [ "-((it0) % 2) + 1", "tid.x + ctaid.x*ntid.x" ], "loops": [ "it0" ]
// PINGPONG-NOT: analysable
extern "C" __global__ void pingpong(float *buf, int steps, int n)
{
	int t = blockIdx.x * blockDim.x + threadIdx.x;
	int p = 0;
#pragma unroll 1
	for (int s = 0; s < steps; s++) {
		buf[(1 - p) * n + t] = buf[p * n + t] * 0.5f;
		p = 1 - p;
	}
}
