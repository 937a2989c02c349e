#!/bin/sh
# hall_guest_wifi_rules.sh - keep hirers' devices off the office network
#
# The community hall router is a small Debian box. Guests and hirers get
# the "Hall-Guest" SSID on wlan1 (192.168.50.0/24); the office PCs, the till
# and the booth are on eth1 (192.168.10.0/24). This installs a dedicated
# forwarding chain so guests reach the internet but nothing on the office
# side, plus a per-client rate limit so one hirer's uploads don't ruin the
# Sunday stream.
#
#   hall_guest_wifi_rules.sh [up|down|status] [-c rules.conf]

set -eu

ACTION="${1:-up}"
[ $# -gt 0 ] && shift
CONF="./hall_net.conf"
while getopts "c:" o; do
  case "$o" in
    c) CONF="$OPTARG" ;;
    *) exit 1 ;;
  esac
done

# defaults, overridable in the conf file
GUEST_IF=wlan1
GUEST_NET=192.168.50.0/24
OFFICE_NET=192.168.10.0/24
WAN_IF=eth0
PER_CLIENT_PPS=400
DNS_SERVERS="192.168.50.1"
# shellcheck disable=SC1090
[ -f "$CONF" ] && . "$CONF"

CHAIN=HALL_GUEST
IPT="iptables -w 5"
if [ "$(id -u)" -ne 0 ]; then
  IPT="sudo $IPT"
fi

msg() { logger -t hall-guest "$*" 2>/dev/null || true; echo "$*"; }

chain_exists() { $IPT -L "$CHAIN" -n >/dev/null 2>&1; }

hook_in() {
  $IPT -C FORWARD -i "$GUEST_IF" -j "$CHAIN" 2>/dev/null \
    || $IPT -I FORWARD 1 -i "$GUEST_IF" -j "$CHAIN"
}

hook_out() {
  while $IPT -C FORWARD -i "$GUEST_IF" -j "$CHAIN" 2>/dev/null; do
    $IPT -D FORWARD -i "$GUEST_IF" -j "$CHAIN"
  done
}

build_chain() {
  chain_exists || $IPT -N "$CHAIN"
  $IPT -F "$CHAIN"
  $IPT -A "$CHAIN" -m conntrack --ctstate ESTABLISHED,RELATED -j RETURN
  $IPT -A "$CHAIN" -d "$OFFICE_NET" -j REJECT --reject-with icmp-net-prohibited
  for dns in $DNS_SERVERS; do
    $IPT -A "$CHAIN" -p udp --dport 53 -d "$dns" -j RETURN
  done
  $IPT -A "$CHAIN" -p udp --dport 53 -j REJECT
  $IPT -A "$CHAIN" -m hashlimit --hashlimit-name hallguest \
       --hashlimit-mode srcip --hashlimit-above "${PER_CLIENT_PPS}/second" \
       --hashlimit-burst $((PER_CLIENT_PPS * 2)) -j DROP
  $IPT -A "$CHAIN" -s "$GUEST_NET" -o "$WAN_IF" -j RETURN
  $IPT -A "$CHAIN" -j REJECT
}

case "$ACTION" in
  up)
    build_chain
    hook_in
    if ! $IPT -t nat -C POSTROUTING -s "$GUEST_NET" -o "$WAN_IF" -j MASQUERADE 2>/dev/null; then
      $IPT -t nat -A POSTROUTING -s "$GUEST_NET" -o "$WAN_IF" -j MASQUERADE
    fi
    msg "guest isolation active on $GUEST_IF ($GUEST_NET -> $WAN_IF only)"
    ;;
  down)
    hook_out
    if chain_exists; then
      $IPT -F "$CHAIN"
      $IPT -X "$CHAIN"
    fi
    $IPT -t nat -D POSTROUTING -s "$GUEST_NET" -o "$WAN_IF" -j MASQUERADE 2>/dev/null || true
    msg "guest isolation removed from $GUEST_IF"
    ;;
  status)
    $IPT -L "$CHAIN" -n -v --line-numbers 2>/dev/null || echo "chain $CHAIN not installed"
    ;;
  *)
    echo "usage: $0 [up|down|status] [-c conf]" >&2
    exit 1
    ;;
esac
