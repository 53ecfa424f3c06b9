// Validation launcher for the 3D 25-point (range 4) star stencil on doubles,
// examples/cu/stencil3d25.cu:
//   extern "C" stencil3d25(const double *src, double *dst, int nx, int ny, int nz)
// and the thread-folding variants stencil3d25_fold2y / _fold2z
// (examples/cu/stencil3d25_fold2{y,z}.cu; each thread updates 2 consecutive
// points in y / z, y = 2*gy + 4 + f), same signature.
//
// The grid covers the interior (nx-8) x (ny-8) x (nz-8) points; with folding
// the folded dimension needs half as many threads. This must agree with the
// `threads` rule of examples/models/stencil3d25.json: `scripts/validate
// assemble` compares the grid ncu saw with the grid warpest used.
#include "launcher_common.cuh"
#include "stencil3d25.cu"
#include "stencil3d25_fold2y.cu"
#include "stencil3d25_fold2z.cu"

static const long kDefaultDomain[3] = {640, 512, 512};
static const int kRadius = 4;

int main(int argc, char **argv)
{
	wl_options opt = wl_parse(argc, argv, kDefaultDomain);

	size_t max_points = wl_max_points(opt, kRadius, argv[0]);
	// Allocated once for the largest domain; every configuration uses the
	// start of the arrays, as a fresh allocation would (cudaMalloc aligns
	// to at least 256 B either way).
	double *src = wl_alloc_random(max_points, 1);
	double *dst = wl_alloc_random(max_points, 2);

	for (const wl_config &c : opt.configs) {
		int nx = (int)c.domain[0], ny = (int)c.domain[1], nz = (int)c.domain[2];
		long fy = c.variant == "2y" ? 2 : 1;
		long fz = c.variant == "2z" ? 2 : 1;
		dim3 block(c.block[0], c.block[1], c.block[2]);
		dim3 grid(wl_ceil_div(nx - 2 * kRadius, block.x),
		          wl_ceil_div((ny - 2 * kRadius + fy - 1) / fy, block.y),
		          wl_ceil_div((nz - 2 * kRadius + fz - 1) / fz, block.z));
		wl_clear_centre(dst, c);
		for (int r = 0; r < opt.repeat; ++r) {
			if (c.variant == "none")
				stencil3d25<<<grid, block>>>(src, dst, nx, ny, nz);
			else if (c.variant == "2y")
				stencil3d25_fold2y<<<grid, block>>>(src, dst, nx, ny, nz);
			else if (c.variant == "2z")
				stencil3d25_fold2z<<<grid, block>>>(src, dst, nx, ny, nz);
			else
				wl_usage(argv[0], "variant must be none, 2y or 2z");
			wl_check_launch(c, grid);
		}
		wl_finish_config(dst, c, block, grid);
	}
	WL_CHECK(cudaFree(src));
	WL_CHECK(cudaFree(dst));
	return 0;
}
