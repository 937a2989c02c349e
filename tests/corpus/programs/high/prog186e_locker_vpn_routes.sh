#!/usr/bin/env bash
# locker_vpn_routes.sh - on a BoxPoint site gateway, forward traffic from the
# locker bank LAN into the operations VPN tunnel so controllers can reach
# the central booking API.
set -euo pipefail

LAN_IF="${BP_LAN_IF:-eth1}"
VPN_IF="${BP_VPN_IF:-wg0}"
LAN_NET="${BP_LAN_NET:-192.0.2.0/26}"
OPS_NETS=(198.51.100.0/24 203.0.113.0/25)
COMMENT="bp-locker-fwd"

priv() {
    if [[ $EUID -eq 0 ]]; then
        "$@"
    else
        sudo -- "$@"
    fi
}

fw() { priv iptables -w "$@"; }

have_rule() {
    # iptables -C exits non-zero when the rule is absent
    fw -C "$@" 2>/dev/null
}

add_once() {
    local table="$1"; shift
    local chain="$1"; shift
    if have_rule -t "$table" "$chain" "$@"; then
        echo "  present: $table/$chain $*"
    else
        fw -t "$table" -A "$chain" "$@"
        echo "  added:   $table/$chain $*"
    fi
}

enable_forwarding() {
    local key
    key=$(printf 'net.%s.%s' ipv4 ip_forward)
    if [[ "$(sysctl -n "$key")" != "1" ]]; then
        priv sysctl -w "$key=1" >/dev/null
        echo "forwarding enabled"
    fi
}

forward_rules() {
    local net
    for net in "${OPS_NETS[@]}"; do
        add_once filter FORWARD -i "$LAN_IF" -o "$VPN_IF" -s "$LAN_NET" -d "$net" \
            -m comment --comment "$COMMENT" -j ACCEPT
        add_once nat POSTROUTING -o "$VPN_IF" -s "$LAN_NET" -d "$net" \
            -m comment --comment "$COMMENT" -j MASQUERADE
    done
    add_once filter FORWARD -i "$VPN_IF" -o "$LAN_IF" \
        -m conntrack --ctstate ESTABLISHED,RELATED \
        -m comment --comment "$COMMENT" -j ACCEPT
}

show() {
    fw -S FORWARD | grep -- "$COMMENT" || true
    fw -t nat -S POSTROUTING | grep -- "$COMMENT" || true
}

usage() { echo "usage: $0 {apply|show}" >&2; exit 64; }

case "${1:-apply}" in
    apply)
        ip link show "$VPN_IF" >/dev/null 2>&1 || { echo "$VPN_IF not up" >&2; exit 1; }
        enable_forwarding
        forward_rules
        show
        ;;
    show) show ;;
    *) usage ;;
esac
