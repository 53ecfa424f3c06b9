// Load rounds (docs/kernel-model.md "round", docs/model.md §8): loads in
// blocks that follow one another on a path, a conditional branch between
// them, wait one after another; loads that exclude each other share a round.
// REQUIRES: warpest-core, warpest-cli
// RUN: rm -rf %t && mkdir -p %t
// RUN: env WARPEST_CONFIG='no-estimate;dump-model=%t' %clang-plugin -fno-discard-value-names --cuda-device-only --cuda-gpu-arch=sm_80 -c %s -o /dev/null
// RUN: FileCheck %s --check-prefix=BOX --input-file=%t/_Z11box_checkedILi1EEvPKfPfii.json
// RUN: %warpest-cli estimate %t/_Z11box_checkedILi1EEvPKfPfii.json --gpu a100-40gb --block 32x8x1 -p w=4096 -p h=4096 --json | FileCheck %s --check-prefix=EST
// RUN: FileCheck %s --check-prefix=PICK --input-file=%t/pick.json
#include <cuda_runtime.h>

// nine taps, each behind its own bounds check: tap k (row-major from the
// top left) is in round k, counted from 0 and left out for the first
// BOX: "field": "in", "kind": "load", "bytes": 4, "index": [ "tid.y + ctaid.y*ntid.y - 1", "tid.x + ctaid.x*ntid.x - 1" ], "guard": "{{[^"]*}}" }
// BOX: "field": "in", "kind": "load"{{.*}}"round": 1 }
// BOX: "field": "in", "kind": "load"{{.*}}"round": 2 }
// BOX: "field": "in", "kind": "load"{{.*}}"round": 8 }
// BOX-NOT: "round": 9
// 9 rounds of one load each, no loop: R = 1 trip x 9 distinct rounds
// EST: "rounds": 9.0,
template <int R>
__global__ void box_checked(const float *__restrict__ in, float *__restrict__ out, int w, int h)
{
	const int x = blockIdx.x * blockDim.x + threadIdx.x;
	const int y = blockIdx.y * blockDim.y + threadIdx.y;
	float acc = 0.0f;
#pragma unroll
	for (int i = -R; i <= R; i++)
#pragma unroll
		for (int j = -R; j <= R; j++) {
			float v = 0.0f;
			if (x + j >= 0 && x + j < w && y + i >= 0 && y + i < h)
				v = __ldg(&in[(y + i) * w + x + j]);
			acc += v;
		}
	if (x < w && y < h)
		out[y * w + x] = acc;
}
template __global__ void box_checked<1>(const float *, float *, int, int);

// if / else around two loads: whichever a thread takes, one round
// PICK-NOT: "round"
extern "C" __global__ void pick(const float *a, const float *b, float *out, int n, int odd)
{
	const int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	float v;
	if (odd)
		v = a[i] + 1.0f;
	else
		v = b[2 * i] * 3.0f;
	out[i] = v;
}
