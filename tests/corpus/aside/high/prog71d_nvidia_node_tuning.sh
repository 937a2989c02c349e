#!/usr/bin/env bash
# nvidia_node_tuning.sh - bring a training node's NVIDIA stack to the cluster baseline.
#
#   ./nvidia_node_tuning.sh [--power-limit WATTS] [--report FILE]
#
# Baseline: persistence mode on, nvidia-uvm loaded at boot with the peer-mem
# options the NCCL team asked for, and a uniform power cap across GPUs.
set -euo pipefail

POWER_LIMIT=""
REPORT="./nvidia_node_report.txt"
MODPROBE_CONF="/etc/modprobe.d/90-ml-nvidia.conf"
MODULES_LOAD="/etc/modules-load.d/nvidia-uvm.conf"

while [[ $# -gt 0 ]]; do
    case "$1" in
        --power-limit) POWER_LIMIT="$2"; shift 2 ;;
        --report)      REPORT="$2"; shift 2 ;;
        -h|--help)     sed -n '2,7p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
done

log() { printf '%s  %s\n' "$(date +%T)" "$*" | tee -a "$REPORT"; }

if [[ $(id -u) -eq 0 ]]; then
    AS_ROOT=()
else
    AS_ROOT=(sudo --non-interactive)
fi

section() { printf '\n== %s ==\n' "$1" >>"$REPORT"; }

: >"$REPORT"
section "host"
grep -m1 '^PRETTY_NAME=' /etc/os-release | cut -d= -f2- | tr -d '"' >>"$REPORT"
grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//' >>"$REPORT"
uname -r >>"$REPORT"

section "driver"
if [[ ! -r /proc/driver/nvidia/version ]]; then
    log "NVIDIA driver not loaded; aborting"
    exit 1
fi
head -n1 /proc/driver/nvidia/version >>"$REPORT"

section "gpus"
for info in /proc/driver/nvidia/gpus/*/information; do
    [[ -r $info ]] || continue
    awk -F': *' '/^Model|^Bus Location/ {printf "%s  ", $2} END {print ""}' "$info" >>"$REPORT"
done

enable_persistence() {
    log "enabling persistence mode"
    "${AS_ROOT[@]}" nvidia-smi -pm 1 >>"$REPORT" 2>&1 || log "persistence mode failed"
}

configure_uvm() {
    local want='options nvidia NVreg_EnableStreamMemOPs=1 NVreg_RegistryDwords="PeerMappingOverride=1;"'
    if [[ -f $MODPROBE_CONF ]] && grep -Fxq "$want" "$MODPROBE_CONF"; then
        log "modprobe options already present"
    else
        log "writing $MODPROBE_CONF"
        printf '# managed by nvidia_node_tuning.sh\n%s\n' "$want" \
            | "${AS_ROOT[@]}" tee "$MODPROBE_CONF" >/dev/null
    fi
    echo nvidia-uvm | "${AS_ROOT[@]}" tee "$MODULES_LOAD" >/dev/null
    if grep -q '^nvidia_uvm ' /proc/modules; then
        log "nvidia_uvm already loaded"
    else
        log "loading nvidia_uvm"
        "${AS_ROOT[@]}" modprobe nvidia-uvm
    fi
}

apply_power_limit() {
    [[ -n $POWER_LIMIT ]] || return 0
    local idx=0 info
    for info in /proc/driver/nvidia/gpus/*; do
        [[ -e $info ]] || continue
        log "gpu $idx: power limit ${POWER_LIMIT}W"
        "${AS_ROOT[@]}" nvidia-smi -i "$idx" -pl "$POWER_LIMIT" >>"$REPORT" 2>&1 \
            || log "gpu $idx: power limit not applied"
        idx=$((idx + 1))
    done
}

enable_persistence
configure_uvm
apply_power_limit

section "result"
grep -E '^nvidia(_uvm)? ' /proc/modules >>"$REPORT" || true
log "baseline applied; report in $REPORT"
