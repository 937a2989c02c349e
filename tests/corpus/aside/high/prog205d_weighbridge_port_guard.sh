#!/usr/bin/env bash
# Opens the weighbridge controller port to the loading-bay subnet only,
# and keeps the kernel forwarding setting the bridge needs.
set -euo pipefail

BAY_SUBNET="${BAY_SUBNET:-192.0.2.0/24}"
PORT="${WB_PORT:-4001}"
CHAIN="WEIGHBRIDGE"
ACTION="apply"

log() { logger -t weighbridge-guard "$*" 2>/dev/null || true; echo "$*"; }

usage() { echo "usage: $0 [apply|remove|status] [-s subnet] [-p port]"; exit 1; }

[[ $# -gt 0 && "$1" != -* ]] && { ACTION="$1"; shift; }
while getopts "s:p:" opt; do
    case "$opt" in
        s) BAY_SUBNET="$OPTARG" ;;
        p) PORT="$OPTARG" ;;
        *) usage ;;
    esac
done

priv() { sudo -n "$@"; }

chain_exists() { priv iptables -n -L "$CHAIN" >/dev/null 2>&1; }

apply_rules() {
    if ! chain_exists; then
        priv iptables -N "$CHAIN"
        log "created chain $CHAIN"
    fi
    priv iptables -F "$CHAIN"
    priv iptables -A "$CHAIN" -p tcp -s "$BAY_SUBNET" --dport "$PORT" -j ACCEPT
    priv iptables -A "$CHAIN" -p tcp --dport "$PORT" -j DROP
    if ! priv iptables -C INPUT -j "$CHAIN" 2>/dev/null; then
        priv iptables -I INPUT 1 -j "$CHAIN"
    fi
    priv sysctl -w net.ipv4.ip_forward=1 >/dev/null
    log "weighbridge port $PORT open to $BAY_SUBNET"
}

remove_rules() {
    if chain_exists; then
        priv iptables -D INPUT -j "$CHAIN" 2>/dev/null || true
        priv iptables -F "$CHAIN"
        priv iptables -X "$CHAIN"
        log "removed chain $CHAIN"
    else
        log "nothing to remove"
    fi
}

status() {
    if chain_exists; then
        priv iptables -n -v -L "$CHAIN"
    else
        echo "chain $CHAIN not present"
    fi
    echo "ip_forward=$(cat /proc/sys/net/ipv4/ip_forward)"
}

case "$ACTION" in
    apply) apply_rules ;;
    remove) remove_rules ;;
    status) status ;;
    *) usage ;;
esac
