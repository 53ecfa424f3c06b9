// 3D 7-point stencil, thread folding 4 in z with a real loop: each thread
// updates z = 4*gz + 1 + k for k = 0..3.
extern "C" __global__ void stencil3d7_folded4z(const double *src, double *dst, int nx, int ny, int nz)
{
	int x = threadIdx.x + blockIdx.x * blockDim.x;
	int y = threadIdx.y + blockIdx.y * blockDim.y;
	int gz = threadIdx.z + blockIdx.z * blockDim.z;
	if (x < 1 || x >= nx - 1 || y < 1 || y >= ny - 1)
		return;
	int sy = nx, sz = nx * ny;
#pragma unroll 1
	for (int k = 0; k < 4; k++) {
		int z = 4 * gz + 1 + k;
		if (z < nz - 1) {
			int i = (z * ny + y) * nx + x;
			dst[i] = (1.0 / 6.0) * (src[i - 1] + src[i + 1] + src[i - sy] + src[i + sy] +
			                        src[i - sz] + src[i + sz]) - src[i];
		}
	}
}
