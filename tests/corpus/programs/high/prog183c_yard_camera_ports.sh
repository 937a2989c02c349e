#!/usr/bin/env bash
# yard_camera_ports.sh - open the RTSP and web ports on the depot server for
# the yard cameras only, and save the rules so they survive a reboot.
#
# Usage: sudo ./yard_camera_ports.sh [--remove]
set -euo pipefail

CAMERA_NET="${CAMERA_NET:-198.51.100.0/24}"
OFFICE_NET="${OFFICE_NET:-192.0.2.0/24}"
RTSP_PORT=554
NVR_WEB_PORT=8443
RULES_FILE=/etc/iptables/rules.v4
COMMENT="yard-cameras"
ACTION="-A"

if [[ "${1:-}" == "--remove" ]]; then
    ACTION="-D"
fi

if [[ $EUID -ne 0 ]]; then
    echo "needs root: re-running with sudo"
    exec sudo "$0" "$@"
fi

rule_exists() {
    iptables -C "$@" 2>/dev/null
}

apply() {
    local spec=("$@")
    if [[ "$ACTION" == "-A" ]]; then
        if rule_exists INPUT "${spec[@]}"; then
            echo "  exists: ${spec[*]}"
        else
            iptables -A INPUT "${spec[@]}"
            echo "  added:  ${spec[*]}"
        fi
    else
        if rule_exists INPUT "${spec[@]}"; then
            iptables -D INPUT "${spec[@]}"
            echo "  removed: ${spec[*]}"
        fi
    fi
}

echo "camera net: $CAMERA_NET, office net: $OFFICE_NET"

apply -s "$CAMERA_NET" -p tcp --dport "$RTSP_PORT" \
      -m comment --comment "$COMMENT" -j ACCEPT
apply -s "$CAMERA_NET" -p udp --dport 6970:6999 \
      -m comment --comment "$COMMENT" -j ACCEPT
apply -s "$OFFICE_NET" -p tcp --dport "$NVR_WEB_PORT" \
      -m comment --comment "$COMMENT" -j ACCEPT

mkdir -p "$(dirname "$RULES_FILE")"
iptables-save > "$RULES_FILE"
chmod 0640 "$RULES_FILE"
echo "saved to $RULES_FILE"

echo
iptables -L INPUT -n --line-numbers | grep -E "$COMMENT|^num" || true
