#!/usr/bin/env bash
# exhibition_throttle_hotspot.sh - bring up the throttle Wi-Fi at a show
#
# Exhibition halls rarely have usable Wi-Fi, so the layout laptop runs its
# own access point for members' phones (Engine Driver / WiThrottle).  The
# command station sits on wired ethernet; the laptop routes between them.
#
# Usage: ./exhibition_throttle_hotspot.sh up|down [wifi-if] [wired-if]

set -euo pipefail

ACTION="${1:-up}"
WIFI_IF="${2:-wlan0}"
WIRED_IF="${3:-eth0}"
AP_NET="10.42.7"
SSID="${SSID:-ClubLayout-Throttles}"
CONF_DIR="./hotspot-conf"

PRIV=$(command -v doas || command -v sudo || true)

info() { echo "[hotspot] $*"; }
die()  { echo "[hotspot] error: $*" >&2; exit 1; }

priv() {
    [ -n "$PRIV" ] || die "need sudo or doas"
    "$PRIV" "$@"
}

write_configs() {
    mkdir -p "$CONF_DIR"
    cat > "$CONF_DIR/hostapd.conf" <<EOF
interface=$WIFI_IF
ssid=$SSID
hw_mode=g
channel=6
wpa=2
wpa_passphrase=${WPA_PASS:?set WPA_PASS}
wpa_key_mgmt=WPA-PSK
EOF
    chmod 600 "$CONF_DIR/hostapd.conf"
    cat > "$CONF_DIR/dnsmasq.conf" <<EOF
interface=$WIFI_IF
dhcp-range=$AP_NET.50,$AP_NET.150,12h
EOF
}

routing() {
    local state="$1" knob
    knob="net.ipv4.$(printf '%s_%s' ip forward)"
    priv sysctl -w "$knob=$state" >/dev/null
    info "ip forwarding = $state"
}

nat_rules() {
    local op="$1"
    local ipt=(priv iptables)
    "${ipt[@]}" -t nat "$op" POSTROUTING -s "$AP_NET.0/24" -o "$WIRED_IF" -j MASQUERADE
    "${ipt[@]}" "$op" FORWARD -i "$WIFI_IF" -o "$WIRED_IF" -j ACCEPT
    "${ipt[@]}" "$op" FORWARD -i "$WIRED_IF" -o "$WIFI_IF" -m state --state RELATED,ESTABLISHED -j ACCEPT
}

bring_up() {
    write_configs
    priv ip addr replace "$AP_NET.1/24" dev "$WIFI_IF"
    priv ip link set "$WIFI_IF" up
    # NetworkManager fights hostapd for the interface
    priv systemctl stop NetworkManager || true
    priv hostapd -B "$CONF_DIR/hostapd.conf"
    priv dnsmasq -C "$CONF_DIR/dnsmasq.conf" --pid-file="$CONF_DIR/dnsmasq.pid"
    routing 1
    nat_rules -A
    info "hotspot '$SSID' up on $WIFI_IF"
}

bring_down() {
    nat_rules -D || true
    routing 0
    [ -f "$CONF_DIR/dnsmasq.pid" ] && priv kill "$(cat "$CONF_DIR/dnsmasq.pid")" || true
    priv pkill -x hostapd || true
    priv ip addr flush dev "$WIFI_IF"
    priv systemctl start NetworkManager
    info "hotspot down"
}

case "$ACTION" in
    up)   bring_up ;;
    down) bring_down ;;
    *)    die "usage: $0 up|down [wifi-if] [wired-if]" ;;
esac
