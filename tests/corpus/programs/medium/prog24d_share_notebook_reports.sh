#!/usr/bin/env bash
# share_notebook_reports.sh - render the project's notebooks to HTML and
# serve them to colleagues on the office network for a quick review.
#
# usage: ./share_notebook_reports.sh [start|stop|status] [--port N] [--execute]

set -euo pipefail

NB_DIR="./notebooks"
OUT_DIR="./reports/html"
PORT=8765
EXECUTE=0
PID_FILE="/tmp/nb_report_server.pid"
LOG_FILE="/tmp/nb_report_server.log"
ACTION="${1:-start}"
[[ $# -gt 0 ]] && shift

while [[ $# -gt 0 ]]; do
  case "$1" in
    --port) PORT="$2"; shift ;;
    --execute) EXECUTE=1 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift
done

log() { echo "[share] $*"; }

is_running() {
  [[ -f "$PID_FILE" ]] && kill -0 "$(cat "$PID_FILE")" 2>/dev/null
}

render() {
  mkdir -p "$OUT_DIR"
  local count=0
  shopt -s nullglob
  for nb in "$NB_DIR"/*.ipynb; do
    local args=(--to html --output-dir "$OUT_DIR")
    [[ $EXECUTE -eq 1 ]] && args+=(--execute --ExecutePreprocessor.timeout=600)
    if jupyter nbconvert "${args[@]}" "$nb" >/dev/null 2>&1; then
      count=$((count + 1))
    else
      log "failed to render $(basename "$nb")"
    fi
  done
  shopt -u nullglob

  {
    echo "<html><head><title>Notebook reports</title></head><body><h1>Notebook reports</h1><ul>"
    for f in "$OUT_DIR"/*.html; do
      [[ "$(basename "$f")" == "index.html" ]] && continue
      echo "<li><a href=\"$(basename "$f")\">$(basename "$f" .html)</a> ($(date -r "$f" '+%Y-%m-%d %H:%M'))</li>"
    done
    echo "</ul></body></html>"
  } > "$OUT_DIR/index.html"
  log "rendered $count notebook(s) into $OUT_DIR"
}

start() {
  if is_running; then
    log "already serving (pid $(cat "$PID_FILE"))"
    return 0
  fi
  command -v jupyter >/dev/null || { log "jupyter not found in PATH"; exit 1; }
  render
  nohup python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$OUT_DIR" \
    >"$LOG_FILE" 2>&1 &
  echo $! > "$PID_FILE"
  sleep 1
  if is_running; then
    local ip
    ip=$(hostname -I 2>/dev/null | awk '{print $1}')
    log "serving $OUT_DIR at http://${ip:-localhost}:$PORT/ (pid $(cat "$PID_FILE"))"
  else
    log "server failed to start, see $LOG_FILE"
    exit 1
  fi
}

stop() {
  if is_running; then
    kill "$(cat "$PID_FILE")"
    rm -f "$PID_FILE"
    log "stopped"
  else
    log "not running"
    rm -f "$PID_FILE"
  fi
}

case "$ACTION" in
  start) start ;;
  stop) stop ;;
  status) is_running && log "running (pid $(cat "$PID_FILE"))" || log "not running" ;;
  render) render ;;
  *) echo "usage: $0 [start|stop|status|render] [--port N] [--execute]" >&2; exit 2 ;;
esac
