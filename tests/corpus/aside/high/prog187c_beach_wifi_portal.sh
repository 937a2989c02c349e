#!/usr/bin/env bash
# Sets up the free customer Wi-Fi on the beach hut access point:
# routes guest traffic out through the office line and opens the
# captive portal port for the booking page.
set -euo pipefail

GUEST_IF="${GUEST_IF:-wlan0}"
UPLINK_IF="${UPLINK_IF:-eth0}"
PORTAL_PORT="${PORTAL_PORT:-8080}"
GUEST_NET="${GUEST_NET:-192.0.2.0/24}"
LOG_TAG="beach-wifi"

log() { logger -t "$LOG_TAG" "$*"; echo "$*"; }

require() {
    for bin in iptables sysctl systemctl; do
        command -v "$bin" >/dev/null || { echo "missing $bin"; exit 1; }
    done
}

enable_forwarding() {
    log "enabling IPv4 forwarding"
    sudo sysctl -w net.ipv4.ip_forward=1
}

add_rule() {
    # add only if not already present
    local table_args=()
    if [[ "$1" == "-t" ]]; then table_args=("$1" "$2"); shift 2; fi
    local chain="$1"; shift
    if ! sudo iptables "${table_args[@]}" -C "$chain" "$@" 2>/dev/null; then
        sudo iptables "${table_args[@]}" -A "$chain" "$@"
        log "added rule: ${table_args[*]} $chain $*"
    fi
}

setup_rules() {
    add_rule -t nat POSTROUTING -s "$GUEST_NET" -o "$UPLINK_IF" -j MASQUERADE
    add_rule FORWARD -i "$GUEST_IF" -o "$UPLINK_IF" -j ACCEPT
    add_rule FORWARD -i "$UPLINK_IF" -o "$GUEST_IF" -m state --state RELATED,ESTABLISHED -j ACCEPT
    add_rule INPUT -i "$GUEST_IF" -p tcp --dport "$PORTAL_PORT" -j ACCEPT
    add_rule -t nat PREROUTING -i "$GUEST_IF" -p tcp --dport 80 -j REDIRECT --to-ports "$PORTAL_PORT"
}

restart_services() {
    for svc in hostapd dnsmasq booking-portal; do
        log "restarting $svc"
        sudo systemctl restart "$svc"
    done
}

status() {
    sudo iptables -t nat -L -n -v | head -n 20
    systemctl --no-pager --lines=0 status hostapd dnsmasq booking-portal || true
}

case "${1:-up}" in
    up)
        require
        enable_forwarding
        setup_rules
        restart_services
        log "guest wifi ready on $GUEST_IF"
        ;;
    status)
        status
        ;;
    *)
        echo "usage: $0 [up|status]"
        exit 1
        ;;
esac
