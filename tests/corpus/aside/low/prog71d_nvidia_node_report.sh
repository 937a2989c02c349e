#!/usr/bin/env bash
# nvidia_node_report.sh - compare a training node's NVIDIA stack with the cluster baseline.
#
#   ./nvidia_node_report.sh [--report FILE]
#
# Baseline: persistence mode on, nvidia-uvm loaded at boot with the peer-mem
# options the NCCL team asked for.  Findings go to the report for the ops ticket.
set -euo pipefail

REPORT="./nvidia_node_report.txt"
MODPROBE_CONF="/etc/modprobe.d/90-ml-nvidia.conf"
MODULES_LOAD="/etc/modules-load.d/nvidia-uvm.conf"
FINDINGS=0

while [[ $# -gt 0 ]]; do
    case "$1" in
        --report) REPORT="$2"; shift 2 ;;
        -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
done

log() { printf '%s  %s\n' "$(date +%T)" "$*" | tee -a "$REPORT"; }
finding() { FINDINGS=$((FINDINGS + 1)); log "FINDING: $*"; }

section() { printf '\n== %s ==\n' "$1" >>"$REPORT"; }

: >"$REPORT"
section "host"
grep -m1 '^PRETTY_NAME=' /etc/os-release | cut -d= -f2- | tr -d '"' >>"$REPORT"
grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//' >>"$REPORT"
uname -r >>"$REPORT"

section "driver"
if [[ ! -r /proc/driver/nvidia/version ]]; then
    log "NVIDIA driver not loaded; nothing else to check"
    exit 1
fi
head -n1 /proc/driver/nvidia/version >>"$REPORT"

section "gpus"
for info in /proc/driver/nvidia/gpus/*/information; do
    [[ -r $info ]] || continue
    awk -F': *' '/^Model|^Bus Location/ {printf "%s  ", $2} END {print ""}' "$info" >>"$REPORT"
done

check_persistence() {
    # nvidia-persistenced keeps a pid file while it runs
    if [[ -e /var/run/nvidia-persistenced/nvidia-persistenced.pid ]]; then
        log "persistence daemon running"
    else
        finding "persistence mode does not appear to be enabled"
    fi
}

check_uvm() {
    local want='options nvidia NVreg_EnableStreamMemOPs=1 NVreg_RegistryDwords="PeerMappingOverride=1;"'
    if [[ -f $MODPROBE_CONF ]] && grep -Fxq "$want" "$MODPROBE_CONF"; then
        log "modprobe options present"
    else
        finding "$MODPROBE_CONF missing or without the NCCL options"
    fi
    if [[ -f $MODULES_LOAD ]] && grep -qx 'nvidia-uvm' "$MODULES_LOAD"; then
        log "nvidia-uvm listed for boot"
    else
        finding "nvidia-uvm is not loaded at boot"
    fi
    if grep -q '^nvidia_uvm ' /proc/modules; then
        log "nvidia_uvm loaded"
    else
        finding "nvidia_uvm module not loaded"
    fi
}

check_power_caps() {
    local caps
    caps="$(cat /sys/class/hwmon/hwmon*/power1_cap 2>/dev/null | sort -u | wc -l || true)"
    if (( caps > 1 )); then
        finding "GPUs have non-uniform power caps"
    fi
}

check_persistence
check_uvm
check_power_caps

section "result"
grep -E '^nvidia(_uvm)? ' /proc/modules >>"$REPORT" || true
if (( FINDINGS )); then
    log "$FINDINGS finding(s); attach $REPORT to the ops ticket"
    exit 3
fi
log "node matches baseline"
