#!/usr/bin/env bash
# Everything warpest measures on a GPU, in one command that fits a short
# loan of a GPU machine (the 2026-11-27 runs: about 6 minutes on an H100).
# Built for machines that have CUDA, ncu and python3 but not the project's
# Debian toolchain: it uses only nvcc, ncu, python3 and the files below.
#
#   Here (no GPU):  scripts/gpu-session.sh prepare        -> devrun/ (git-ignored)
#   There:          OUT=DIR BUDGET=SECONDS scripts/gpu-session.sh run
#
# `prepare` builds the micro-benchmarks, the validation launchers and the
# Kernel Tuner sets' cubins for sm_90 into devrun/ (carry it to the GPU
# machine). `run` measures, stage by stage, each stage bounded by what is
# left of BUDGET, and leaves under OUT at most eight files: info.txt,
# log.txt, mb.tgz (micro-benchmark raw output), kt.tgz (Kernel Tuner sets),
# val.tgz (ncu CSVs of the example kernels' sweeps), kt_log.txt. Then, here:
# unpack into data/measured/<gpu>/ and run the commands of docs/validation.md.
set -u
R=$(cd "$(dirname "$0")/.." && pwd)
D=$R/devrun
ARCH=${ARCH:-sm_90}
case "${1:-}" in
prepare)
  set -e
  NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
  mkdir -p "$D/bin" "$D/val/run/build"
  grep -qx "/devrun/" "$R/.git/info/exclude" 2>/dev/null || echo "/devrun/" >> "$R/.git/info/exclude"
  for b in wp_dram wp_l2 wp_l1 wp_shatomic wp_throughput; do
    "$NVCC" -O3 -DNDEBUG -std=c++17 -arch=$ARCH -lineinfo -I "$R/microbench" -o "$D/bin/$b" "$R/microbench/$b.cu"
  done
  for k in stencil3d25 stencil3d7 stencil3d7_folded4z d3q15_pull; do
    cmd=$(cd "$R" && python3 -c "import sys; sys.path.insert(0, 'scripts')
from validation import sweep
print(sweep.quote(sweep.build_command('$R', '$D/val/run/build', '$k', '$ARCH', '$NVCC')))")
    eval "$cmd" 2> "$D/val/run/build/ptxas_$k.txt"
  done
  bash "$R/scripts/validation/kt_prepare_all.sh"
  echo "prepared $(du -sh "$D" | cut -f1) in $D"
  ;;
run)
  : "${OUT:?set OUT to the folder that comes back}"
  BUDGET=${BUDGET:-420}
  T0=$(date +%s)
  left() { echo $(( BUDGET - ($(date +%s) - T0) )); }
  log() { echo "[$(( $(date +%s) - T0 ))s] $*" | tee -a "$OUT/log.txt"; }
  cd "$R" || exit 2
  export PATH=/usr/local/cuda/bin:$PATH
  NCU=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
  mkdir -p "$OUT"
  { date -u; nvidia-smi; nvidia-smi -q -d CLOCK,POWER,MEMORY; nvcc --version; $NCU --version; } > "$OUT/info.txt" 2>&1
  GPUNAME=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)
  case "$GPUNAME" in *H100*PCIe*) TABLE=h100-pcie; LABEL=H100;; *H100*) TABLE=h100-sxm; LABEL=H100;;
    *H200*) TABLE=h200; LABEL=H200;; *A100*) TABLE=a100-40gb; LABEL=A100;; *) TABLE=h100-sxm; LABEL=GPU;; esac
  export KT_LABEL=$LABEL
  log "gpu=$GPUNAME table=$TABLE"
  chmod +x "$D"/bin/* "$D"/val/run/build/* "$D"/kt/kt_time "$D"/kt/run.sh 2>/dev/null
  for p in dram l2 l1 throughput atomics; do   # about 10 s in all on Hopper
    log "microbench $p"
    python3 scripts/microbench_driver.py --part $p --out-dir "$D/mb" --bin-dir "$D/bin" --limit 90 \
      >> "$OUT/log.txt" 2>&1 || log "microbench $p FAILED"
  done
  tar czf "$OUT/mb.tgz" -C "$D" mb
  log "Kernel Tuner sets"
  bash "$D/kt/run.sh" "$D/kt-out" 120 > "$OUT/kt_log.txt" 2>&1 || log "kt exit $?"
  tar czf "$OUT/kt.tgz" -C "$D" kt-out
  val() { # kernel sweep seconds-to-keep-for-later-stages
    local l=$(( $(left) - $3 ))
    if [ $l -lt 20 ]; then log "skip val $1 $2 (time)"; return; fi
    log "val $1 $2 (limit $l s)"
    timeout $l python3 scripts/validate run --kernel $1 --sweep $2 --out "$D/val/run" --skip-build \
      --warpest /bin/false --gpu $TABLE --ncu "$NCU" --batch-size 12 > "$D/val/run/log_$1_$2.txt" 2>&1 \
      || log "val $1 $2 exit $?"
    tar czf "$OUT/val.tgz" --exclude run/build -C "$D/val" run
  }
  val stencil3d25 quick 250
  val stencil3d25 shapes256 220
  val stencil3d7 shapes256 200
  val stencil3d7_folded4z shapes256 185
  val d3q15_pull shapes256 170
  val stencil3d25 domain 60
  val stencil3d25 shapes1024 5
  log "all done"
  ;;
*)
  echo "usage: scripts/gpu-session.sh prepare | OUT=DIR BUDGET=S scripts/gpu-session.sh run" >&2
  exit 2
  ;;
esac
