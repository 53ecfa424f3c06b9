// Dense linear algebra and dynamic programming in the style of the
// benchmark suites: matrix-vector products with a loop over a kernel
// argument, an elimination step indexed by the pivot, a blocked LU
// diagonal factorisation, a tree reduction whose stride comes from a float
// power, an anti-diagonal wavefront over a shared tile, a row-by-row
// minimum-path step, and a global bitonic merge step.
// RUN: rm -rf %t && mkdir -p %t
// RUN: env WARPEST_CONFIG='no-estimate;dump-model=%t' %clang-plugin -gline-tables-only -fno-discard-value-names --cuda-device-only --cuda-gpu-arch=sm_90 -c %s -o /dev/null
// RUN: %python %inputs/check_corpus.py %s %t %warpest-cli
#include <cuda_runtime.h>
//! param n=1024 m=1024 t=7 cols=1024 rows=64 offset=0 j=64 k=128 penalty=10 step=0 border=16

#define BS 16

// y = A^T x, one thread a column: the inner loop strides through rows
extern "C" __global__ void atax_cols(const float *A, const float *x, float *y, int n, int m)
{
	int col = blockIdx.x * blockDim.x + threadIdx.x;
	if (col < m) {
		float acc = 0.0f;
		for (int i = 0; i < n; i++)
			acc += A[i * m + col] * x[i];
		y[col] = acc;
	}
}

// y = A x, one thread a row (uncoalesced in A: the textbook version)
extern "C" __global__ void mv_rows(const double *A, const double *x, double *y, int n)
{
	int row = blockIdx.x * blockDim.x + threadIdx.x;
	if (row >= n)
		return;
	double s = 0.0;
	for (int j = 0; j < n; ++j)
		s += A[(size_t)row * n + j] * x[j];
	y[row] = s;
}

// Gaussian elimination: multipliers of column t below the pivot
extern "C" __global__ void elim_multipliers(float *mult, const float *a, int n, int t)
{
	int r = blockIdx.x * blockDim.x + threadIdx.x;
	if (r >= n - 1 - t)
		return;
	mult[n * (r + t + 1) + t] = a[n * (r + t + 1) + t] / a[n * t + t];
}

// ... and the update of the trailing matrix, 2D
extern "C" __global__ void elim_update(float *a, float *b, const float *mult, int n, int t)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	int y = blockIdx.y * blockDim.y + threadIdx.y;
	if (x >= n - 1 - t || y >= n - t)
		return;
	a[n * (x + 1 + t) + (y + t)] -= mult[n * (x + 1 + t) + t] * a[n * t + (y + t)];
	if (y == 0)
		b[x + 1 + t] -= mult[n * (x + 1 + t) + (y + t)] * b[t];
}

// LU of a BS x BS diagonal tile in shared memory (one block, BS threads):
// triangular loops whose work shrinks with the pivot
extern "C" __global__ void lu_diagonal(float *m, int cols, int offset)
{
	__shared__ float tile[BS][BS];
	int tx = threadIdx.x;
	int base = offset * cols + offset;
	for (int i = 0; i < BS; i++)
		tile[i][tx] = m[base + i * cols + tx];
	__syncthreads();
	for (int i = 0; i < BS - 1; i++) {
		if (tx > i) {
			for (int j = 0; j < i; j++)
				tile[tx][i] -= tile[tx][j] * tile[j][i];
			tile[tx][i] /= tile[i][i];
		}
		__syncthreads();
		if (tx > i) {
			for (int j = 0; j < i + 1; j++)
				tile[i + 1][tx] -= tile[i + 1][j] * tile[j][tx];
		}
		__syncthreads();
	}
	for (int i = 1; i < BS; i++)
		m[base + i * cols + tx] = tile[i][tx];
}

// layer-sum reduction whose stride is a float power of two per level
extern "C" __global__ void layer_sum(const float *in, float *partial, int rows)
{
	__shared__ float node[BS][BS];
	int tx = threadIdx.x, ty = threadIdx.y;
	int row = blockIdx.y * BS + ty;
	node[ty][tx] = row < rows ? in[row * BS + tx] : 0.0f;
	__syncthreads();
	for (int level = 1; level <= 4; level++) {
		int power = (int)__powf(2.0f, (float)level);
		if (ty % power == 0)
			node[ty][tx] += node[ty + power / 2][tx];
		__syncthreads();
	}
	if (ty == 0)
		partial[blockIdx.y * BS + tx] = node[0][tx];
}

// Needleman-Wunsch style: one BS x BS tile filled along anti-diagonals
extern "C" __global__ void nw_tile(int *score, const int *ref, int cols, int penalty)
{
	__shared__ int s[BS + 1][BS + 1];
	__shared__ int r[BS][BS];
	int tx = threadIdx.x, b = blockIdx.x;
	int corner = cols * BS * b + BS * b;
	for (int i = 0; i < BS; i++)
		r[i][tx] = ref[corner + cols * (i + 1) + tx + 1];
	if (tx == 0)
		s[0][0] = score[corner];
	s[tx + 1][0] = score[corner + cols * (tx + 1)];
	s[0][tx + 1] = score[corner + tx + 1];
	__syncthreads();
	for (int d = 0; d < BS; d++) {
		if (tx <= d) {
			int x = tx + 1, y = d - tx + 1;
			int best = s[y - 1][x - 1] + r[y - 1][x - 1];
			best = max(best, s[y][x - 1] - penalty);
			best = max(best, s[y - 1][x] - penalty);
			s[y][x] = best;
		}
		__syncthreads();
	}
	for (int d = BS - 2; d >= 0; d--) {
		if (tx <= d) {
			int x = tx + BS - d, y = BS - tx;
			int best = s[y - 1][x - 1] + r[y - 1][x - 1];
			best = max(best, s[y][x - 1] - penalty);
			best = max(best, s[y - 1][x] - penalty);
			s[y][x] = best;
		}
		__syncthreads();
	}
	for (int i = 0; i < BS; i++)
		score[corner + cols * (i + 1) + tx + 1] = s[i + 1][tx + 1];
}

// minimum path, one row a launch: each column takes the cheapest of the
// three cells above it, clamped at the edges
extern "C" __global__ void min_path_row(const int *wall, const int *prev, int *next, int cols,
	int step)
{
	int c = blockIdx.x * blockDim.x + threadIdx.x;
	if (c >= cols)
		return;
	int left = c > 0 ? c - 1 : 0;
	int right = c < cols - 1 ? c + 1 : cols - 1;
	int best = min(prev[c], min(prev[left], prev[right]));
	next[c] = best + wall[step * cols + c];
}

// a global bitonic merge step: the partner index is i ^ j for a stride j
// given by the host (a power of two), the direction from i & k
extern "C" __global__ void bitonic_global(float *v, int j, int k)
{
	unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
	unsigned int partner = i ^ j;
	if (partner > i) {
		float a = v[i], b = v[partner];
		bool up = (i & k) == 0;
		if ((a > b) == up) {
			v[i] = b;
			v[partner] = a;
		}
	}
}

// a ghost-cell copy: the border rows of a padded grid, by a 1D launch that
// maps its index onto the four edges
extern "C" __global__ void ghost_edges(float *g, int cols, int border)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int w = cols + 2 * border;
	if (i >= cols)
		return;
	for (int b = 0; b < border; b++) {
		g[b * w + border + i] = g[(2 * border - 1 - b) * w + border + i];
		g[(border + cols + b) * w + border + i] = g[(border + cols - 1 - b) * w + border + i];
	}
}
