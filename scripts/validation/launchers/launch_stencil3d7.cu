// Validation launcher for the 3D 7-point star stencil on doubles:
//   variant none: examples/cu/stencil3d7.cu, one thread per point of the
//                 whole nx x ny x nz grid (the kernel's guard skips the faces);
//   variant 4z:   examples/cu/stencil3d7_folded4z.cu, each thread updates 4
//                 points in z, so the grid covers (nz + 1) / 4 threads in z.
// Both launches must agree with the `threads` rules of
// examples/models/stencil3d7.json and stencil3d7_folded4z.json.
#include "launcher_common.cuh"
#include "stencil3d7.cu"
#include "stencil3d7_folded4z.cu"

static const long kDefaultDomain[3] = {512, 512, 512};

int main(int argc, char **argv)
{
	wl_options opt = wl_parse(argc, argv, kDefaultDomain);
	size_t max_points = wl_max_points(opt, 1, argv[0]);
	for (const wl_config &c : opt.configs)
		if (c.variant != "none" && c.variant != "4z")
			wl_usage(argv[0], "variant must be none or 4z");
	double *src = wl_alloc_random(max_points, 1);
	double *dst = wl_alloc_random(max_points, 2);

	for (const wl_config &c : opt.configs) {
		int nx = (int)c.domain[0], ny = (int)c.domain[1], nz = (int)c.domain[2];
		bool folded = c.variant == "4z";
		dim3 block(c.block[0], c.block[1], c.block[2]);
		dim3 grid(wl_ceil_div(nx, block.x), wl_ceil_div(ny, block.y),
		          wl_ceil_div(folded ? (nz + 1) / 4 : nz, block.z));
		wl_clear_centre(dst, c);
		for (int r = 0; r < opt.repeat; ++r) {
			if (folded)
				stencil3d7_folded4z<<<grid, block>>>(src, dst, nx, ny, nz);
			else
				stencil3d7<<<grid, block>>>(src, dst, nx, ny, nz);
			wl_check_launch(c, grid);
		}
		wl_finish_config(dst, c, block, grid);
	}
	WL_CHECK(cudaFree(src));
	WL_CHECK(cudaFree(dst));
	return 0;
}
