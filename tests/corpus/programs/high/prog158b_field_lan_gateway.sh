#!/usr/bin/env bash
# Field LAN gateway.
#
# At a forward control point the control vehicle laptop shares its 4G
# uplink with the field LAN (tablets, the drone ground station, the pager
# bridge). This turns routing on, NATs the field LAN out of the uplink and
# opens the pager bridge port. "down" undoes it.
set -eu

UPLINK="${UPLINK:-wwan0}"
FIELD_IF="${FIELD_IF:-eth0}"
FIELD_NET="${FIELD_NET:-198.51.100.0/24}"
BRIDGE_PORT="${BRIDGE_PORT:-8025}"
STATE_FILE="./field_gateway.state"

# Privilege helper is configurable because some laptops only have doas.
ELEVATE="${ELEVATE:-sudo}"
priv() { "$ELEVATE" "$@"; }

log() { printf '%s [gw] %s\n' "$(date +%T)" "$*"; }

need_iface() {
    if ! ip link show "$1" >/dev/null 2>&1; then
        log "interface $1 not present"
        exit 1
    fi
}

fw() {
    # iptables wrapper, name assembled so ip6 variant can be swapped in
    local tool="${FW_FAMILY:-ip}tables"
    priv "$tool" "$@"
}

knob() {
    local key="net.ipv4.ip_forward"
    priv sysctl -w "$key=$1" >/dev/null
}

gateway_up() {
    need_iface "$UPLINK"
    need_iface "$FIELD_IF"
    log "enabling forwarding"
    knob 1
    log "NAT $FIELD_NET via $UPLINK"
    fw -t nat -C POSTROUTING -s "$FIELD_NET" -o "$UPLINK" -j MASQUERADE 2>/dev/null ||
        fw -t nat -A POSTROUTING -s "$FIELD_NET" -o "$UPLINK" -j MASQUERADE
    fw -C FORWARD -i "$FIELD_IF" -o "$UPLINK" -j ACCEPT 2>/dev/null ||
        fw -A FORWARD -i "$FIELD_IF" -o "$UPLINK" -j ACCEPT
    fw -C FORWARD -i "$UPLINK" -o "$FIELD_IF" -m state --state RELATED,ESTABLISHED -j ACCEPT 2>/dev/null ||
        fw -A FORWARD -i "$UPLINK" -o "$FIELD_IF" -m state --state RELATED,ESTABLISHED -j ACCEPT
    log "opening pager bridge port $BRIDGE_PORT on $FIELD_IF"
    fw -C INPUT -i "$FIELD_IF" -p tcp --dport "$BRIDGE_PORT" -j ACCEPT 2>/dev/null ||
        fw -A INPUT -i "$FIELD_IF" -p tcp --dport "$BRIDGE_PORT" -j ACCEPT
    echo "up $(date +%s) $UPLINK $FIELD_IF" > "$STATE_FILE"
}

gateway_down() {
    log "removing gateway rules"
    fw -t nat -D POSTROUTING -s "$FIELD_NET" -o "$UPLINK" -j MASQUERADE 2>/dev/null || true
    fw -D FORWARD -i "$FIELD_IF" -o "$UPLINK" -j ACCEPT 2>/dev/null || true
    fw -D FORWARD -i "$UPLINK" -o "$FIELD_IF" -m state --state RELATED,ESTABLISHED -j ACCEPT 2>/dev/null || true
    fw -D INPUT -i "$FIELD_IF" -p tcp --dport "$BRIDGE_PORT" -j ACCEPT 2>/dev/null || true
    knob 0
    rm -f "$STATE_FILE"
}

status() {
    if [ -f "$STATE_FILE" ]; then
        log "gateway state: $(cat "$STATE_FILE")"
    else
        log "gateway not started by this script"
    fi
    log "ip_forward=$(cat /proc/sys/net/ipv4/ip_forward)"
}

case "${1:-status}" in
    up) gateway_up ;;
    down) gateway_down ;;
    status) status ;;
    *) echo "usage: $0 up|down|status" >&2; exit 2 ;;
esac
