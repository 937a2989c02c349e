#!/bin/sh
# hotspot_share.sh - share this laptop's uplink (phone tether, LTE stick)
# with the home LAN while the DSL line is down.
#
# Turns on forwarding, NATs the LAN behind the uplink with nftables and
# hands out leases on the LAN port with a throwaway dnsmasq instance.
#
# usage: hotspot_share.sh up   <uplink-if> <lan-if> [lan-cidr]
#        hotspot_share.sh down <uplink-if> <lan-if>

set -eu

ACTION="${1:-}"
UPLINK="${2:-}"
LAN="${3:-}"
LAN_CIDR="${4:-10.42.0.1/24}"
TABLE="hotspot_share"
STATE_DIR="${XDG_RUNTIME_DIR:-$HOME/.cache}/hotspot_share"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"

say() { echo "hotspot: $*"; }
fail() { echo "hotspot: $*" >&2; exit 1; }

[ -n "$ACTION" ] && [ -n "$UPLINK" ] && [ -n "$LAN" ] || { sed -n '2,10p' "$0"; exit 1; }
ip link show "$UPLINK" >/dev/null 2>&1 || fail "no interface $UPLINK"
ip link show "$LAN" >/dev/null 2>&1 || fail "no interface $LAN"
command -v nft >/dev/null 2>&1 || fail "nft not found"

lan_net() {
    # 10.42.0.1/24 -> 10.42.0.0/24 (only /24 supported, like NM's shared mode)
    echo "$LAN_CIDR" | awk -F'[./]' '{ printf "%s.%s.%s.0/%s", $1, $2, $3, $5 }'
}

set_forwarding() {
    echo "$1" | $SUDO tee /proc/sys/net/ipv4/ip_forward >/dev/null
}

nat_up() {
    net="$(lan_net)"
    $SUDO nft -f - <<EOF
table ip $TABLE {
    chain postrouting {
        type nat hook postrouting priority srcnat; policy accept;
        ip saddr $net oifname "$UPLINK" masquerade
    }
    chain forward {
        type filter hook forward priority filter; policy accept;
        iifname "$LAN" oifname "$UPLINK" accept
        iifname "$UPLINK" oifname "$LAN" ct state established,related accept
        iifname "$UPLINK" oifname "$LAN" drop
    }
}
EOF
}

dhcp_up() {
    base="$(echo "$LAN_CIDR" | cut -d. -f1-3)"
    mkdir -p "$STATE_DIR"
    $SUDO dnsmasq --interface="$LAN" --bind-interfaces --except-interface=lo \
        --dhcp-range="$base.50,$base.150,12h" \
        --dhcp-option=option:router,"${LAN_CIDR%/*}" \
        --dhcp-leasefile="$STATE_DIR/leases" \
        --pid-file="$STATE_DIR/dnsmasq.pid"
}

up() {
    old="$(cat /proc/sys/net/ipv4/ip_forward)"
    mkdir -p "$STATE_DIR"
    echo "$old" > "$STATE_DIR/ip_forward.orig"
    say "addressing $LAN as $LAN_CIDR"
    $SUDO ip addr replace "$LAN_CIDR" dev "$LAN"
    $SUDO ip link set "$LAN" up
    set_forwarding 1
    nat_up
    dhcp_up
    say "sharing $UPLINK with $(lan_net) on $LAN"
}

down() {
    if [ -f "$STATE_DIR/dnsmasq.pid" ]; then
        $SUDO kill "$(cat "$STATE_DIR/dnsmasq.pid")" 2>/dev/null || true
        rm -f "$STATE_DIR/dnsmasq.pid"
    fi
    $SUDO nft delete table ip "$TABLE" 2>/dev/null || true
    set_forwarding "$(cat "$STATE_DIR/ip_forward.orig" 2>/dev/null || echo 0)"
    $SUDO ip addr flush dev "$LAN"
    say "sharing stopped"
}

case "$ACTION" in
    up) up ;;
    down) down ;;
    *) fail "action must be up or down" ;;
esac
