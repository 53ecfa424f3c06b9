#!/usr/bin/env bash
# The layer-condition sweep of issue 12 on a small subset (scripts/layer_sweep.py
# --quick): DRAM per update of the 25-point stencil over neighbouring plane
# sizes stays within 10 % of its neighbours' envelope, and the plateaus hold.
#   layer_sweep.sh WARPEST SOURCE_DIR
set -euo pipefail
warpest=$1 src=$2
python3 "$src/scripts/layer_sweep.py" --build "$(dirname "$warpest")" --quick
