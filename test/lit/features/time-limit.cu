// Every estimate in the compiler runs under a time limit (45 % of
// budget-ms=, docs/model.md §1 "Time limit"): a z-marching heat step whose
// loop start is clamped by max(), at 512^3 with 16 planes a thread, gets a
// time and a bottleneck in its remark within the default 100 ms budget.
// Whether that comes from every block or from a block sample depends on the
// machine: the exact run takes about 0.3 s here (1.86 s with 6 neighbours,
// `warpest estimate --work-limit 0`), and an ASan build (limits 5 times
// longer, 225 ms) on the CI machine ran it exactly in 204 ms. Since the
// wave boxes cover its clamped guards a block sample costs a quarter of the
// exact run or more, so no budget separates "sampled" from both "exact" and
// "stopped" with a safe margin in both builds; the test asserts the time,
// and (second RUN) that a budget no run fits in still gives a time, from the
// last resort: the smallest sample once more with no clock, under 2^23 lane
// evaluations, which says so. The sample's remark and its sizing are tested
// in the core (cli.time_limit, unit.test_hardening). The grid is given: the
// guessed one (z 64) idles most waves.
// REQUIRES: warpest-core
// RUN: env WARPEST_CONFIG='gpu=a100-40gb;block=32x8x1;grid=16x64x32;param=nx:512;param=ny:512;param=nz:512;param=chunk:16' %clang-plugin --cuda-device-only --cuda-gpu-arch=sm_90 -Rpass-analysis=warpest -c %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: heat_zmarch (sm_90, a100-40gb): predicted {{[0-9.e+]+}} us, bottleneck {{L1|L2|DRAM|compute}}
// 1 ms: limits of 0.45 ms (2.25 ms under ASan), and even the smallest
// sample (2 blocks a wave) takes several ms: the last resort
// RUN: env WARPEST_CONFIG='gpu=a100-40gb;block=32x8x1;grid=16x64x32;param=nx:512;param=ny:512;param=nz:512;param=chunk:16;budget-ms=1' %clang-plugin --cuda-device-only --cuda-gpu-arch=sm_90 -Rpass-analysis=warpest -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STOP
// STOP-NOT: no estimate
// STOP: heat_zmarch (sm_90, a100-40gb): predicted {{[0-9.e+]+}} us, bottleneck {{L1|L2|DRAM|compute}}
// STOP: heat_zmarch (sm_90): assumes blocks sampled: 2 of 864 per wave
// STOP: heat_zmarch (sm_90): assumes a block sample did not fit the time limit ({{0.45|2.25}} ms): the smallest sample taken with no clock instead, under 8388608 lane evaluations (the last resort)
// STOP-NOT: no estimate
#include <cuda_runtime.h>

template <typename T>
__device__ __forceinline__ T laplace7(const T *u, long c, long sx, long sxy)
{
	return u[c - 1] + u[c + 1] + u[c - sx] + u[c + sx] + u[c - sxy] + u[c + sxy] - T(6) * u[c];
}

// each thread walks `chunk` planes from blockIdx.z * chunk, the first plane
// clamped to 1; boundary columns return early
extern "C" __global__ void heat_zmarch(const float *__restrict__ u, float *__restrict__ v, int nx, int ny,
	int nz, int chunk)
{
	const int i = blockIdx.x * blockDim.x + threadIdx.x;
	const int j = blockIdx.y * blockDim.y + threadIdx.y;
	if (i < 1 || j < 1 || i > nx - 2 || j > ny - 2)
		return;
	const long sxy = (long)nx * ny;
	const int k0 = blockIdx.z * chunk;
	for (int k = max(k0, 1); k < min(k0 + chunk, nz - 1); ++k) {
		const long c = k * sxy + (long)j * nx + i;
		v[c] = u[c] + 0.1f * laplace7(u, c, (long)nx, sxy);
	}
}
