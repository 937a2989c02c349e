#!/bin/sh
# van_hotspot_setup.sh - share the van laptop's 4G modem with the crew tablets
#
# The crew tablets are wifi-only.  This turns the laptop's wifi card into an
# access point and routes tablet traffic out through the 4G modem (wwan0) so
# the quoting and photo apps work on site.
#
#   sudo ./van_hotspot_setup.sh [-s SSID] [-k passphrase] [-w wwan0] [-l wlan0]
#   sudo ./van_hotspot_setup.sh -d      # take it down again
set -eu

SSID="DSW-Van-$(hostname -s)"
PSK=""
WAN=wwan0
LAN=wlan0
SUBNET=10.42.7.0/24
DOWN=0
SYSCTL_DROPIN=/etc/sysctl.d/90-van-hotspot.conf

say() { echo "hotspot: $*"; }

while getopts 's:k:w:l:dh' opt; do
    case $opt in
        s) SSID=$OPTARG ;;
        k) PSK=$OPTARG ;;
        w) WAN=$OPTARG ;;
        l) LAN=$OPTARG ;;
        d) DOWN=1 ;;
        *) sed -n '2,10p' "$0"; exit 2 ;;
    esac
done

if [ "$(id -u)" -ne 0 ]; then
    exec sudo -E "$0" "$@"
fi

rule() {
    # add an iptables rule only if it is not already present
    table=$1; shift
    iptables -t "$table" -C "$@" 2>/dev/null || iptables -t "$table" -A "$@"
}

unrule() {
    table=$1; shift
    while iptables -t "$table" -C "$@" 2>/dev/null; do
        iptables -t "$table" -D "$@"
    done
}

up() {
    ip link show "$WAN" >/dev/null 2>&1 || { say "no $WAN interface"; exit 1; }
    if [ -z "$PSK" ]; then
        PSK=$(head -c 12 /dev/urandom | base64 | tr -dc 'A-Za-z0-9' | cut -c1-14)
        say "generated passphrase: $PSK"
    fi

    say "starting access point $SSID on $LAN"
    nmcli con delete van-hotspot >/dev/null 2>&1 || true
    nmcli con add type wifi ifname "$LAN" con-name van-hotspot autoconnect no ssid "$SSID" \
        802-11-wireless.mode ap 802-11-wireless.band bg \
        ipv4.method manual ipv4.addresses "${SUBNET%.0/24}.1/24" \
        wifi-sec.key-mgmt wpa-psk wifi-sec.psk "$PSK" >/dev/null
    nmcli con up van-hotspot >/dev/null

    say "enabling forwarding"
    sysctl -q -w net.ipv4.ip_forward=1
    printf 'net.ipv4.ip_forward = 1\n' > "$SYSCTL_DROPIN"

    rule nat POSTROUTING -s "$SUBNET" -o "$WAN" -j MASQUERADE
    rule filter FORWARD -i "$LAN" -o "$WAN" -s "$SUBNET" -j ACCEPT
    rule filter FORWARD -i "$WAN" -o "$LAN" -m conntrack --ctstate RELATED,ESTABLISHED -j ACCEPT
    say "tablets on $SSID now route via $WAN"
}

down() {
    unrule nat POSTROUTING -s "$SUBNET" -o "$WAN" -j MASQUERADE
    unrule filter FORWARD -i "$LAN" -o "$WAN" -s "$SUBNET" -j ACCEPT
    unrule filter FORWARD -i "$WAN" -o "$LAN" -m conntrack --ctstate RELATED,ESTABLISHED -j ACCEPT
    nmcli con down van-hotspot >/dev/null 2>&1 || true
    rm -f "$SYSCTL_DROPIN"
    sysctl -q -w net.ipv4.ip_forward=0
    say "hotspot down"
}

if [ "$DOWN" -eq 1 ]; then down; else up; fi
