#!/usr/bin/env bash
# Prepare a freshly imaged workstation for GPU model training:
#   * keep nouveau from grabbing the card,
#   * load the nvidia kernel modules,
#   * raise kernel limits that large DataLoader pools need,
#   * restart the persistence daemon so the card stays initialised.
set -euo pipefail

DRY_RUN=0
SHM_GB="${SHM_GB:-16}"
MAX_MAP_COUNT=262144

run() {
  if (( DRY_RUN )); then
    echo "+ $*"
  else
    "$@"
  fi
}

info() { echo -e "\033[1;34m==>\033[0m $*"; }

while getopts "ns:h" opt; do
  case "$opt" in
    n) DRY_RUN=1 ;;
    s) SHM_GB="$OPTARG" ;;
    h) echo "usage: $0 [-n] [-s shm_gb]"; exit 0 ;;
    *) exit 2 ;;
  esac
done

if ! lspci | grep -qi nvidia; then
  echo "no NVIDIA device found, nothing to do" >&2
  exit 0
fi

info "blacklisting nouveau"
BLACKLIST=/etc/modprobe.d/blacklist-nouveau.conf
if [[ ! -f "$BLACKLIST" ]]; then
  printf 'blacklist nouveau\noptions nouveau modeset=0\n' |
    run sudo tee "$BLACKLIST" >/dev/null
fi

info "loading nvidia modules"
for mod in nvidia nvidia_uvm nvidia_modeset; do
  if lsmod | awk '{print $1}' | grep -qx "$mod"; then
    echo "   $mod already loaded"
  else
    run sudo modprobe "$mod"
  fi
done

info "kernel limits for data loaders"
current=$(sysctl -n vm.max_map_count)
if (( current < MAX_MAP_COUNT )); then
  run sudo sysctl -w vm.max_map_count="$MAX_MAP_COUNT"
fi
run sudo sysctl -w kernel.shmmax=$(( SHM_GB * 1024 * 1024 * 1024 ))

info "resizing /dev/shm to ${SHM_GB}G"
run sudo mount -o remount,size="${SHM_GB}G" /dev/shm

info "restarting nvidia-persistenced"
if systemctl list-unit-files | grep -q '^nvidia-persistenced'; then
  run sudo systemctl restart nvidia-persistenced.service
else
  echo "   persistence daemon not installed, skipping"
fi

info "device status"
if command -v nvidia-smi >/dev/null; then
  nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader
fi
df -h /dev/shm | tail -1
echo "done; a reboot is recommended if nouveau was loaded before."
