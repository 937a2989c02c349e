#!/bin/sh
# Forward the paddock camera streams from the farm router box to the NVR,
# so the guides' viewing screen in the tack room can reach them.
# Usage: ./prog165b_camera_port_forward.sh [apply|remove|status]

set -eu

WAN_IF="${WAN_IF:-eth0}"
LAN_IF="${LAN_IF:-eth1}"
NVR_ADDR="${NVR_ADDR:-192.0.2.40}"
VIEWER_NET="${VIEWER_NET:-192.0.2.0/24}"
RTSP_PORT=554
WEB_PORT=8000
CHAIN="BARNCAM"

info() {
    echo "[cam-forward] $*"
}

run_priv() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo "$@"
    fi
}

enable_forwarding() {
    current="$(sysctl -n net.ipv4.ip_forward)"
    if [ "$current" != "1" ]; then
        run_priv sysctl -w net.ipv4.ip_forward=1 >/dev/null
        info "ip forwarding enabled"
    fi
}

ensure_chain() {
    if ! run_priv iptables -t nat -L "$CHAIN" >/dev/null 2>&1; then
        run_priv iptables -t nat -N "$CHAIN"
        run_priv iptables -t nat -A PREROUTING -i "$LAN_IF" -j "$CHAIN"
    fi
}

add_rules() {
    for port in $RTSP_PORT $WEB_PORT; do
        run_priv iptables -t nat -A "$CHAIN" -s "$VIEWER_NET" -p tcp \
            --dport "$port" -j DNAT --to-destination "$NVR_ADDR:$port"
        run_priv iptables -A FORWARD -i "$LAN_IF" -s "$VIEWER_NET" -d "$NVR_ADDR" \
            -p tcp --dport "$port" -j ACCEPT
    done
    run_priv iptables -t nat -A POSTROUTING -o "$LAN_IF" -d "$NVR_ADDR" -j MASQUERADE
    info "forwarding $RTSP_PORT,$WEB_PORT to $NVR_ADDR for $VIEWER_NET"
}

remove_rules() {
    if run_priv iptables -t nat -L "$CHAIN" >/dev/null 2>&1; then
        run_priv iptables -t nat -F "$CHAIN"
        run_priv iptables -t nat -D PREROUTING -i "$LAN_IF" -j "$CHAIN" || true
        run_priv iptables -t nat -X "$CHAIN"
    fi
    for port in $RTSP_PORT $WEB_PORT; do
        run_priv iptables -D FORWARD -i "$LAN_IF" -s "$VIEWER_NET" -d "$NVR_ADDR" \
            -p tcp --dport "$port" -j ACCEPT 2>/dev/null || true
    done
    run_priv iptables -t nat -D POSTROUTING -o "$LAN_IF" -d "$NVR_ADDR" -j MASQUERADE 2>/dev/null || true
    info "camera forwarding removed"
}

show_status() {
    info "ip_forward=$(sysctl -n net.ipv4.ip_forward)"
    run_priv iptables -t nat -L "$CHAIN" -n --line-numbers 2>/dev/null || info "no $CHAIN chain"
}

case "${1:-apply}" in
    apply)
        enable_forwarding
        remove_rules
        ensure_chain
        add_rules
        ;;
    remove)
        remove_rules
        ;;
    status)
        show_status
        ;;
    *)
        echo "usage: $0 [apply|remove|status]" >&2
        exit 2
        ;;
esac
