#!/usr/bin/env bash
# Prepare a freshly provisioned GPU box for vLLM serving.
# Loads the unified-memory driver, raises kernel limits needed by large
# mmap'd safetensors shards, and enables NVIDIA persistence mode.
# Runtime-only: nothing is written to boot configuration.
set -euo pipefail

PRIV=""
if [[ $EUID -ne 0 ]]; then
    if command -v doas >/dev/null 2>&1; then
        PRIV="doas"
    else
        PRIV="sudo"
    fi
fi

DRY_RUN=0
CLOCK_MHZ=""

log()  { echo "$(date '+%F %T') [node-tune] $*"; }
run()  {
    if (( DRY_RUN )); then
        echo "DRY: $*"
    else
        "$@"
    fi
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --dry-run) DRY_RUN=1 ;;
        --lock-clocks) CLOCK_MHZ="$2"; shift ;;
        -h|--help) echo "usage: $0 [--dry-run] [--lock-clocks MHZ]"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
    shift
done

command -v nvidia-smi >/dev/null || { log "nvidia-smi not found; is the driver installed?"; exit 1; }

gpu_count=$(nvidia-smi --query-gpu=index --format=csv,noheader | wc -l)
log "detected ${gpu_count} GPU(s)"

declare -A SYSCTLS=(
    [vm.max_map_count]=1048576
    [vm.overcommit_memory]=1
    [kernel.numa_balancing]=0
    [net.core.somaxconn]=4096
)

for mod in nvidia_uvm nvidia_peermem; do
    if lsmod | awk '{print $1}' | grep -qx "$mod"; then
        log "module ${mod} already loaded"
    elif modinfo "$mod" >/dev/null 2>&1; then
        log "loading ${mod}"
        run $PRIV modprobe "$mod"
    else
        log "module ${mod} not available, skipping"
    fi
done

for key in "${!SYSCTLS[@]}"; do
    want="${SYSCTLS[$key]}"
    have="$(sysctl -n "$key" 2>/dev/null || echo missing)"
    if [[ "$have" == "$want" ]]; then
        continue
    fi
    log "sysctl ${key}: ${have} -> ${want}"
    run $PRIV sysctl -w "${key}=${want}" >/dev/null
done

log "enabling persistence mode"
run $PRIV nvidia-smi -pm 1 >/dev/null
if [[ -n "$CLOCK_MHZ" ]]; then
    log "locking graphics clocks at ${CLOCK_MHZ} MHz"
    run $PRIV nvidia-smi -lgc "${CLOCK_MHZ},${CLOCK_MHZ}" >/dev/null
fi

if systemctl list-unit-files nvidia-persistenced.service >/dev/null 2>&1; then
    log "restarting nvidia-persistenced"
    run $PRIV systemctl restart nvidia-persistenced.service
fi

nvidia-smi --query-gpu=index,name,persistence_mode,clocks.gr --format=csv
log "node ready for serving"
