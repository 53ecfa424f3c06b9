// Naive matrix product C = A*B, one thread per element of C, k-loop over n.
extern "C" __global__ void matmul_naive(const float *A, const float *B, float *C, int n)
{
	int row = threadIdx.y + blockIdx.y * blockDim.y;
	int col = threadIdx.x + blockIdx.x * blockDim.x;
	if (row < n && col < n) {
		float s = 0.0f;
		for (int k = 0; k < n; k++)
			s += A[row * n + k] * B[k * n + col];
		C[row * n + col] = s;
	}
}
