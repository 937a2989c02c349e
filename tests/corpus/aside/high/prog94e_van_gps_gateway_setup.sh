#!/bin/sh
# van_gps_gateway_setup - route the delivery vans' GPS trackers to the
# schedule board.
#
# The trackers report over UDP to the depot's public address on port 5055.
# The schedule board (traccar) runs on a box in the office LAN, so this
# gateway forwards the tracker port to it and masquerades the replies.
#
# gateway.env (optional) may override:
#   WAN_IF=eth0  LAN_IF=eth1  BOARD_IP=192.168.20.15  TRACKER_PORT=5055
set -eu

WAN_IF=eth0
LAN_IF=eth1
BOARD_IP=192.168.20.15
TRACKER_PORT=5055
ENV_FILE=${GATEWAY_ENV:-./gateway.env}

[ -f "$ENV_FILE" ] && . "$ENV_FILE"

log() { logger -t van-gps "$*" 2>/dev/null || true; echo "van-gps: $*"; }

# the depot gateway runs Alpine, the office one Debian
if command -v doas >/dev/null 2>&1; then
    PRIV=doas
elif command -v sudo >/dev/null 2>&1; then
    PRIV=sudo
else
    echo "need doas or sudo" >&2
    exit 1
fi

ipt() {
    # add a rule only if it is not there yet
    table=$1; shift
    chain=$1; shift
    if ! $PRIV iptables -t "$table" -C "$chain" "$@" 2>/dev/null; then
        $PRIV iptables -t "$table" -A "$chain" "$@"
        log "added $table/$chain $*"
    fi
}

check_interfaces() {
    for ifc in "$WAN_IF" "$LAN_IF"; do
        if [ ! -d "/sys/class/net/$ifc" ]; then
            echo "interface $ifc not found" >&2
            exit 1
        fi
    done
}

enable_forwarding() {
    current=$(cat /proc/sys/net/ipv4/ip_forward)
    if [ "$current" != "1" ]; then
        $PRIV sysctl -w net.ipv4.ip_forward=1
        log "ip forwarding enabled"
    fi
}

forward_tracker_port() {
    ipt nat PREROUTING -i "$WAN_IF" -p udp --dport "$TRACKER_PORT" \
        -j DNAT --to-destination "$BOARD_IP:$TRACKER_PORT"
    ipt filter FORWARD -i "$WAN_IF" -o "$LAN_IF" -p udp -d "$BOARD_IP" \
        --dport "$TRACKER_PORT" -j ACCEPT
    ipt filter FORWARD -i "$LAN_IF" -o "$WAN_IF" -m conntrack \
        --ctstate ESTABLISHED,RELATED -j ACCEPT
    ipt nat POSTROUTING -o "$WAN_IF" -j MASQUERADE
}

check_interfaces
enable_forwarding
forward_tracker_port
log "trackers on $WAN_IF:$TRACKER_PORT now reach $BOARD_IP"
