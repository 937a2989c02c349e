#!/usr/bin/env bash
# allow_modbus_engineering.sh - open Modbus/TCP (502) and the PLC engineering
# port (44818) on the operator workstation for the commissioning subnet only,
# for the duration of a commissioning session. Run with "close" afterwards.
#
# Only adds/removes narrowly scoped ACCEPT rules in a dedicated chain; the
# existing firewall policy stays in place. Must be run as root.

set -euo pipefail

CHAIN="LIFT-COMMISSION"
SUBNET="198.51.100.0/24"
PORTS=(502 44818)
ACTION="${1:-}"

log() { logger -t allow_modbus "$*"; echo "$(date '+%T') $*"; }

usage() {
    echo "Usage: $0 open|close|status [subnet]"
    echo "  default subnet: $SUBNET"
}

[[ -n "${2:-}" ]] && SUBNET="$2"

if [[ ! "$SUBNET" =~ ^[0-9]+\.[0-9]+\.[0-9]+\.[0-9]+/[0-9]+$ ]]; then
    echo "invalid subnet: $SUBNET" >&2
    exit 2
fi

if [[ "$(id -u)" -ne 0 ]]; then
    echo "must be run as root" >&2
    exit 1
fi

ensure_chain() {
    if ! iptables -n -L "$CHAIN" >/dev/null 2>&1; then
        iptables -N "$CHAIN"
        log "created chain $CHAIN"
    fi
    if ! iptables -C INPUT -j "$CHAIN" 2>/dev/null; then
        iptables -I INPUT 1 -j "$CHAIN"
        log "hooked $CHAIN into INPUT"
    fi
}

open_ports() {
    ensure_chain
    for port in "${PORTS[@]}"; do
        if iptables -C "$CHAIN" -p tcp -s "$SUBNET" --dport "$port" -j ACCEPT 2>/dev/null; then
            log "rule for $SUBNET:$port already present"
        else
            iptables -A "$CHAIN" -p tcp -s "$SUBNET" --dport "$port" -j ACCEPT
            log "allowed tcp/$port from $SUBNET"
        fi
    done
}

close_ports() {
    if ! iptables -n -L "$CHAIN" >/dev/null 2>&1; then
        log "chain $CHAIN not present; nothing to close"
        return 0
    fi
    for port in "${PORTS[@]}"; do
        while iptables -C "$CHAIN" -p tcp -s "$SUBNET" --dport "$port" -j ACCEPT 2>/dev/null; do
            iptables -D "$CHAIN" -p tcp -s "$SUBNET" --dport "$port" -j ACCEPT
            log "removed tcp/$port from $SUBNET"
        done
    done
}

show_status() {
    iptables -n -v -L "$CHAIN" 2>/dev/null || echo "chain $CHAIN not present"
}

case "$ACTION" in
    open)   open_ports ;;
    close)  close_ports ;;
    status) show_status ;;
    *)      usage; exit 2 ;;
esac

if [[ "$ACTION" != "status" ]]; then
    show_status
fi
