#!/usr/bin/env bash
# member_wifi_portal.sh - guest/member Wi-Fi sign-in for the studio lounge.
#
# Devices on the lounge access point are sent to the sign-in page (served by
# the booking app on PORTAL_PORT) until a member logs in; the booking app then
# calls "member_wifi_portal.sh allow <mac>" to let that device out.
#
# Usage:
#   member_wifi_portal.sh up            set up forwarding and portal chains
#   member_wifi_portal.sh allow <mac>   let a signed-in device through
#   member_wifi_portal.sh revoke <mac>  remove a device
#   member_wifi_portal.sh down          remove the portal chains
#   member_wifi_portal.sh status

set -euo pipefail

LAN_IF="${LAN_IF:-wlan0}"
WAN_IF="${WAN_IF:-eth0}"
PORTAL_IP="${PORTAL_IP:-10.42.0.1}"
PORTAL_PORT="${PORTAL_PORT:-8080}"
CHAIN="STUDIO_PORTAL"
ALLOWED_FILE="${ALLOWED_FILE:-./portal_allowed.txt}"

if [[ $EUID -ne 0 ]]; then
    exec sudo --preserve-env=LAN_IF,WAN_IF,PORTAL_IP,PORTAL_PORT,ALLOWED_FILE "$0" "$@"
fi

log() { logger -t studio-portal -- "$*"; echo "$*"; }

ipt() { iptables -w 5 "$@"; }

chain_exists() { ipt -t "$1" -nL "$2" >/dev/null 2>&1; }

valid_mac() {
    [[ "$1" =~ ^([0-9a-fA-F]{2}:){5}[0-9a-fA-F]{2}$ ]] || { echo "bad MAC: $1" >&2; exit 1; }
}

portal_up() {
    sysctl -q -w net.ipv4.ip_forward=1

    chain_exists nat "$CHAIN" || ipt -t nat -N "$CHAIN"
    ipt -t nat -F "$CHAIN"
    ipt -t nat -A "$CHAIN" -p tcp --dport 80 -j DNAT --to-destination "${PORTAL_IP}:${PORTAL_PORT}"
    ipt -t nat -C PREROUTING -i "$LAN_IF" -j "$CHAIN" 2>/dev/null \
        || ipt -t nat -A PREROUTING -i "$LAN_IF" -j "$CHAIN"
    ipt -t nat -C POSTROUTING -o "$WAN_IF" -j MASQUERADE 2>/dev/null \
        || ipt -t nat -A POSTROUTING -o "$WAN_IF" -j MASQUERADE

    chain_exists filter "$CHAIN" || ipt -N "$CHAIN"
    ipt -F "$CHAIN"
    ipt -A "$CHAIN" -m conntrack --ctstate RELATED,ESTABLISHED -j ACCEPT
    ipt -A "$CHAIN" -p udp --dport 53 -j ACCEPT
    ipt -A "$CHAIN" -j REJECT --reject-with icmp-admin-prohibited
    ipt -C FORWARD -i "$LAN_IF" -o "$WAN_IF" -j "$CHAIN" 2>/dev/null \
        || ipt -I FORWARD -i "$LAN_IF" -o "$WAN_IF" -j "$CHAIN"

    if [[ -s "$ALLOWED_FILE" ]]; then
        while read -r mac; do
            [[ -n "$mac" ]] && allow_mac "$mac" quiet
        done <"$ALLOWED_FILE"
    fi
    log "portal up on $LAN_IF -> $WAN_IF"
}

allow_mac() {
    local mac="${1,,}"
    valid_mac "$mac"
    ipt -t nat -C "$CHAIN" -m mac --mac-source "$mac" -j RETURN 2>/dev/null \
        || ipt -t nat -I "$CHAIN" 1 -m mac --mac-source "$mac" -j RETURN
    ipt -C "$CHAIN" -m mac --mac-source "$mac" -j ACCEPT 2>/dev/null \
        || ipt -I "$CHAIN" 1 -m mac --mac-source "$mac" -j ACCEPT
    grep -qxF "$mac" "$ALLOWED_FILE" 2>/dev/null || echo "$mac" >>"$ALLOWED_FILE"
    [[ "${2:-}" == quiet ]] || log "allowed $mac"
}

revoke_mac() {
    local mac="${1,,}"
    valid_mac "$mac"
    ipt -t nat -D "$CHAIN" -m mac --mac-source "$mac" -j RETURN 2>/dev/null || true
    ipt -D "$CHAIN" -m mac --mac-source "$mac" -j ACCEPT 2>/dev/null || true
    if [[ -f "$ALLOWED_FILE" ]]; then
        grep -vxF "$mac" "$ALLOWED_FILE" >"${ALLOWED_FILE}.new" || true
        mv "${ALLOWED_FILE}.new" "$ALLOWED_FILE"
    fi
    log "revoked $mac"
}

portal_down() {
    ipt -t nat -D PREROUTING -i "$LAN_IF" -j "$CHAIN" 2>/dev/null || true
    ipt -D FORWARD -i "$LAN_IF" -o "$WAN_IF" -j "$CHAIN" 2>/dev/null || true
    chain_exists nat "$CHAIN" && { ipt -t nat -F "$CHAIN"; ipt -t nat -X "$CHAIN"; }
    chain_exists filter "$CHAIN" && { ipt -F "$CHAIN"; ipt -X "$CHAIN"; }
    log "portal down"
}

case "${1:-}" in
    up) portal_up ;;
    down) portal_down ;;
    allow) allow_mac "${2:?mac required}" ;;
    revoke) revoke_mac "${2:?mac required}" ;;
    status) ipt -t nat -vnL "$CHAIN" 2>/dev/null; ipt -vnL "$CHAIN" 2>/dev/null ;;
    *) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 1 ;;
esac
