// Per-block shared-memory histograms of an RGBA image (paper 001, listings 1
// and 2). n is the number of pixels; in holds 4 channels of 8 bits per pixel;
// out holds 4 histograms of 256 bins (one per channel).
#define HIST_CHANNELS 4
#define HIST_BINS 256

// Listing 1: channel c of every pixel goes to bin block c.
extern "C" __global__ void histogram_smem_1(const unsigned char *in, unsigned int *out, int n)
{
	__shared__ unsigned int smem[HIST_CHANNELS * HIST_BINS];
	for (int j = threadIdx.x; j < HIST_CHANNELS * HIST_BINS; j += blockDim.x)
		smem[j] = 0;
	__syncthreads();
	int t = blockIdx.x * blockDim.x + threadIdx.x;
	int nt = blockDim.x * gridDim.x;
	for (int i = t; i < n; i += nt) {
		size_t in_base = (size_t)i * HIST_CHANNELS;
		unsigned int offsets[HIST_CHANNELS];
		for (int c = 0; c < HIST_CHANNELS; ++c)
			offsets[c] = in[in_base + c];
		for (int c = 0; c < HIST_CHANNELS; ++c)
			atomicAdd(&smem[HIST_BINS * c + offsets[c]], 1u);
	}
	__syncthreads();
	for (int j = threadIdx.x; j < HIST_CHANNELS * HIST_BINS; j += blockDim.x)
		atomicAdd(&out[j], smem[j]);
}

// Listing 2: the channel order is rotated by thread id, so that neighbouring
// threads updating the same colour hit different bin blocks.
extern "C" __global__ void histogram_smem_2(const unsigned char *in, unsigned int *out, int n)
{
	__shared__ unsigned int smem[HIST_CHANNELS * HIST_BINS];
	for (int j = threadIdx.x; j < HIST_CHANNELS * HIST_BINS; j += blockDim.x)
		smem[j] = 0;
	__syncthreads();
	int tid = blockIdx.x * blockDim.x + threadIdx.x;
	int nt = blockDim.x * gridDim.x;
	for (int i = tid; i < n; i += nt) {
		size_t in_base = (size_t)i * HIST_CHANNELS;
		unsigned int offsets[HIST_CHANNELS];
		for (int c = 0; c < HIST_CHANNELS; ++c)
			offsets[c] = in[in_base + c];
		for (int c = 0; c < HIST_CHANNELS; ++c) {
			int chan = (c + tid % HIST_CHANNELS) % HIST_CHANNELS;
			atomicAdd(&smem[HIST_BINS * chan + offsets[chan]], 1u);
		}
	}
	__syncthreads();
	for (int j = threadIdx.x; j < HIST_CHANNELS * HIST_BINS; j += blockDim.x)
		atomicAdd(&out[j], smem[j]);
}

// Listing 1 with the atomic's old value read (the paper's "dummy read" that
// forces ATOMS.ADD instead of ATOMS.POPC.INC on sm_80+).
extern "C" __global__ void histogram_smem_result(const unsigned char *in, unsigned int *out, int n)
{
	__shared__ unsigned int smem[HIST_CHANNELS * HIST_BINS];
	for (int j = threadIdx.x; j < HIST_CHANNELS * HIST_BINS; j += blockDim.x)
		smem[j] = 0;
	__syncthreads();
	int t = blockIdx.x * blockDim.x + threadIdx.x;
	int nt = blockDim.x * gridDim.x;
	unsigned int seen = 0;
	for (int i = t; i < n; i += nt) {
		size_t in_base = (size_t)i * HIST_CHANNELS;
		unsigned int offsets[HIST_CHANNELS];
		for (int c = 0; c < HIST_CHANNELS; ++c)
			offsets[c] = in[in_base + c];
		for (int c = 0; c < HIST_CHANNELS; ++c)
			seen |= atomicAdd(&smem[HIST_BINS * c + offsets[c]], 1u);
	}
	__syncthreads();
	for (int j = threadIdx.x; j < HIST_CHANNELS * HIST_BINS; j += blockDim.x)
		atomicAdd(&out[j], smem[j]);
	if (seen == 0xffffffffu)
		out[0] = 0;
}
