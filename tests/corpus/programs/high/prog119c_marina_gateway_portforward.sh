#!/bin/sh
# marina_gateway_portforward.sh - route boat telemetry through the pontoon gateway
#
# The gateway Pi sits between the marina Wi-Fi (wlan0) and the office LAN
# (eth0). Telemetry units on the boats publish MQTT to the gateway; this
# script lets that traffic in and forwards it on to the broker box in the
# office, leaving the rest of the host's filtering as it is.
#
# Usage: ./marina_gateway_portforward.sh BROKER_IP [WIFI_IF] [LAN_IF]
set -e

BROKER="${1:-}"
WIFI_IF="${2:-wlan0}"
LAN_IF="${3:-eth0}"
PORTS="1883 8883"
COMMENT="boat-telemetry"
LOGFILE=./gateway-forward.log

[ -n "$BROKER" ] || { echo "usage: $0 BROKER_IP [WIFI_IF] [LAN_IF]" >&2; exit 2; }

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
IPT="$SUDO iptables"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOGFILE"; }

rule_present() {
  # $1 = table, rest = rule spec
  table="$1"; shift
  $IPT -t "$table" -C "$@" 2>/dev/null
}

add_rule() {
  table="$1"; shift
  if rule_present "$table" "$@"; then
    log "already present: $table $*"
  else
    $IPT -t "$table" -A "$@"
    log "added: $table $*"
  fi
}

enable_forwarding() {
  current=$(cat /proc/sys/net/ipv4/ip_forward)
  if [ "$current" != "1" ]; then
    log "enabling IPv4 forwarding"
    $SUDO sysctl -w net.ipv4.ip_forward=1 >/dev/null
  fi
}

forward_ports() {
  for port in $PORTS; do
    add_rule filter INPUT -i "$WIFI_IF" -p tcp --dport "$port" \
      -m comment --comment "$COMMENT" -j ACCEPT
    add_rule nat PREROUTING -i "$WIFI_IF" -p tcp --dport "$port" \
      -m comment --comment "$COMMENT" -j DNAT --to-destination "$BROKER:$port"
    add_rule filter FORWARD -i "$WIFI_IF" -o "$LAN_IF" -p tcp -d "$BROKER" --dport "$port" \
      -m comment --comment "$COMMENT" -j ACCEPT
  done
  add_rule filter FORWARD -i "$LAN_IF" -o "$WIFI_IF" \
    -m state --state ESTABLISHED,RELATED -m comment --comment "$COMMENT" -j ACCEPT
  add_rule nat POSTROUTING -o "$LAN_IF" -d "$BROKER" \
    -m comment --comment "$COMMENT" -j MASQUERADE
}

check_broker() {
  if command -v nc >/dev/null 2>&1 && nc -z -w 3 "$BROKER" 1883; then
    log "broker $BROKER reachable on 1883"
  else
    log "warning: broker $BROKER not answering on 1883"
  fi
}

log "forwarding $PORTS from $WIFI_IF to $BROKER via $LAN_IF"
check_broker
enable_forwarding
forward_ports
$IPT -t nat -S | grep -c "$COMMENT" | xargs -I{} echo "{} nat rules tagged $COMMENT"
log "done"
