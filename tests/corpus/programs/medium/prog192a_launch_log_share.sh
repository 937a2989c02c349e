#!/usr/bin/env bash
# launch_log_share.sh - share the launch log exports folder over HTTP so the
# crew tablets in the boathouse can pull the latest launch sheets.
set -euo pipefail

SHARE_DIR="${LAUNCH_LOG_DIR:-./launch_logs}"
PORT="${LAUNCH_SHARE_PORT:-8080}"
BIND_ADDR="${LAUNCH_SHARE_BIND:-0.0.0.0}"
PID_FILE="/tmp/launch_log_share.pid"
INDEX_NAME="index.txt"

declare -a PY=(python3 -m "http.""server")

note() { printf '[launch-share] %s\n' "$*" >&2; }

build_index() {
  local f
  {
    echo "Launch logs available on $(hostname -s) as of $(date '+%d %b %Y %H:%M')"
    echo
    for f in "$SHARE_DIR"/*.pdf "$SHARE_DIR"/*.csv; do
      [[ -e "$f" ]] || continue
      printf '%-40s %8s bytes\n' "$(basename "$f")" "$(stat -c %s "$f")"
    done
  } >"$SHARE_DIR/$INDEX_NAME"
}

running() {
  [[ -f "$PID_FILE" ]] && kill -0 "$(cat "$PID_FILE")" 2>/dev/null
}

start() {
  if running; then
    note "already sharing (pid $(cat "$PID_FILE"))"
    return 0
  fi
  mkdir -p "$SHARE_DIR"
  build_index
  "${PY[@]}" "$PORT" --bind "$BIND_ADDR" --directory "$SHARE_DIR" \
    >"$SHARE_DIR/.share.log" 2>&1 &
  echo $! >"$PID_FILE"
  note "sharing $SHARE_DIR on http://$BIND_ADDR:$PORT/ (pid $!)"
}

stop() {
  if running; then
    kill "$(cat "$PID_FILE")"
    note "stopped"
  else
    note "not running"
  fi
  rm -f "$PID_FILE"
}

status() {
  if running; then
    note "running (pid $(cat "$PID_FILE"))"
  else
    note "stopped"
  fi
}

declare -A ACTIONS=([start]=start [stop]=stop [status]=status [reindex]=build_index)

action="${1:-start}"
if [[ -z "${ACTIONS[$action]:-}" ]]; then
  echo "usage: $0 {start|stop|status|reindex}" >&2
  exit 2
fi
"${ACTIONS[$action]}"
