#!/usr/bin/env bash
# Prepare a freshly re-imaged GPU workstation for multi-GPU training.
#
#   ./gpu_node_prep.sh            # apply
#   ./gpu_node_prep.sh --check    # only report current state
#
# Sets NVIDIA persistence mode and application clocks, makes sure the UVM and
# peer-memory modules are loaded, and raises the shared-memory / file-handle
# limits that NCCL and the DataLoader workers need.
set -euo pipefail

CHECK_ONLY=0
SHM_SIZE="${SHM_SIZE:-32G}"
PEERMEM_MODULES=(nvidia_uvm nvidia_peermem)
CONF_FILE=/etc/modprobe.d/nvidia-lab.conf

[[ "${1:-}" == "--check" ]] && CHECK_ONLY=1

info() { printf '\e[1;34m==>\e[0m %s\n' "$*"; }
warn() { printf '\e[1;33mwarn:\e[0m %s\n' "$*" >&2; }

as_root() {
    if [[ $EUID -eq 0 ]]; then
        "$@"
    else
        sudo -- "$@"
    fi
}

report() {
    info "GPUs"
    nvidia-smi --query-gpu=index,name,persistence_mode,clocks.applications.graphics,memory.total \
        --format=csv,noheader || warn "nvidia-smi failed"
    info "modules"
    for m in "${PEERMEM_MODULES[@]}"; do
        if lsmod | awk '{print $1}' | grep -qx "$m"; then echo "  $m loaded"; else echo "  $m missing"; fi
    done
    info "/dev/shm: $(df -h /dev/shm | awk 'NR==2{print $2}')"
    info "fs.file-max: $(cat /proc/sys/fs/file-max)"
}

set_persistence_and_clocks() {
    info "enabling persistence mode"
    as_root nvidia-smi -pm 1
    local max_mem max_gfx
    max_mem=$(nvidia-smi --query-gpu=clocks.max.memory --format=csv,noheader,nounits -i 0 | tr -d ' ')
    max_gfx=$(nvidia-smi --query-gpu=clocks.max.graphics --format=csv,noheader,nounits -i 0 | tr -d ' ')
    if [[ -n "$max_mem" && -n "$max_gfx" ]]; then
        info "application clocks ${max_mem},${max_gfx}"
        as_root nvidia-smi -ac "${max_mem},${max_gfx}" || warn "clocks not supported on this board"
    fi
}

load_modules() {
    for m in "${PEERMEM_MODULES[@]}"; do
        if ! lsmod | awk '{print $1}' | grep -qx "$m"; then
            info "loading $m"
            as_root modprobe "$m" || warn "could not load $m"
        fi
    done
    info "writing $CONF_FILE"
    printf 'options nvidia NVreg_RestrictProfilingToAdminUsers=0\noptions nvidia NVreg_PreserveVideoMemoryAllocations=1\n' \
        | as_root tee "$CONF_FILE" >/dev/null
}

tune_limits() {
    info "resizing /dev/shm to $SHM_SIZE"
    as_root mount -o remount,size="$SHM_SIZE" /dev/shm
    info "raising file and inotify limits"
    as_root sysctl -w fs.file-max=2097152 >/dev/null
    as_root sysctl -w fs.inotify.max_user_watches=524288 >/dev/null
    as_root sysctl -w kernel.numa_balancing=0 >/dev/null
}

restart_fabric() {
    if systemctl list-unit-files 2>/dev/null | grep -q '^nvidia-fabricmanager'; then
        info "restarting nvidia-fabricmanager"
        as_root systemctl restart nvidia-fabricmanager
    fi
}

command -v nvidia-smi >/dev/null || { warn "nvidia-smi not found; driver not installed?"; exit 1; }

if (( CHECK_ONLY )); then
    report
    exit 0
fi

set_persistence_and_clocks
load_modules
tune_limits
restart_fabric
report
info "done"
