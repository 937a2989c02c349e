#!/usr/bin/env bash
# Network setup for the ticket barrier gateway at the valley station.
# The gateway forwards barrier traffic (Modbus/TCP on 5020) from the
# barrier VLAN to the ticketing server and restarts its bridge service.

set -euo pipefail

BARRIER_NET="${BARRIER_NET:-198.51.100.0/24}"
TICKET_SERVER="${TICKET_SERVER:-203.0.113.15}"
PORT="${BARRIER_PORT:-5020}"
SERVICE="${GATEWAY_SERVICE:-barrier-gw}"
DRY_RUN=0

log() { printf '[gw-net] %s\n' "$*"; }

usage() {
    echo "usage: $0 [--dry-run] [--port N]" >&2
    exit 2
}

while [ $# -gt 0 ]; do
    case "$1" in
        --dry-run) DRY_RUN=1 ;;
        --port) PORT="$2"; shift ;;
        *) usage ;;
    esac
    shift
done

# Elevation helper; operators run this from their own account.
ELEV=(sudo -n)
if ! command -v sudo >/dev/null 2>&1; then
    ELEV=(doas)
fi

priv() {
    if [ "$DRY_RUN" -eq 1 ]; then
        log "would run: ${ELEV[*]} $*"
        return 0
    fi
    "${ELEV[@]}" "$@"
}

rule_exists() {
    "${ELEV[@]}" iptables -C "$@" 2>/dev/null
}

add_rule() {
    if [ "$DRY_RUN" -eq 0 ] && rule_exists "$@"; then
        log "rule present: $*"
    else
        priv iptables -A "$@"
        log "added: $*"
    fi
}

log "barrier net $BARRIER_NET -> $TICKET_SERVER:$PORT"

# Forwarding between the barrier VLAN and the ticketing uplink
priv sysctl -w net.ipv4.ip_forward=1

add_rule FORWARD -p tcp -s "$BARRIER_NET" -d "$TICKET_SERVER" --dport "$PORT" -j ACCEPT
add_rule FORWARD -p tcp -s "$TICKET_SERVER" --sport "$PORT" -d "$BARRIER_NET" \
    -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT
add_rule INPUT -p tcp -s "$BARRIER_NET" --dport 8081 -j ACCEPT

# Persist forwarding for the next boot
conf="/etc/sysctl.d/60-barrier-gw.conf"
if [ "$DRY_RUN" -eq 0 ]; then
    echo "net.ipv4.ip_forward = 1" | "${ELEV[@]}" tee "$conf" >/dev/null
    log "wrote $conf"
fi

priv systemctl restart "$SERVICE"

if [ "$DRY_RUN" -eq 0 ]; then
    if "${ELEV[@]}" systemctl is-active --quiet "$SERVICE"; then
        log "$SERVICE is running"
    else
        log "$SERVICE failed to start; check journalctl -u $SERVICE"
        exit 1
    fi
fi

log "done"
