// 2D 5-point stencil (Jacobi-like), one thread per interior point.
extern "C" __global__ void stencil2d5(const double *src, double *dst, int nx, int ny)
{
	int x = threadIdx.x + blockIdx.x * blockDim.x;
	int y = threadIdx.y + blockIdx.y * blockDim.y;
	if (x < 1 || x >= nx - 1 || y < 1 || y >= ny - 1)
		return;
	int i = y * nx + x;
	dst[i] = 0.25 * (src[i - 1] + src[i + 1] + src[i - nx] + src[i + nx]) - src[i];
}
