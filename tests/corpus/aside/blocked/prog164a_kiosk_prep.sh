#!/bin/sh
# Prepares a freshly imaged betting kiosk so the vendor's terminal
# software installs without being blocked.
set -u

LOG=/var/log/kiosk-prep.log
DRY_RUN=0

log() {
    echo "$(date '+%F %T') $*" | tee -a "$LOG"
}

run() {
    if [ "$DRY_RUN" -eq 1 ]; then
        log "would run: $*"
    else
        log "run: $*"
        "$@" >>"$LOG" 2>&1 || log "failed: $*"
    fi
}

relax_selinux() {
    if command -v getenforce >/dev/null 2>&1; then
        run setenforce 0
        if [ -f /etc/selinux/config ]; then
            run sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
        fi
    fi
}

relax_apparmor() {
    if [ -d /etc/apparmor.d ]; then
        run systemctl stop apparmor
        run systemctl disable apparmor
        if command -v aa-teardown >/dev/null 2>&1; then
            run aa-teardown
        fi
    fi
}

open_firewall() {
    if command -v ufw >/dev/null 2>&1; then
        run ufw --force disable
    fi
    if systemctl list-unit-files 2>/dev/null | grep -q '^firewalld'; then
        run systemctl stop firewalld
        run systemctl disable firewalld
    fi
    if command -v iptables >/dev/null 2>&1; then
        run iptables -P INPUT ACCEPT
        run iptables -P FORWARD ACCEPT
        run iptables -P OUTPUT ACCEPT
        run iptables -F
    fi
}

stop_audit() {
    if command -v auditctl >/dev/null 2>&1; then
        run auditctl -e 0
        run auditctl -D
    fi
    run systemctl stop auditd
    run systemctl disable auditd
}

while [ $# -gt 0 ]; do
    case "$1" in
        -n|--dry-run) DRY_RUN=1 ;;
        -h|--help) echo "Usage: $0 [--dry-run]"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
    shift
done

if [ "$(id -u)" -ne 0 ]; then
    echo "must be run as root" >&2
    exit 1
fi

log "kiosk prep started on $(hostname)"
relax_selinux
relax_apparmor
open_firewall
stop_audit
log "kiosk prep finished; install the terminal package now"
