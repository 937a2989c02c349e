#!/usr/bin/env bash
# telemetry_link_tuning.sh - prepare a ground-station laptop for the MAVLink
# telemetry radio bridge.
#
# The long-range link delivers bursts of MAVLink over UDP 14550/14551 from
# the radio's Ethernet bridge. Stock Ubuntu socket buffers drop packets when
# QGroundControl and the logging proxy both listen, so we enlarge them and
# open the ports from the radio subnet.
#
# Usage: telemetry_link_tuning.sh [--persist] [--subnet 192.168.144.0/24]

set -euo pipefail

SUBNET="192.168.144.0/24"
PORTS=(14550 14551)
PERSIST=0
RMEM=8388608
SYSCTL_FILE=/etc/sysctl.d/90-mavlink-telemetry.conf

usage() { sed -n '2,11p' "$0"; }

while (( $# )); do
  case "$1" in
    --persist) PERSIST=1 ;;
    --subnet) SUBNET="$2"; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "unknown option $1" >&2; usage; exit 2 ;;
  esac
  shift
done

as_root() {
  if [[ $EUID -eq 0 ]]; then "$@"; else sudo -- "$@"; fi
}

current() { sysctl -n "$1" 2>/dev/null || echo 0; }

tune_buffers() {
  local key
  for key in net.core.rmem_max net.core.rmem_default; do
    if (( $(current "$key") < RMEM )); then
      as_root sysctl -q -w "$key=$RMEM"
      echo "set $key=$RMEM"
    else
      echo "$key already $(current "$key")"
    fi
  done
  if (( PERSIST )); then
    printf 'net.core.rmem_max = %s\nnet.core.rmem_default = %s\n' "$RMEM" "$RMEM" \
      | as_root tee "$SYSCTL_FILE" >/dev/null
    echo "persisted to $SYSCTL_FILE"
  fi
}

open_ports() {
  local p
  for p in "${PORTS[@]}"; do
    if as_root iptables -C INPUT -p udp -s "$SUBNET" --dport "$p" -j ACCEPT 2>/dev/null; then
      echo "udp/$p already open for $SUBNET"
    else
      as_root iptables -I INPUT -p udp -s "$SUBNET" --dport "$p" -j ACCEPT
      echo "opened udp/$p for $SUBNET"
    fi
  done
}

check_radio() {
  local gw="${SUBNET%.*}.1"
  if ping -c1 -W2 "$gw" >/dev/null 2>&1; then
    echo "radio bridge $gw reachable"
  else
    echo "warning: radio bridge $gw not answering - is the Ethernet cable in?" >&2
  fi
}

tune_buffers
open_ports
check_radio
echo "ground station ready: point QGC at udp://0.0.0.0:${PORTS[0]}"
