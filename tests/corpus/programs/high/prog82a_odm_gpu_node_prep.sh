#!/bin/sh
# Prepare a GPU workstation for large OpenDroneMap jobs (2000+ images).
#
# - loads the NVIDIA unified memory module needed by the GPU feature extractor
# - raises kernel limits that OpenMVS / PDAL hit on big point clouds
# - enlarges /dev/shm for the ODM container
# - makes the settings stick across reboots
#
#   odm_gpu_node_prep.sh [--check] [--shm 16G]
set -eu

CHECK_ONLY=0
SHM_SIZE=16G
SYSCTL_FILE=/etc/sysctl.d/90-odm-processing.conf
LIMITS_FILE=/etc/security/limits.d/90-odm-processing.conf
MODULES_FILE=/etc/modules-load.d/odm-gpu.conf

while [ $# -gt 0 ]; do
  case "$1" in
    --check) CHECK_ONLY=1 ;;
    --shm) SHM_SIZE="$2"; shift ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift
done

info() { echo "[odm-prep] $*"; }

if [ "$(id -u)" -eq 0 ]; then
  ELEVATE=""
elif command -v doas >/dev/null 2>&1; then
  ELEVATE="doas"
else
  ELEVATE="sudo"
fi

current() { cat "/proc/sys/$(echo "$1" | tr . /)" 2>/dev/null || echo "?"; }

report() {
  info "vm.max_map_count     = $(current vm.max_map_count)"
  info "vm.overcommit_memory = $(current vm.overcommit_memory)"
  info "fs.file-max          = $(current fs.file-max)"
  info "nvidia_uvm loaded    = $(lsmod | grep -q '^nvidia_uvm' && echo yes || echo no)"
  info "/dev/shm             = $(df -h /dev/shm | awk 'NR==2 {print $2}')"
}

if [ "$CHECK_ONLY" -eq 1 ]; then
  report
  exit 0
fi

command -v nvidia-smi >/dev/null 2>&1 || { info "no NVIDIA driver found, aborting"; exit 1; }

# 1. kernel module
if ! lsmod | grep -q '^nvidia_uvm'; then
  info "loading nvidia_uvm"
  $ELEVATE modprobe nvidia_uvm
fi
echo nvidia_uvm | $ELEVATE tee "$MODULES_FILE" >/dev/null

# 2. kernel parameters, applied now and persisted
cat <<'EOF' | $ELEVATE tee "$SYSCTL_FILE" >/dev/null
# OpenDroneMap large-job tuning
vm.max_map_count = 1048576
vm.overcommit_memory = 1
vm.swappiness = 10
fs.file-max = 2097152
EOF
$ELEVATE sysctl -p "$SYSCTL_FILE" >/dev/null
info "kernel parameters applied"

# 3. open files for the processing account
cat <<EOF | $ELEVATE tee "$LIMITS_FILE" >/dev/null
$(id -un)  soft  nofile  1048576
$(id -un)  hard  nofile  1048576
EOF

# 4. shared memory
$ELEVATE mount -o "remount,size=$SHM_SIZE" /dev/shm
if ! grep -q '^tmpfs /dev/shm' /etc/fstab; then
  echo "tmpfs /dev/shm tmpfs defaults,size=$SHM_SIZE 0 0" | $ELEVATE tee -a /etc/fstab >/dev/null
fi

report
info "done; log out and back in for the nofile limit to apply"
