// 9x9 box stencil (range 4) with the column-based thread remap of paper 004,
// section 4.2 (listing 5): the 1D thread index walks down columns of width
// COL_W through the interior of the (nx x ny) grid. The column width is a
// constant and the interior width nx-8 is assumed to be a multiple of it, so
// the remap is x = t % COL_W + (t / (h*COL_W))*COL_W, y = (t % (h*COL_W)) / COL_W.
#define COL_W 32
extern "C" __global__ void stencil9x9_colmajor(const float *src, float *dst, int nx, int ny)
{
	int t = blockIdx.x * blockDim.x + threadIdx.x;
	int w = nx - 8, h = ny - 8;
	if (t >= w * h)
		return;
	int col_size = h * COL_W;
	int col_id = t / col_size;
	int col_t = t % col_size;
	int x = col_t % COL_W + col_id * COL_W + 4;
	int y = col_t / COL_W + 4;
	float s = 0.0f;
#pragma unroll
	for (int dy = -4; dy <= 4; dy++)
#pragma unroll
		for (int dx = -4; dx <= 4; dx++)
			s += src[(y + dy) * nx + x + dx];
	dst[y * nx + x] = s * (1.0f / 81.0f);
}
