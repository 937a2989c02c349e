#!/usr/bin/env bash
# Relay the crusher / conveyor PLCs' Modbus-TCP to the SCADA VLAN.
# The PLCs sit on an isolated 10.40.x plant network behind this box;
# each line of plc_map.conf is "<listen_port> <plc_ip> [<plc_port>]".
# Listen ports must be above 1024 (runs as the scada user).
#
# usage: plc_modbus_gateway_relay.sh up|down|status [plc_map.conf]

set -euo pipefail

ACTION="${1:-status}"
MAP_FILE="${2:-plc_map.conf}"
LISTEN_ADDR="${LISTEN_ADDR:-0.0.0.0}"
RUN_DIR="/tmp/plc-modbus-relay"

log() { logger -t plc-gw "$*" 2>/dev/null || true; echo "plc-gw: $*"; }

read_map() {
  [[ -r "$MAP_FILE" ]] || { log "cannot read $MAP_FILE"; exit 1; }
  grep -Ev '^\s*(#|$)' "$MAP_FILE"
}

pidfile_for() { echo "${RUN_DIR}/relay_$1.pid"; }

is_running() {
  local pf
  pf=$(pidfile_for "$1")
  [[ -f "$pf" ]] && kill -0 "$(cat "$pf")" 2>/dev/null
}

up() {
  command -v socat >/dev/null || { log "socat not installed"; exit 1; }
  mkdir -p "$RUN_DIR"
  local n=0
  while read -r lport plc_ip plc_port; do
    plc_port="${plc_port:-502}"
    if (( lport <= 1024 )); then
      log "skipping privileged port $lport"
      continue
    fi
    if is_running "$lport"; then
      log "port $lport already relayed"
      continue
    fi
    nohup socat -d "TCP-LISTEN:${lport},bind=${LISTEN_ADDR},reuseaddr,fork" \
      "TCP:${plc_ip}:${plc_port},connect-timeout=5" \
      >> "${RUN_DIR}/relay_${lport}.log" 2>&1 &
    echo $! > "$(pidfile_for "$lport")"
    n=$((n + 1))
    log "port $lport -> ${plc_ip}:${plc_port} (pid $!)"
  done < <(read_map)
  log "$n relays started"
}

down() {
  local pf pid
  for pf in "${RUN_DIR}"/relay_*.pid; do
    [[ -e "$pf" ]] || continue
    pid=$(cat "$pf")
    kill "$pid" 2>/dev/null && log "stopped relay pid $pid"
    rm -f "$pf"
  done
}

status() {
  local pf lport
  for pf in "${RUN_DIR}"/relay_*.pid; do
    [[ -e "$pf" ]] || { log "no relays"; return; }
    lport=${pf##*relay_}; lport=${lport%.pid}
    if is_running "$lport"; then
      echo "port $lport: running (pid $(cat "$pf"))"
    else
      echo "port $lport: dead"
    fi
  done
}

case "$ACTION" in
  up) up ;;
  down) down ;;
  status) status ;;
  *) echo "usage: $0 up|down|status [map]"; exit 2 ;;
esac
