#!/bin/sh
# Site-camera gateway port mapping.
#
# The LTE gateway in the site office has the cameras on an isolated LAN
# (eth1). The time-lapse server in head office pulls RTSP streams through the
# gateway's VPN address, so each camera gets a port on wg0 forwarded to its
# RTSP port. The camera list lives in cameras.csv next to this script:
#
#   name,lan_ip,rtsp_port,public_port
#   crane-north,192.168.50.11,554,8554
#
# usage: site_cam_gateway_nat.sh [apply|remove|status] [cameras.csv]

set -eu

ACTION=${1:-apply}
CAMERAS=${2:-$(dirname "$0")/cameras.csv}
WAN_IF=${WAN_IF:-wg0}
LAN_IF=${LAN_IF:-eth1}
CHAIN=SITECAM
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"

log() { logger -t sitecam-nat "$*" 2>/dev/null || true; echo "sitecam-nat: $*"; }

ipt() { $SUDO iptables -w "$@"; }

ensure_chains() {
    ipt -t nat -N "$CHAIN" 2>/dev/null || true
    ipt -N "$CHAIN" 2>/dev/null || true
    ipt -t nat -C PREROUTING -i "$WAN_IF" -j "$CHAIN" 2>/dev/null \
        || ipt -t nat -A PREROUTING -i "$WAN_IF" -j "$CHAIN"
    ipt -C FORWARD -i "$WAN_IF" -o "$LAN_IF" -j "$CHAIN" 2>/dev/null \
        || ipt -I FORWARD 1 -i "$WAN_IF" -o "$LAN_IF" -j "$CHAIN"
    ipt -t nat -C POSTROUTING -o "$LAN_IF" -j MASQUERADE 2>/dev/null \
        || ipt -t nat -A POSTROUTING -o "$LAN_IF" -j MASQUERADE
}

enable_forwarding() {
    cur=$(cat /proc/sys/net/ipv4/ip_forward)
    if [ "$cur" != 1 ]; then
        log "enabling IPv4 forwarding"
        $SUDO sysctl -q -w net.ipv4.ip_forward=1
    fi
}

map_cameras() {
    ipt -t nat -F "$CHAIN"
    ipt -F "$CHAIN"
    count=0
    tail -n +2 "$CAMERAS" | while IFS=, read -r name ip port pub; do
        [ -n "$name" ] || continue
        case "$name" in \#*) continue ;; esac
        ipt -t nat -A "$CHAIN" -p tcp --dport "$pub" \
            -j DNAT --to-destination "$ip:$port" -m comment --comment "$name"
        ipt -A "$CHAIN" -p tcp -d "$ip" --dport "$port" \
            -m conntrack --ctstate NEW,ESTABLISHED -j ACCEPT -m comment --comment "$name"
        count=$((count + 1))
        log "mapped $name $WAN_IF:$pub -> $ip:$port"
    done
}

remove_mapping() {
    ipt -t nat -D PREROUTING -i "$WAN_IF" -j "$CHAIN" 2>/dev/null || true
    ipt -D FORWARD -i "$WAN_IF" -o "$LAN_IF" -j "$CHAIN" 2>/dev/null || true
    ipt -t nat -F "$CHAIN" 2>/dev/null || true
    ipt -F "$CHAIN" 2>/dev/null || true
    ipt -t nat -X "$CHAIN" 2>/dev/null || true
    ipt -X "$CHAIN" 2>/dev/null || true
    log "camera mappings removed"
}

status() {
    echo "forwarding: $(cat /proc/sys/net/ipv4/ip_forward)"
    ipt -t nat -L "$CHAIN" -n --line-numbers 2>/dev/null || echo "no $CHAIN nat chain"
}

case "$ACTION" in
    apply)
        [ -r "$CAMERAS" ] || { echo "cannot read $CAMERAS" >&2; exit 1; }
        enable_forwarding
        ensure_chains
        map_cameras
        ;;
    remove) remove_mapping ;;
    status) status ;;
    *) echo "usage: $0 [apply|remove|status] [cameras.csv]" >&2; exit 2 ;;
esac
