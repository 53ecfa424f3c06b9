// Irregular access: frontier expansion over a CSR graph, diffusion with neighbour index tables.
// RUN: rm -rf %t && mkdir -p %t
// RUN: env WARPEST_CONFIG='no-estimate;dump-model=%t' %clang-plugin -gline-tables-only -fno-discard-value-names --cuda-device-only --cuda-gpu-arch=sm_90 -c %s -o /dev/null
// RUN: %python %inputs/check_corpus.py %s %t %warpest-cli
#include <cuda_runtime.h>

// Frontier expansion over a CSR graph, one thread per vertex (level-synchronous BFS).
struct vertex_range { int first; int count; };

extern "C" __global__ void bfs_expand(const vertex_range *__restrict__ ranges, const int *__restrict__ adj,
									  bool *frontier, bool *next, bool *seen, int *level, int n_vertices)
{
	int v = blockIdx.x * blockDim.x + threadIdx.x;
	if (v >= n_vertices || !frontier[v])
		return;
	frontier[v] = false;
	vertex_range r = ranges[v];
	for (int e = r.first; e < r.first + r.count; ++e) {
		int w = adj[e]; //! unanalysed assume=random
		if (!seen[w]) { //! unanalysed assume=random
			level[w] = level[v] + 1; //! unanalysed assume=random
			next[w] = true; //! unanalysed assume=random
		}
	}
}


// Diffusion step with neighbour index tables (SRAD-like).
extern "C" __global__ void diffuse_indexed(const float *img, float *coeff, const int *north, const int *south,
										   const int *west, const int *east, int rows, int cols, float q0)
{
	int bx = blockIdx.x, tx = threadIdx.x;
	int i = bx * blockDim.x + tx;
	if (i >= rows * cols)
		return;
	int r = i % rows, c = i / rows;
	float j = img[i];
	float dn = img[north[r] + rows * c] - j; //! unanalysed assume=random
	float ds = img[south[r] + rows * c] - j; //! unanalysed assume=random
	float dw = img[r + rows * west[c]] - j; //! unanalysed assume=random
	float de = img[r + rows * east[c]] - j; //! unanalysed assume=random
	float g2 = (dn * dn + ds * ds + dw * dw + de * de) / (j * j);
	float q = sqrtf(fabsf(0.5f * g2 - q0));
	coeff[i] = 1.0f / (1.0f + q);
}

