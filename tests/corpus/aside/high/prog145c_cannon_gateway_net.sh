#!/usr/bin/env bash
# Pump house gateway - network setup for the snow cannon VLAN
#
# The gateway PC sits between the office network and the cannon VLAN.
# This script turns on forwarding, opens the Modbus and MQTT ports towards
# the cannon subnet and restarts the existing bridge service.
#
# Run as the integrator account (which has sudo on the gateway).

set -euo pipefail

CANNON_IF="${CANNON_IF:-eth1}"
OFFICE_IF="${OFFICE_IF:-eth0}"
CANNON_NET="${CANNON_NET:-198.51.100.0/24}"
BRIDGE_UNIT="${BRIDGE_UNIT:-cannon-bridge.service}"
PORTS=(502 1883)

# elevate only the commands that need it
ELEVATE="${ELEVATE:-$(command -v sudo || command -v doas || true)}"
as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif [ -n "$ELEVATE" ]; then
        "$ELEVATE" "$@"
    else
        echo "need root for: $*" >&2
        return 1
    fi
}

log() { echo "[gw-net] $*"; }

enable_forwarding() {
    local key="net.ipv4.ip_forward"
    as_root sysctl -q -w "$key=1"
    # persist across reboots
    printf '%s = 1\n' "$key" | as_root tee /etc/sysctl.d/60-cannon-gw.conf >/dev/null
    log "forwarding enabled"
}

open_ports() {
    local fw
    fw="$(command -v iptables)"
    for p in "${PORTS[@]}"; do
        if ! as_root "$fw" -C FORWARD -i "$OFFICE_IF" -o "$CANNON_IF" -d "$CANNON_NET" \
                -p tcp --dport "$p" -j ACCEPT 2>/dev/null; then
            as_root "$fw" -A FORWARD -i "$OFFICE_IF" -o "$CANNON_IF" -d "$CANNON_NET" \
                -p tcp --dport "$p" -j ACCEPT
            log "opened tcp/$p to $CANNON_NET"
        fi
    done
    as_root "$fw" -C FORWARD -m state --state ESTABLISHED,RELATED -j ACCEPT 2>/dev/null \
        || as_root "$fw" -A FORWARD -m state --state ESTABLISHED,RELATED -j ACCEPT
    as_root "$fw" -t nat -C POSTROUTING -o "$CANNON_IF" -j MASQUERADE 2>/dev/null \
        || as_root "$fw" -t nat -A POSTROUTING -o "$CANNON_IF" -j MASQUERADE
}

restart_bridge() {
    if as_root systemctl cat "$BRIDGE_UNIT" >/dev/null 2>&1; then
        as_root systemctl restart "$BRIDGE_UNIT"
        log "restarted $BRIDGE_UNIT"
    else
        log "$BRIDGE_UNIT not installed, skipping"
    fi
}

show_state() {
    log "forwarding: $(cat /proc/sys/net/ipv4/ip_forward)"
    as_root iptables -S FORWARD | sed 's/^/  /'
}

usage() {
    echo "usage: $0 [apply|show]"
}

case "${1:-apply}" in
    apply)
        enable_forwarding
        open_ports
        restart_bridge
        show_state
        ;;
    show)
        show_state
        ;;
    *)
        usage
        exit 2
        ;;
esac
