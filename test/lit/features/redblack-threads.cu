// The threads a guard implies when the index has a bounded quasi-affine
// term: a red-black sweep's column col = 2*x + 1 + ((row + color) & 1) needs
// 2*x + 1 + q < n - 1 for some row, q in {0, 1}; at q = 0, x < (n - 2)/2,
// so the first unneeded x is ceil((n - 2)/2) = (n - 1)/2 (pass/launch_infer.c).
// Before, no thread count: the grid in x was a guess of 1024 blocks, and
// with n = 1024 every wave the estimate drew was idle ("no estimate").
// The y guard row = y + 1 < n - 1 gives n - 2 as before.
// RUN: rm -rf %t && %clang-dev %s -o %t.ll
// RUN: %opt-warpest -passes='warpest<no-estimate;dump-model=%t>' -disable-output %t.ll
// RUN: FileCheck %s --input-file=%t/rb_half.json
// CHECK: "threads": { "x": "(n - 1) / 2", "y": "n - 2" }
// CHECK-NOT: "guessed"
extern "C" __global__ void rb_half(double *phi, const double *rho, int n, double omega, int color)
{
	int row = 1 + threadIdx.y + blockIdx.y * blockDim.y;
	int col = 1 + ((row + color) & 1) + 2 * (threadIdx.x + blockIdx.x * blockDim.x);
	if (row < n - 1 && col < n - 1) {
		double *p = phi + row * n + col;
		double nb = p[-n] + p[n] + p[-1] + p[1];
		*p = (1 - omega) * *p + omega * 0.25 * (nb - rho[row * n + col]);
	}
}
