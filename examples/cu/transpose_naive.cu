// Naive matrix transpose: coalesced loads, strided stores.
extern "C" __global__ void transpose_naive(const float *in, float *out, int n)
{
	int x = threadIdx.x + blockIdx.x * blockDim.x;
	int y = threadIdx.y + blockIdx.y * blockDim.y;
	if (x < n && y < n)
		out[x * n + y] = in[y * n + x];
}
