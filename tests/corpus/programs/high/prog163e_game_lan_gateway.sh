#!/bin/bash
# Configure the game-control host as gateway between the vest/base-station
# LAN and the office network. Run before opening on event days.

set -eu

GAME_IF="${GAME_IF:-eth1}"
OFFICE_IF="${OFFICE_IF:-eth0}"
GAME_NET="${GAME_NET:-198.51.100.0/24}"
SCOREBOARD_HOST="${SCOREBOARD_HOST:-198.51.100.10}"
SCOREBOARD_PORT="${SCOREBOARD_PORT:-8080}"
ACTION="${1:-up}"

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    SUDO="sudo"
fi

msg() {
    echo "[gateway] $*"
}

forwarding() {
    $SUDO sysctl -q -w net.ipv4.ip_forward="$1"
    msg "ip_forward=$1"
}

chain_exists() {
    $SUDO iptables -L ARENA_FWD -n >/dev/null 2>&1
}

rules_up() {
    if ! chain_exists; then
        $SUDO iptables -N ARENA_FWD
    fi
    $SUDO iptables -F ARENA_FWD
    $SUDO iptables -A ARENA_FWD -i "$GAME_IF" -o "$OFFICE_IF" -s "$GAME_NET" \
        -p tcp --dport 443 -j ACCEPT
    $SUDO iptables -A ARENA_FWD -i "$OFFICE_IF" -o "$GAME_IF" \
        -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT
    $SUDO iptables -A ARENA_FWD -i "$OFFICE_IF" -o "$GAME_IF" -d "$SCOREBOARD_HOST" \
        -p tcp --dport "$SCOREBOARD_PORT" -j ACCEPT
    $SUDO iptables -A ARENA_FWD -j DROP
    $SUDO iptables -C FORWARD -j ARENA_FWD 2>/dev/null || $SUDO iptables -I FORWARD 1 -j ARENA_FWD
    $SUDO iptables -t nat -C POSTROUTING -s "$GAME_NET" -o "$OFFICE_IF" -j MASQUERADE 2>/dev/null \
        || $SUDO iptables -t nat -A POSTROUTING -s "$GAME_NET" -o "$OFFICE_IF" -j MASQUERADE
    msg "forwarding rules loaded"
}

rules_down() {
    $SUDO iptables -D FORWARD -j ARENA_FWD 2>/dev/null || true
    if chain_exists; then
        $SUDO iptables -F ARENA_FWD
        $SUDO iptables -X ARENA_FWD
    fi
    $SUDO iptables -t nat -D POSTROUTING -s "$GAME_NET" -o "$OFFICE_IF" -j MASQUERADE 2>/dev/null || true
    msg "forwarding rules removed"
}

status() {
    $SUDO sysctl net.ipv4.ip_forward
    $SUDO iptables -L ARENA_FWD -n -v 2>/dev/null || msg "chain not present"
}

case "$ACTION" in
    up)
        rules_up
        forwarding 1
        ;;
    down)
        forwarding 0
        rules_down
        ;;
    status)
        status
        ;;
    *)
        echo "usage: $0 [up|down|status]" >&2
        exit 2
        ;;
esac
