#!/usr/bin/env bash
# Share the finished-work photo folder with the showroom tablets.
# Builds a simple index page of the latest photos and serves the folder
# over HTTP for the rest of the day.
set -uo pipefail

PHOTO_DIR="${PHOTO_DIR:-$PWD/finished-work}"
PORT="${PHOTO_PORT:-8080}"
LISTEN="${PHOTO_LISTEN:-0.0.0.0}"
PID_FILE="/tmp/velvet-photo-share.pid"
LOG_FILE="/tmp/velvet-photo-share.log"
declare -a EXTS=(jpg jpeg png webp)

log() { printf '%s photo-share: %s\n' "$(date +%T)" "$*"; }

python_bin() {
  local c
  for c in python3 python; do
    command -v "$c" >/dev/null 2>&1 && { echo "$c"; return 0; }
  done
  return 1
}

build_index() {
  local dir="$1" count=0 f
  {
    echo "<!doctype html><html><head><meta charset=utf-8><title>Finished work</title></head><body>"
    echo "<h1>Finished work - $(date '+%d %B %Y')</h1>"
    while IFS= read -r f; do
      printf '<figure><img src="%s" width="320"><figcaption>%s</figcaption></figure>\n' "$f" "${f%.*}"
      count=$(( count + 1 ))
    done < <(cd "$dir" && for e in "${EXTS[@]}"; do ls -1t -- *."$e" 2>/dev/null; done)
    echo "</body></html>"
  } > "$dir/index.html"
  log "index built with $count photos"
}

is_running() {
  [[ -f "$PID_FILE" ]] && kill -0 "$(cat "$PID_FILE")" 2>/dev/null
}

start() {
  if is_running; then
    log "already serving (pid $(cat "$PID_FILE"))"
    return 0
  fi
  [[ -d "$PHOTO_DIR" ]] || { log "no photo folder at $PHOTO_DIR"; return 1; }
  build_index "$PHOTO_DIR"
  local py
  py="$(python_bin)" || { log "python not found"; return 1; }
  nohup "$py" -m http.server "$PORT" --bind "$LISTEN" --directory "$PHOTO_DIR" >"$LOG_FILE" 2>&1 &
  echo $! > "$PID_FILE"
  log "serving $PHOTO_DIR on $LISTEN:$PORT (pid $!)"
}

stop() {
  if is_running; then
    kill "$(cat "$PID_FILE")" && log "stopped"
  else
    log "not running"
  fi
  rm -f "$PID_FILE"
}

status() {
  if is_running; then log "running (pid $(cat "$PID_FILE"))"; else log "stopped"; fi
}

declare -A ACTIONS=([start]=start [stop]=stop [status]=status [index]="build_index $PHOTO_DIR")

main() {
  local action="${1:-start}"
  [[ -n "${ACTIONS[$action]:-}" ]] || { echo "usage: ${0##*/} [start|stop|status|index]" >&2; exit 2; }
  ${ACTIONS[$action]}
}

main "$@"
