// 3D 25-point star stencil of range 4, thread folding 2 in y: each thread
// updates y = 2*gy + 4 and 2*gy + 5.
#define W0 -0.9
#define W1 0.11
#define W2 0.07
#define W3 0.05
#define W4 0.02
extern "C" __global__ void stencil3d25_fold2y(const double *__restrict__ src, double *__restrict__ dst,
                                              int nx, int ny, int nz)
{
	int x = threadIdx.x + blockIdx.x * blockDim.x + 4;
	int gy = threadIdx.y + blockIdx.y * blockDim.y;
	int z = threadIdx.z + blockIdx.z * blockDim.z + 4;
	if (x >= nx - 4 || z >= nz - 4)
		return;
	int sy = nx, sz = nx * ny;
#pragma unroll
	for (int f = 0; f < 2; f++) {
		int y = 2 * gy + 4 + f;
		if (y < ny - 4) {
			int i = z * sz + y * sy + x;
			double r = W0 * src[i];
			r += W1 * (src[i - 1] + src[i + 1] + src[i - sy] + src[i + sy] + src[i - sz] + src[i + sz]);
			r += W2 * (src[i - 2] + src[i + 2] + src[i - 2 * sy] + src[i + 2 * sy] + src[i - 2 * sz] + src[i + 2 * sz]);
			r += W3 * (src[i - 3] + src[i + 3] + src[i - 3 * sy] + src[i + 3 * sy] + src[i - 3 * sz] + src[i + 3 * sz]);
			r += W4 * (src[i - 4] + src[i + 4] + src[i - 4 * sy] + src[i + 4 * sy] + src[i - 4 * sz] + src[i + 4 * sz]);
			dst[i] = r;
		}
	}
}
