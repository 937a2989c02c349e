#!/usr/bin/env bash
# bandroom_hotspot_share.sh - share the laptop's connection with the band's tablets
#
# The band room has no Wi-Fi, but the players read their parts from tablets
# that sync with the online library. This brings up a Wi-Fi hotspot on the
# laptop and shares its phone-tether / ethernet uplink with it.
#
#   ./bandroom_hotspot_share.sh start [uplink-iface]
#   ./bandroom_hotspot_share.sh stop
#   ./bandroom_hotspot_share.sh status
#
# Hotspot name and password come from hotspot.conf (SSID=, PSK=).

set -euo pipefail

CONF="${HOTSPOT_CONF:-./hotspot.conf}"
STATE=".hotspot_state"
CON_NAME="bandroom-hotspot"

die() { echo "error: $*" >&2; exit 1; }
note() { echo "-- $*"; }

load_conf() {
    [[ -f "$CONF" ]] || die "create $CONF with SSID= and PSK= lines"
    # shellcheck source=/dev/null
    . "$CONF"
    [[ -n "${SSID:-}" && ${#PSK} -ge 8 ]] || die "SSID missing or PSK shorter than 8 characters"
}

wifi_iface() {
    nmcli -t -f DEVICE,TYPE device | awk -F: '$2=="wifi"{print $1; exit}'
}

default_uplink() {
    ip route show default | awk '{print $5; exit}'
}

nat_rules() {
    # prints the rule specs, one per line, for the given uplink/wifi pair
    local up="$1" wl="$2"
    cat <<EOF
-t nat POSTROUTING -o $up -j MASQUERADE
-t filter FORWARD -i $wl -o $up -j ACCEPT
-t filter FORWARD -i $up -o $wl -m state --state RELATED,ESTABLISHED -j ACCEPT
EOF
}

apply_rules() {
    local action="$1" up="$2" wl="$3" table chain rest
    while read -r _ table chain rest; do
        if [[ "$action" == "-A" ]]; then
            sudo iptables -t "$table" -C "$chain" $rest 2>/dev/null || sudo iptables -t "$table" -A "$chain" $rest
        else
            sudo iptables -t "$table" -D "$chain" $rest 2>/dev/null || true
        fi
    done < <(nat_rules "$up" "$wl")
}

start() {
    load_conf
    local wl up prev
    wl="$(wifi_iface)"; [[ -n "$wl" ]] || die "no Wi-Fi adapter found"
    up="${1:-$(default_uplink)}"; [[ -n "$up" ]] || die "no uplink; plug in the phone or ethernet first"
    [[ "$up" != "$wl" ]] || die "uplink is the Wi-Fi adapter; tether by USB or cable instead"

    note "starting hotspot '$SSID' on $wl"
    nmcli device wifi hotspot ifname "$wl" con-name "$CON_NAME" ssid "$SSID" password "$PSK" >/dev/null
    nmcli connection modify "$CON_NAME" ipv4.method shared 2>/dev/null || true

    prev="$(sysctl -n net.ipv4.ip_forward)"
    sudo sysctl -q -w net.ipv4.ip_forward=1
    apply_rules -A "$up" "$wl"
    printf 'UP=%s\nWL=%s\nPREV_FWD=%s\n' "$up" "$wl" "$prev" > "$STATE"
    note "sharing $up with tablets on $wl"
}

stop() {
    [[ -f "$STATE" ]] || { note "hotspot not running"; return; }
    # shellcheck source=/dev/null
    . "$STATE"
    apply_rules -D "$UP" "$WL"
    sudo sysctl -q -w net.ipv4.ip_forward="${PREV_FWD:-0}"
    nmcli connection down "$CON_NAME" >/dev/null 2>&1 || true
    rm -f "$STATE"
    note "hotspot stopped, forwarding restored to ${PREV_FWD:-0}"
}

status() {
    if [[ -f "$STATE" ]]; then
        # shellcheck source=/dev/null
        . "$STATE"
        note "hotspot on $WL sharing $UP"
        nmcli -t -f DEVICE,STATE device | grep "^$WL:" || true
        sudo iptables -t nat -S POSTROUTING | grep -- "-o $UP" || true
    else
        note "hotspot not running"
    fi
}

case "${1:-}" in
    start) shift; start "$@" ;;
    stop) stop ;;
    status) status ;;
    *) sed -n '2,12p' "$0"; exit 2 ;;
esac
