#!/bin/bash
# Times the Kernel Tuner sets that kt_prepare_all.sh prepared, one set after
# another, within DEADLINE_S seconds in all (run on the GPU machine; this file
# is copied to devrun/kt/run.sh next to the sets and kt_time).
#
#   run.sh OUTDIR DEADLINE_S
#
# Writes OUTDIR/<set>/{H200.csv (KT_LABEL overrides the name),failed.csv,times.csv,meta.txt,kt_time.log},
# OUTDIR/run.log and nvidia-smi reports before and after. Each set gets the
# time left minus the estimates of the sets after it (at least its share in
# proportion to the estimates). kt_time always runs with --resume, so a rerun
# into the same OUTDIR continues where the last one stopped; a lost context
# (kt_time status 3) is retried with --resume up to 3 times.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=${1:?usage: run.sh OUTDIR DEADLINE_S}
DEADLINE=${2:?usage: run.sh OUTDIR DEADLINE_S}
SETS=${KT_SETS:-"convolution hotspot dedispersion"}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
START=$(date +%s)
STATUS=0
exec > >(tee -a "$OUT/run.log") 2>&1

echo "run.sh: $(date -u +%FT%TZ) sets: $SETS deadline ${DEADLINE}s host $(hostname)"
smi() {
    command -v nvidia-smi >/dev/null || { echo "no nvidia-smi"; return; }
    timeout 20 nvidia-smi --query-gpu=name,driver_version,pstate,clocks.sm,clocks.max.sm,clocks.mem,clocks.max.mem,temperature.gpu,power.draw,power.limit --format=csv
    timeout 20 nvidia-smi -q -d CLOCK,PERFORMANCE,POWER,TEMPERATURE
}
smi > "$OUT/nvidia-smi-before.txt" 2>&1
head -3 "$OUT/nvidia-smi-before.txt"

KT="$HERE/kt_time"
if ! "$KT" --version >/dev/null 2>&1; then
    echo "run.sh: the prepared kt_time does not run here; rebuilding from kt_time.cu"
    NVCC=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
    KT="$OUT/kt_time"
    "$NVCC" -O2 -o "$KT" "$HERE/kt_time.cu" -lcuda || { echo "run.sh: rebuild failed"; exit 5; }
fi
"$KT" --version

est() { cat "$HERE/$1/estimate_s" 2>/dev/null || echo 30; }

for s in $SETS; do
    if [ ! -f "$HERE/$s/manifest.txt" ]; then echo "run.sh: $s not prepared, skipped"; continue; fi
    mkdir -p "$OUT/$s"
    for try in 1 2 3 4; do
        now=$(date +%s)
        left=$((DEADLINE - (now - START)))
        mine=$(est "$s")
        later=0
        seen=0
        for t in $SETS; do
            [ "$seen" = 1 ] && later=$((later + $(est "$t")))
            [ "$t" = "$s" ] && seen=1
        done
        allow=$((left - later))
        share=$((left * mine / (mine + later > 0 ? mine + later : 1)))
        [ "$allow" -lt "$share" ] && allow=$share
        if [ "$allow" -le 2 ]; then echo "run.sh: no time left for $s"; break; fi
        echo "run.sh: $s try $try: ${allow}s of ${left}s left (estimate ${mine}s, later sets ${later}s)"
        "$KT" "$HERE/$s" "$OUT/$s" --deadline-s "$allow" --resume --label "${KT_LABEL:-H200}" 2>&1 | tee -a "$OUT/$s/kt_time.log"
        rc=${PIPESTATUS[0]}
        echo "run.sh: $s kt_time status $rc after $(( $(date +%s) - now ))s"
        [ "$rc" = 3 ] && continue
        [ "$rc" = 5 ] && { echo "run.sh: no usable device, stopping"; STATUS=5; break 2; }
        [ "$rc" = 0 ] || [ "$rc" = 4 ] || STATUS=$rc
        break
    done
done

smi > "$OUT/nvidia-smi-after.txt" 2>&1
for s in $SETS; do
    [ -f "$OUT/$s/${KT_LABEL:-H200}.csv" ] && echo "run.sh: $s: $(($(wc -l < "$OUT/$s/${KT_LABEL:-H200}.csv") - 1)) timed rows," \
        "$(( $( (wc -l < "$OUT/$s/failed.csv") 2>/dev/null || echo 1) - 1)) failed"
done
echo "run.sh: done in $(( $(date +%s) - START ))s, status $STATUS"
exit $STATUS
