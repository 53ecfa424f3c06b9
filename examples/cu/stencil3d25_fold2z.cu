// 3D 25-point star stencil of range 4, thread folding 2 in z: each thread
// updates z = 2*gz + 4 and 2*gz + 5.
#define W0 -0.9
#define W1 0.11
#define W2 0.07
#define W3 0.05
#define W4 0.02
extern "C" __global__ void stencil3d25_fold2z(const double *__restrict__ src, double *__restrict__ dst,
                                              int nx, int ny, int nz)
{
	int x = threadIdx.x + blockIdx.x * blockDim.x + 4;
	int y = threadIdx.y + blockIdx.y * blockDim.y + 4;
	int gz = threadIdx.z + blockIdx.z * blockDim.z;
	if (x >= nx - 4 || y >= ny - 4)
		return;
	int sy = nx, sz = nx * ny;
#pragma unroll
	for (int f = 0; f < 2; f++) {
		int z = 2 * gz + 4 + f;
		if (z < nz - 4) {
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
