// 3D 7-point stencil, one thread per interior point.
extern "C" __global__ void stencil3d7(const double *src, double *dst, int nx, int ny, int nz)
{
	int x = threadIdx.x + blockIdx.x * blockDim.x;
	int y = threadIdx.y + blockIdx.y * blockDim.y;
	int z = threadIdx.z + blockIdx.z * blockDim.z;
	if (x < 1 || x >= nx - 1 || y < 1 || y >= ny - 1 || z < 1 || z >= nz - 1)
		return;
	int i = (z * ny + y) * nx + x;
	int sy = nx, sz = nx * ny;
	dst[i] = (1.0 / 6.0) * (src[i - 1] + src[i + 1] + src[i - sy] + src[i + sy] +
	                        src[i - sz] + src[i + sz]) - src[i];
}
