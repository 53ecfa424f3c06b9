#!/usr/bin/env bash
# Installs what warpest needs from Debian 12's packages (and nothing else).
# Safe to run again: apt-get skips what is already there.
set -euo pipefail
pkgs=(clang-22 llvm-22-dev llvm-22-tools libclang-rt-22-dev libisl-dev libgmp-dev
      libjson-c-dev cmake ninja-build pkg-config python3 python3-matplotlib
      chromium)  # chromium: the HTML report's rendering test (test/cli/html_report.sh)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=; [ "$(id -u)" -ne 0 ] && SUDO=sudo
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
