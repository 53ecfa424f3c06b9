// Conversions to and from double run in the FP64 unit (docs/model.md §6):
// the pass counts them as fp64_convert and the core adds them to the fp64
// pipe, which on GA10x has 2 lanes per SM.
// REQUIRES: warpest-core, warpest-cli
// RUN: rm -rf %t && mkdir -p %t
// RUN: env WARPEST_CONFIG='no-estimate;dump-model=%t' %clang-plugin --cuda-device-only --cuda-gpu-arch=sm_86 -c %s -o /dev/null
// RUN: FileCheck %s --check-prefix=MODEL --input-file=%t/scale_by_tenth.json
// RUN: %warpest-cli estimate %t/scale_by_tenth.json --gpu rtx-a4000 --block 256x1x1 --grid 4096x1x1 --json | FileCheck %s --check-prefix=EST
#include <cuda_runtime.h>

// 0.1 is a double literal that no float equals, so the product stays in
// double: one fpext, one double multiply, one fptrunc per thread.
// MODEL: { "fp64_mul": 1, "int": 2, "fp64_convert": 2 }
extern "C" __global__ void scale_by_tenth(const float *__restrict__ in, float *__restrict__ out)
{
	const int i = blockIdx.x * blockDim.x + threadIdx.x;
	out[i] = (float)(in[i] * 0.1);
}

// By hand: 4096 x 256 = 1048576 threads x (1 multiply + 2 conversions) =
// 3145728 FP64-unit operations / (2 lanes x 48 SMs x 1.56e9 Hz) =
// 2.1005128e-05 s, above the DRAM time (8 MiB at 427 GB/s = 1.965e-05 s),
// so compute bounds it. Without the conversions it would be a third.
// EST: "name": "compute",
// EST-NEXT: "seconds": 2.10051282{{[0-9]*}}e-05,
// EST: "bottleneck": "compute"
