#!/bin/sh
# Prepares the three Kernel Tuner sets for timing on an H200 (sm_90) under
# devrun/kt/ (git-ignored): per set the sampled configurations' sources,
# cubins and manifests (kt_prepare.py), plus kt_time, its source (for a
# rebuild on the GPU machine) and run.sh. Sample sizes keep the estimated GPU
# time near 90 s (convolution 110, hotspot 109, dedispersion 18 configurations
# at seed 1; estimates from the A4000 times / 2.5, 33 launches, 30 ms/module).
#
#   scripts/validation/kt_prepare_all.sh [VALIDATION_DIR]
#
# Then on the GPU machine: devrun/kt/run.sh OUTDIR DEADLINE_S
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
V=${1:-$REPO/../shared/validation}
OUT=$REPO/devrun/kt
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
ARCH=${KT_ARCH:-sm_90}
SEED=${KT_SEED:-1}
J=${J:-$(nproc)}
mkdir -p "$OUT"
start=$(date +%s)
for spec in convolution:100:8 hotspot:100:8 dedispersion:12:4; do
    set_name=${spec%%:*}; rest=${spec#*:}; n=${rest%%:*}; spread=${rest#*:}
    rm -rf "${OUT:?}/$set_name"
    NVCC=$NVCC python3 "$HERE/kt_prepare.py" "$V/$set_name" --gpu-arch "$ARCH" --sample "$n" --seed "$SEED" \
        --spread "$spread" --out "$OUT/$set_name" -j "$J"
done
"$NVCC" -O2 -o "$OUT/kt_time" "$HERE/kt_time.cu" -lcuda
cp "$HERE/kt_time.cu" "$OUT/kt_time.cu"
cp "$HERE/kt_run.sh" "$OUT/run.sh"
chmod +x "$OUT/run.sh" "$OUT/kt_time"
echo "prepared in $(( $(date +%s) - start )) s; estimated GPU seconds:" \
    "$(cat "$OUT"/*/estimate_s | tr '\n' ' ')(sum $(cat "$OUT"/*/estimate_s | paste -sd+ | bc 2>/dev/null || echo ?));" \
    "size $(du -sh "$OUT" | cut -f1)"
