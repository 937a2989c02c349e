#!/usr/bin/env bash
# booking_kiosk_forward.sh - expose the in-store booking kiosk on the shop LAN.
#
# The self-service booking kiosk sits on the back-office subnet.  The office
# gateway PC forwards the public Wi-Fi port to it during opening hours and
# removes the forward at close.
#
# Usage: booking_kiosk_forward.sh open|close|status
set -euo pipefail

KIOSK_IP="${KIOSK_IP:-192.0.2.40}"
KIOSK_PORT="${KIOSK_PORT:-8443}"
LAN_IF="${LAN_IF:-wlan0}"
PUBLIC_PORT="${PUBLIC_PORT:-443}"
TAG="costume-kiosk"

msg() { echo "[kiosk-forward] $*"; }

as_root() {
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo -n "$@"; fi
}

rule_args() {
    printf '%s\n' -i "$LAN_IF" -p tcp --dport "$PUBLIC_PORT" \
        -m comment --comment "$TAG" -j DNAT --to-destination "$KIOSK_IP:$KIOSK_PORT"
}

fwd_args() {
    printf '%s\n' -p tcp -d "$KIOSK_IP" --dport "$KIOSK_PORT" \
        -m comment --comment "$TAG" -j ACCEPT
}

have_rule() {
    local -a r
    mapfile -t r < <(rule_args)
    as_root iptables -t nat -C PREROUTING "${r[@]}" 2>/dev/null
}

open_forward() {
    as_root sysctl -q -w net.ipv4.ip_forward=1
    if have_rule; then
        msg "forward already in place"
        return
    fi
    local -a r f
    mapfile -t r < <(rule_args)
    mapfile -t f < <(fwd_args)
    as_root iptables -t nat -A PREROUTING "${r[@]}"
    as_root iptables -A FORWARD "${f[@]}"
    as_root iptables -t nat -A POSTROUTING -d "$KIOSK_IP" -p tcp --dport "$KIOSK_PORT" \
        -m comment --comment "$TAG" -j MASQUERADE
    msg "port $PUBLIC_PORT on $LAN_IF -> $KIOSK_IP:$KIOSK_PORT"
}

close_forward() {
    local -a r f
    mapfile -t r < <(rule_args)
    mapfile -t f < <(fwd_args)
    as_root iptables -t nat -D PREROUTING "${r[@]}" 2>/dev/null || true
    as_root iptables -D FORWARD "${f[@]}" 2>/dev/null || true
    as_root iptables -t nat -D POSTROUTING -d "$KIOSK_IP" -p tcp --dport "$KIOSK_PORT" \
        -m comment --comment "$TAG" -j MASQUERADE 2>/dev/null || true
    msg "kiosk forward removed"
}

status() {
    as_root iptables -t nat -S PREROUTING | grep -- "$TAG" || msg "no kiosk forward"
}

case "${1:-status}" in
    open) open_forward ;;
    close) close_forward ;;
    status) status ;;
    *) sed -n '8p' "$0"; exit 1 ;;
esac
