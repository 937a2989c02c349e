#!/usr/bin/env bash
# Let the photographer's laptop pull today's item scans over the shop LAN.
set -euo pipefail

SCAN_ROOT="${SCAN_ROOT:-$PWD/scans}"
PORT="${PORT:-8000}"
ADDR_PARTS=(0 0 0 0)
DAY="$(date +%F)"
PIDFILE="$PWD/.scan_share.pid"

log() { printf '%s [scan-share] %s\n' "$(date +%T)" "$*" >&2; }

bind_addr() { local IFS=.; printf '%s' "${ADDR_PARTS[*]}"; }

serve_dir() {
  local dir="$1"
  local py
  py="$(command -v python3 || command -v python)" || { log "python not found"; return 1; }
  log "sharing $dir on $(bind_addr):$PORT"
  "$py" -m http.server "$PORT" --bind "$(bind_addr)" --directory "$dir" \
    >"$PWD/scan_share.log" 2>&1 &
  echo $! >"$PIDFILE"
}

stop_share() {
  if [[ -f "$PIDFILE" ]]; then
    local pid; pid="$(cat "$PIDFILE")"
    if kill -0 "$pid" 2>/dev/null; then kill "$pid"; log "stopped share (pid $pid)"; fi
    rm -f "$PIDFILE"
  else
    log "no share running"
  fi
}

prepare_day() {
  local day_dir="$SCAN_ROOT/$DAY"
  [[ -d "$day_dir" ]] || { log "no scans for $DAY in $SCAN_ROOT"; return 1; }
  local count
  count=$(find "$day_dir" -maxdepth 1 -type f \( -name '*.tif' -o -name '*.jpg' \) | wc -l)
  log "$count scan(s) ready for $DAY"
  (cd "$day_dir" && ls -1 > index.txt)
  printf '%s' "$day_dir"
}

show_urls() {
  local ip
  for ip in $(hostname -I 2>/dev/null); do
    printf 'http://%s:%s/\n' "$ip" "$PORT"
  done
}

main() {
  local action="${1:-start}"
  case "$action" in
    start)
      stop_share >/dev/null 2>&1 || true
      local dir
      dir="$(prepare_day)" || exit 1
      serve_dir "$dir"
      show_urls
      ;;
    stop) stop_share ;;
    status)
      if [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
        log "running"; show_urls
      else
        log "not running"
      fi
      ;;
    *) echo "usage: $0 [start|stop|status]" >&2; exit 2 ;;
  esac
}

main "$@"
