// D3Q15 lattice Boltzmann, pull scheme, structure of arrays: population q of
// cell (x,y,z) is at q*N + (z*ny + y)*nx + x with N = nx*ny*nz. Each thread
// pulls the 15 populations from the upwind neighbours (unaligned loads),
// relaxes them towards a simplified equilibrium (BGK-like) and writes them back.
extern "C" __global__ void d3q15_pull(const double *src, double *dst, int nx, int ny, int nz)
{
	const double w[15] = {2.0 / 9, 1.0 / 9, 1.0 / 9, 1.0 / 9, 1.0 / 9, 1.0 / 9, 1.0 / 9,
	                      1.0 / 72, 1.0 / 72, 1.0 / 72, 1.0 / 72, 1.0 / 72, 1.0 / 72, 1.0 / 72, 1.0 / 72};
	const int c[15][3] = {
		{0, 0, 0},
		{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1},
		{1, 1, 1}, {-1, -1, -1}, {1, 1, -1}, {-1, -1, 1},
		{1, -1, 1}, {-1, 1, -1}, {-1, 1, 1}, {1, -1, -1}};
	const double omega = 1.2;
	int x = threadIdx.x + blockIdx.x * blockDim.x;
	int y = threadIdx.y + blockIdx.y * blockDim.y;
	int z = threadIdx.z + blockIdx.z * blockDim.z;
	if (x < 1 || x >= nx - 1 || y < 1 || y >= ny - 1 || z < 1 || z >= nz - 1)
		return;
	long N = (long)nx * ny * nz;
	double f[15];
	double rho = 0.0, ux = 0.0, uy = 0.0, uz = 0.0;
#pragma unroll
	for (int q = 0; q < 15; q++) {
		int xs = x - c[q][0], ys = y - c[q][1], zs = z - c[q][2];
		f[q] = src[q * N + ((long)zs * ny + ys) * nx + xs];
		rho += f[q];
		ux += c[q][0] * f[q];
		uy += c[q][1] * f[q];
		uz += c[q][2] * f[q];
	}
	double usq = 1.5 * (ux * ux + uy * uy + uz * uz) / (rho * rho);
	long i = ((long)z * ny + y) * nx + x;
#pragma unroll
	for (int q = 0; q < 15; q++) {
		double cu = 3.0 * (c[q][0] * ux + c[q][1] * uy + c[q][2] * uz) / rho;
		double feq = w[q] * rho * (1.0 + cu + 0.5 * cu * cu - usq);
		dst[q * N + i] = f[q] - omega * (f[q] - feq);
	}
}
