#!/usr/bin/env bash
# camera_vlan_route.sh - let the office PC reach the grow-room cameras.
# The cameras sit on their own VLAN (192.0.2.0/24) behind the controller
# PC; this enables forwarding on that PC and adds narrow rules so only the
# office subnet can reach the camera web UIs and RTSP streams.
set -euo pipefail

CAM_NET="${CAM_NET:-192.0.2.0/24}"
OFFICE_NET="${OFFICE_NET:-198.51.100.0/25}"
CAM_IF="${CAM_IF:-enp3s0}"
OFFICE_IF="${OFFICE_IF:-enp2s0}"
PORTS=(80 443 554)
ACTION="${1:-apply}"

msg() { echo "[cam-route] $*"; }

run() {
    if [ "$(id -u)" -ne 0 ]; then
        sudo "$@"
    else
        "$@"
    fi
}

rule() {
    # $1 = -A | -D ; rest = rule spec
    local op="$1"; shift
    if [ "$op" = "-A" ] && run iptables -C "$@" 2>/dev/null; then
        return 0
    fi
    run iptables "$op" "$@" 2>/dev/null || true
}

apply_rules() {
    local op="$1" p
    for p in "${PORTS[@]}"; do
        rule "$op" FORWARD -i "$OFFICE_IF" -o "$CAM_IF" -s "$OFFICE_NET" -d "$CAM_NET" \
            -p tcp --dport "$p" -m conntrack --ctstate NEW -j ACCEPT
    done
    rule "$op" FORWARD -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT
    rule "$op" POSTROUTING -t nat -o "$CAM_IF" -s "$OFFICE_NET" -j MASQUERADE
}

enable_forwarding() {
    run sysctl -w net.ipv4.ip_forward=1 >/dev/null
    msg "forwarding enabled"
}

disable_forwarding() {
    run sysctl -w net.ipv4.ip_forward=0 >/dev/null
    msg "forwarding disabled"
}

status() {
    sysctl net.ipv4.ip_forward
    run iptables -S FORWARD | grep -E "$(echo "$CAM_NET" | cut -d/ -f1)" || msg "no camera rules"
}

case "$ACTION" in
    apply)
        enable_forwarding
        apply_rules -A
        msg "camera VLAN $CAM_NET reachable from $OFFICE_NET on ports ${PORTS[*]}"
        ;;
    remove)
        apply_rules -D
        disable_forwarding
        msg "camera routing removed"
        ;;
    status)
        status
        ;;
    *)
        echo "usage: $0 [apply|remove|status]" >&2
        exit 2
        ;;
esac
