#!/bin/bash
# truck_hotspot_setup.sh - share the truck laptop's LTE modem with the crew's
# handhelds over the in-cab Wi-Fi so they can sync work orders and outage
# reports from the field.
#
# Reads settings from /etc/default/truck-hotspot or ./truck-hotspot.conf:
#   WAN_IF=wwan0  LAN_IF=wlan0  LAN_CIDR=10.42.7.1/24  DHCP_RANGE=10.42.7.50,10.42.7.99
set -eu

CONF_CANDIDATES="/etc/default/truck-hotspot ./truck-hotspot.conf"
WAN_IF=wwan0
LAN_IF=wlan0
LAN_CIDR=10.42.7.1/24
DHCP_RANGE=10.42.7.50,10.42.7.99
DNSMASQ_SNIPPET=/etc/dnsmasq.d/truck-hotspot.conf

log() { logger -t truck-hotspot "$*" 2>/dev/null || true; echo "truck-hotspot: $*"; }

for c in $CONF_CANDIDATES; do
    if [ -r "$c" ]; then
        # shellcheck disable=SC1090
        . "$c"
        log "settings from $c"
        break
    fi
done

if [ "$(id -u)" -ne 0 ]; then
    log "re-running with elevated rights"
    exec sudo -E "$0" "$@"
fi

ip link show "$WAN_IF" >/dev/null 2>&1 || { log "no WAN interface $WAN_IF"; exit 1; }
ip link show "$LAN_IF" >/dev/null 2>&1 || { log "no LAN interface $LAN_IF"; exit 1; }

configure_lan() {
    if ! ip -4 addr show dev "$LAN_IF" | grep -q "${LAN_CIDR%/*}"; then
        ip addr add "$LAN_CIDR" dev "$LAN_IF"
    fi
    ip link set "$LAN_IF" up
}

enable_forwarding() {
    current=$(cat /proc/sys/net/ipv4/ip_forward)
    if [ "$current" != "1" ]; then
        sysctl -q -w net.ipv4.ip_forward=1
        log "ip forwarding enabled"
    fi
}

rule() {
    # add an iptables rule only if it is not there yet
    table=$1; shift
    if ! iptables -t "$table" -C "$@" 2>/dev/null; then
        iptables -t "$table" -A "$@"
    fi
}

configure_nat() {
    subnet=$(ip -4 route show dev "$LAN_IF" proto kernel | awk '{print $1; exit}')
    rule nat POSTROUTING -s "$subnet" -o "$WAN_IF" -j MASQUERADE
    rule filter FORWARD -i "$LAN_IF" -o "$WAN_IF" -s "$subnet" -j ACCEPT
    rule filter FORWARD -i "$WAN_IF" -o "$LAN_IF" -d "$subnet" \
        -m conntrack --ctstate RELATED,ESTABLISHED -j ACCEPT
    log "NAT $subnet -> $WAN_IF"
}

configure_dhcp() {
    cat > "$DNSMASQ_SNIPPET" <<EOF
# managed by truck_hotspot_setup.sh
interface=$LAN_IF
bind-interfaces
dhcp-range=$DHCP_RANGE,12h
dhcp-option=option:router,${LAN_CIDR%/*}
EOF
    systemctl restart dnsmasq
    log "dnsmasq serving $DHCP_RANGE on $LAN_IF"
}

configure_lan
enable_forwarding
configure_nat
configure_dhcp
log "hotspot ready"
