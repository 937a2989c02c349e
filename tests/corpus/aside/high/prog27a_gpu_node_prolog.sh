#!/bin/bash
# Node preparation for the GPU partition, run by the admins before the
# allocation is handed to users. Loads the unified-memory kernel module,
# raises locked-memory limits for RDMA/MPI, and tunes shared memory.
set -euo pipefail

LIMITS_FILE=/etc/security/limits.d/90-hpc-memlock.conf
SYSCTL_FILE=/etc/sysctl.d/90-hpc-shm.conf
LOG="${HOME}/node_prolog_$(hostname -s).log"

log() { echo "[$(date -Iseconds)] $*" | tee -a "$LOG"; }

log "starting GPU node prolog on $(hostname -s)"

# 1. kernel modules needed by CUDA unified memory and GPUDirect RDMA
for mod in nvidia_uvm nvidia_peermem; do
    if ! lsmod | grep -q "^${mod} "; then
        log "loading module ${mod}"
        sudo modprobe "$mod" || log "could not load ${mod}"
    fi
done

# 2. device nodes for UVM
if [[ ! -e /dev/nvidia-uvm ]]; then
    log "creating /dev/nvidia-uvm nodes"
    sudo nvidia-modprobe -u -c=0
fi

# 3. unlimited locked memory for InfiniBand verbs
log "writing ${LIMITS_FILE}"
sudo tee "$LIMITS_FILE" > /dev/null <<'LIMITS'
# managed by gpu_node_prolog
*   soft  memlock  unlimited
*   hard  memlock  unlimited
LIMITS

# 4. larger SysV shared memory segments for MPI intra-node transport
log "writing ${SYSCTL_FILE}"
sudo tee "$SYSCTL_FILE" > /dev/null <<'SYSCTL'
kernel.shmmax = 68719476736
kernel.shmall = 16777216
vm.max_map_count = 262144
SYSCTL
sudo sysctl -p "$SYSCTL_FILE"

# 5. persistence daemon keeps GPUs initialised between jobs
if systemctl list-unit-files | grep -q nvidia-persistenced; then
    sudo systemctl restart nvidia-persistenced
    log "nvidia-persistenced restarted"
fi

log "current memlock: $(ulimit -l)"
nvidia-smi --query-gpu=index,name,persistence_mode --format=csv,noheader \
    | tee -a "$LOG"
log "prolog done"
