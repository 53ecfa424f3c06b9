// 2D 5-point Jacobi step with the Dirichlet boundary written in the kernel:
// boundary points get 0, interior points the stencil. The boundary test is a
// disjunction (x == 0 || x == nx - 1 || y == 0 || y == ny - 1); the loads
// run under its negation, x != 0 && x != nx - 1 && ...
extern "C" __global__ void stencil2d5_dirichlet(const double *src, double *dst, int nx, int ny)
{
	int x = threadIdx.x + blockIdx.x * blockDim.x;
	int y = threadIdx.y + blockIdx.y * blockDim.y;
	if (x >= nx || y >= ny)
		return;
	int i = y * nx + x;
	double v = 0.0;
	if (x != 0 && x != nx - 1 && y != 0 && y != ny - 1)
		v = 0.25 * (src[i - 1] + src[i + 1] + src[i - nx] + src[i + nx]) - src[i];
	dst[i] = v;
}
