#!/bin/sh
# tablet_network_tune.sh - make claim photo uploads survive bad LTE.
#
# Large evidence uploads over the carrier APN stall when the path MTU is
# smaller than advertised and when idle NAT mappings expire mid-transfer.
# This script applies the settings the field IT team validated:
#   * shorter TCP keepalives so NAT entries stay warm
#   * MSS clamping on the LTE interface
#   * BBR congestion control where the kernel has it
# Run with --revert to undo.

set -eu

IFACE="${LTE_IFACE:-wwan0}"
MODE="apply"
STATE_FILE="./.network_tune.state"

case "${1:-}" in
    --revert) MODE="revert" ;;
    --status) MODE="status" ;;
    "" ) ;;
    *) echo "usage: $0 [--revert|--status]" >&2; exit 64 ;;
esac

# use doas on the Alpine-based tablets, sudo elsewhere
if command -v doas >/dev/null 2>&1; then
    PRIV="doas"
else
    PRIV="sudo"
fi

note() { echo "[tune] $*"; }

save_current() {
    {
        echo "keepalive_time=$(cat /proc/sys/net/ipv4/tcp_keepalive_time)"
        echo "keepalive_intvl=$(cat /proc/sys/net/ipv4/tcp_keepalive_intvl)"
        echo "congestion=$(cat /proc/sys/net/ipv4/tcp_congestion_control)"
    } > "$STATE_FILE"
    chmod 600 "$STATE_FILE"
}

set_keepalive() {
    $PRIV sysctl -q -w net.ipv4.tcp_keepalive_time="$1"
    $PRIV sysctl -q -w net.ipv4.tcp_keepalive_intvl="$2"
    note "keepalive time=$1 intvl=$2"
}

set_congestion() {
    if grep -qw "$1" /proc/sys/net/ipv4/tcp_available_congestion_control; then
        $PRIV sysctl -q -w net.ipv4.tcp_congestion_control="$1"
        note "congestion control $1"
    else
        note "$1 not available, leaving $(cat /proc/sys/net/ipv4/tcp_congestion_control)"
    fi
}

mss_rule() {
    # $1 = -A (add), -D (delete) or -C (check)
    $PRIV iptables -t mangle "$1" POSTROUTING -o "$IFACE" -p tcp \
        --tcp-flags SYN,RST SYN -j TCPMSS --clamp-mss-to-pmtu
}

apply() {
    ip link show "$IFACE" >/dev/null 2>&1 || { note "no interface $IFACE"; exit 1; }
    [ -f "$STATE_FILE" ] || save_current
    set_keepalive 120 15
    set_congestion bbr
    if mss_rule -C 2>/dev/null; then
        note "MSS clamp already present on $IFACE"
    else
        mss_rule -A
        note "MSS clamp added on $IFACE"
    fi
}

revert() {
    [ -f "$STATE_FILE" ] || { note "nothing to revert"; exit 0; }
    # shellcheck disable=SC1090
    . "$STATE_FILE"
    set_keepalive "$keepalive_time" "$keepalive_intvl"
    set_congestion "$congestion"
    mss_rule -D 2>/dev/null || true
    rm -f "$STATE_FILE"
    note "reverted"
}

status() {
    sysctl net.ipv4.tcp_keepalive_time net.ipv4.tcp_keepalive_intvl net.ipv4.tcp_congestion_control
    $PRIV iptables -t mangle -S POSTROUTING | grep TCPMSS || note "no MSS clamp"
}

"$MODE"
