// Validation launcher for the D3Q15 lattice Boltzmann pull kernel,
// examples/cu/d3q15_pull.cu: 15 populations of nx*ny*nz doubles in each of
// src and dst (structure of arrays), one thread per cell of the whole grid
// (the kernel's guard skips the faces), as examples/models/d3q15_pull.json.
#include "launcher_common.cuh"
#include "d3q15_pull.cu"

static const long kDefaultDomain[3] = {256, 256, 256};

int main(int argc, char **argv)
{
	wl_options opt = wl_parse(argc, argv, kDefaultDomain);
	size_t max_points = wl_max_points(opt, 1, argv[0]);
	for (const wl_config &c : opt.configs)
		if (c.variant != "none")
			wl_usage(argv[0], "variant must be none");
	// Populations near the equilibrium weights keep rho away from 0.
	double *src = wl_alloc_random(15 * max_points, 1);
	double *dst = wl_alloc_random(15 * max_points, 2);

	for (const wl_config &c : opt.configs) {
		int nx = (int)c.domain[0], ny = (int)c.domain[1], nz = (int)c.domain[2];
		dim3 block(c.block[0], c.block[1], c.block[2]);
		dim3 grid(wl_ceil_div(nx, block.x), wl_ceil_div(ny, block.y), wl_ceil_div(nz, block.z));
		wl_clear_centre(dst, c);
		for (int r = 0; r < opt.repeat; ++r) {
			d3q15_pull<<<grid, block>>>(src, dst, nx, ny, nz);
			wl_check_launch(c, grid);
		}
		wl_finish_config(dst, c, block, grid);
	}
	WL_CHECK(cudaFree(src));
	WL_CHECK(cudaFree(dst));
	return 0;
}
