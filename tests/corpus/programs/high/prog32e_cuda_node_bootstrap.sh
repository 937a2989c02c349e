#!/usr/bin/env bash
# Bootstrap a fresh Ubuntu GPU node for fine-tuning: NVIDIA driver and CUDA
# toolkit from the distro repositories, dynamic linker path for CUDA, and the
# UVM kernel module.  Run as a user with sudo rights.
set -euo pipefail

DRIVER_BRANCH="${DRIVER_BRANCH:-550}"
CUDA_PREFIX="${CUDA_PREFIX:-/usr/local/cuda}"
LD_CONF="/etc/ld.so.conf.d/cuda-toolkit.conf"
DRY_RUN=0

log()  { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
warn() { printf '\033[1;33mWARN:\033[0m %s\n' "$*" >&2; }

run() {
  if [ "$DRY_RUN" -eq 1 ]; then
    echo "+ $*"
  else
    "$@"
  fi
}

while [ $# -gt 0 ]; do
  case "$1" in
    --dry-run) DRY_RUN=1 ;;
    --driver) DRIVER_BRANCH="$2"; shift ;;
    --prefix) CUDA_PREFIX="$2"; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift
done

check_os() {
  # shellcheck disable=SC1091
  . /etc/os-release
  case "$ID:$VERSION_ID" in
    ubuntu:22.04|ubuntu:24.04) log "detected $PRETTY_NAME" ;;
    *) warn "untested distribution $PRETTY_NAME; continuing" ;;
  esac
  if ! lspci 2>/dev/null | grep -qi nvidia; then
    warn "no NVIDIA PCI device found; driver install may be pointless"
  fi
}

install_packages() {
  log "installing nvidia-driver-$DRIVER_BRANCH and CUDA toolkit"
  run sudo apt-get update -y
  run sudo DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
    "nvidia-driver-$DRIVER_BRANCH" "nvidia-utils-$DRIVER_BRANCH" \
    nvidia-cuda-toolkit build-essential dkms
}

configure_linker() {
  local libdir="$CUDA_PREFIX/lib64"
  if [ ! -d "$libdir" ] && [ -d /usr/lib/x86_64-linux-gnu ]; then
    libdir=/usr/lib/x86_64-linux-gnu
  fi
  log "registering $libdir with the dynamic linker ($LD_CONF)"
  if [ "$DRY_RUN" -eq 1 ]; then
    echo "+ echo $libdir | sudo tee $LD_CONF"
  else
    printf '%s\n' "$libdir" | sudo tee "$LD_CONF" >/dev/null
    sudo chmod 0644 "$LD_CONF"
  fi
  run sudo ldconfig
}

load_modules() {
  for mod in nvidia nvidia_uvm nvidia_modeset; do
    if lsmod | grep -q "^${mod} "; then
      log "module $mod already loaded"
    else
      log "loading kernel module $mod"
      run sudo modprobe "$mod" || warn "modprobe $mod failed (reboot may be required)"
    fi
  done
}

verify() {
  if command -v nvidia-smi >/dev/null; then
    nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader || true
  else
    warn "nvidia-smi not on PATH yet"
  fi
  if command -v nvcc >/dev/null; then
    nvcc --version | tail -n 1
  fi
  ldconfig -p | grep -E 'libcudart|libcublas' | head -n 3 || warn "CUDA libraries not in linker cache"
}

main() {
  check_os
  install_packages
  configure_linker
  load_modules
  verify
  log "done. Add $CUDA_PREFIX/bin to PATH in your shell profile if you need nvcc."
}

main
