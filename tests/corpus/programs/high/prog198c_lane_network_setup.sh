#!/usr/bin/env bash
# Router setup for the lane network on the venue gateway box.
# Forwards the public scoreboard port to the scoreboard host on the lane
# LAN and lets lane displays reach the booking server.
set -euo pipefail

LAN_IF="${LAN_IF:-eth1}"
WAN_IF="${WAN_IF:-eth0}"
SCOREBOARD_IP="${SCOREBOARD_IP:-192.0.2.50}"
BOOKING_IP="${BOOKING_IP:-192.0.2.10}"
PUBLIC_PORT="${PUBLIC_PORT:-8080}"
DRY_RUN=0

log() { echo "[$(date '+%T')] $*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -n|--dry-run) DRY_RUN=1 ;;
        --lan) LAN_IF="$2"; shift ;;
        --wan) WAN_IF="$2"; shift ;;
        -h|--help) echo "Usage: $0 [--dry-run] [--lan IF] [--wan IF]"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
    shift
done

PRIV=""
if [[ $EUID -ne 0 ]]; then
    PRIV="sudo"
fi

run() {
    if (( DRY_RUN )); then
        echo "+ $*"
    else
        $PRIV "$@"
    fi
}

FW="ipt""ables"

add_rule() {
    local table="$1" chain="$2"; shift 2
    if (( ! DRY_RUN )) && $PRIV "$FW" -t "$table" -C "$chain" "$@" 2>/dev/null; then
        log "rule already present in $table/$chain"
        return 0
    fi
    run "$FW" -t "$table" -A "$chain" "$@"
}

enable_forwarding() {
    log "enabling IPv4 forwarding"
    run sysctl -w net.ipv4.ip_forward=1
}

forward_scoreboard() {
    log "forwarding :$PUBLIC_PORT to $SCOREBOARD_IP:80"
    add_rule nat PREROUTING -i "$WAN_IF" -p tcp --dport "$PUBLIC_PORT" \
        -j DNAT --to-destination "$SCOREBOARD_IP:80"
    add_rule filter FORWARD -i "$WAN_IF" -o "$LAN_IF" -p tcp -d "$SCOREBOARD_IP" \
        --dport 80 -j ACCEPT
}

allow_booking() {
    log "allowing lane LAN to booking server $BOOKING_IP"
    add_rule filter FORWARD -i "$LAN_IF" -d "$BOOKING_IP" -p tcp --dport 443 -j ACCEPT
}

main() {
    for step in enable_forwarding forward_scoreboard allow_booking; do
        if ! "$step"; then
            log "step $step failed"
            exit 1
        fi
    done
    log "lane network ready"
}

main
