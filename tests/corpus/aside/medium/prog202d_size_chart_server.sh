#!/usr/bin/env bash
# Serves the helmet / skate / glove size charts to the tablets on the shop
# floor so staff can pull them up while fitting customers.
set -euo pipefail

CHART_DIR="${CHART_DIR:-./size_charts}"
PORT="${CHART_PORT:-8088}"
ADDR="${CHART_ADDR:-0.0.0.0}"
PID_FILE="/tmp/size_chart_server.pid"
LOG_FILE="/tmp/size_chart_server.log"
declare -a PY_CANDIDATES=(python3 python)

log() { printf '%s charts: %s\n' "$(date +%T)" "$*" >&2; }

python_bin() {
  local p
  for p in "${PY_CANDIDATES[@]}"; do
    command -v "$p" >/dev/null 2>&1 && { printf '%s' "$p"; return 0; }
  done
  return 1
}

running_pid() {
  [[ -f "$PID_FILE" ]] || return 1
  local pid
  pid="$(<"$PID_FILE")"
  kill -0 "$pid" 2>/dev/null && { printf '%s' "$pid"; return 0; }
  return 1
}

build_index() {
  local f
  {
    printf '<html><head><title>Size charts</title></head><body><h1>Size charts</h1><ul>\n'
    for f in "$CHART_DIR"/*.pdf "$CHART_DIR"/*.png; do
      [[ -e "$f" ]] || continue
      printf '<li><a href="%s">%s</a></li>\n' "$(basename "$f")" "$(basename "${f%.*}")"
    done
    printf '</ul></body></html>\n'
  } >"$CHART_DIR/index.html"
}

start() {
  local py pid module
  if pid="$(running_pid)"; then
    log "already serving (pid $pid)"
    return 0
  fi
  [[ -d "$CHART_DIR" ]] || { log "no chart directory at $CHART_DIR"; return 1; }
  py="$(python_bin)" || { log "python not found"; return 1; }
  build_index
  module="http.$(printf '%s' server)"
  nohup "$py" -m "$module" "$PORT" --bind "$ADDR" --directory "$CHART_DIR" \
    >>"$LOG_FILE" 2>&1 &
  echo $! >"$PID_FILE"
  log "serving $CHART_DIR on ${ADDR}:${PORT} (pid $!)"
}

stop() {
  local pid
  if pid="$(running_pid)"; then
    kill "$pid"
    log "stopped pid $pid"
  else
    log "not running"
  fi
  rm -f "$PID_FILE"
}

status() {
  local pid
  if pid="$(running_pid)"; then
    log "running (pid $pid) on port $PORT"
  else
    log "stopped"
    return 3
  fi
}

declare -A ACTIONS=([start]=start [stop]=stop [status]=status [restart]="stop_start")
stop_start() { stop; start; }

action="${1:-start}"
handler="${ACTIONS[$action]:-}"
if [[ -z "$handler" ]]; then
  echo "usage: $(basename "$0") {start|stop|status|restart}" >&2
  exit 64
fi
"$handler"
