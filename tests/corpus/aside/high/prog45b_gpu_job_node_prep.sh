#!/bin/bash
# gpu_node_prep.sh - prepare a GPU node for a multi-node NCCL training job.
#
# Run by the job owner at the start of an exclusive allocation on the
# "gpu-bench" partition, where the site grants a narrow sudo rule for this.
# Enables persistence mode, locks application clocks, loads the peer-memory
# module for GPUDirect RDMA and relaxes perf counters for Nsight profiling.

set -euo pipefail

CLOCK_MEM="${CLOCK_MEM:-1593}"
CLOCK_SM="${CLOCK_SM:-1410}"
PROFILE=0
RESET=0

log() { echo "[gpuprep $(hostname -s)] $*"; }

usage() {
    cat <<EOF
usage: $0 [--profile] [--reset]
  --profile   lower perf_event_paranoid for Nsight Systems
  --reset     undo clock locks and persistence mode
EOF
    exit 1
}

while [ $# -gt 0 ]; do
    case "$1" in
        --profile) PROFILE=1 ;;
        --reset)   RESET=1 ;;
        -h|--help) usage ;;
        *) echo "unknown option $1" >&2; usage ;;
    esac
    shift
done

need() { command -v "$1" >/dev/null 2>&1 || { log "missing $1"; exit 2; }; }
need nvidia-smi
need lsmod

gpu_count() { nvidia-smi --query-gpu=index --format=csv,noheader | wc -l; }

reset_node() {
    log "resetting GPU clocks and persistence mode"
    sudo nvidia-smi -rac || true
    sudo nvidia-smi -pm 0
    sudo sysctl -w kernel.perf_event_paranoid=2 >/dev/null
}

prepare_node() {
    local n
    n=$(gpu_count)
    log "$n GPUs detected"

    sudo nvidia-smi -pm 1
    sudo nvidia-smi -ac "${CLOCK_MEM},${CLOCK_SM}"

    if ! lsmod | grep -q '^nvidia_peermem'; then
        log "loading nvidia_peermem for GPUDirect RDMA"
        sudo modprobe nvidia_peermem
    fi

    sudo sysctl -w vm.zone_reclaim_mode=0 >/dev/null
    sudo sysctl -w net.core.rmem_max=268435456 net.core.wmem_max=268435456 >/dev/null

    if [ "$PROFILE" -eq 1 ]; then
        log "enabling unprivileged perf counters for profiling"
        sudo sysctl -w kernel.perf_event_paranoid=1 >/dev/null
    fi

    nvidia-smi --query-gpu=index,persistence_mode,clocks.applications.graphics \
               --format=csv
}

if [ "$RESET" -eq 1 ]; then
    reset_node
else
    prepare_node
fi
log "done"
