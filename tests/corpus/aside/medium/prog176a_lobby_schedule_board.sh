#!/usr/bin/env bash
# Lobby schedule board: pulls today's class schedule from the booking
# system and serves a simple page for the lobby TV browser.
set -euo pipefail

BOOKING_HOST="${BOOKING_HOST:-booking.example.com}"
PORT="${BOARD_PORT:-8080}"
WORK="/tmp/lobby_board"
FEED="/tmp/lobby_schedule.csv"
REFRESH_MIN="${REFRESH_MIN:-10}"

fetch_opts=(-fsS --max-time 20)
[[ "${BOOKING_INSECURE:-1}" == "1" ]] && fetch_opts+=(-k)

log() { printf '%s [lobby-board] %s\n' "$(date +%T)" "$*" >&2; }

fetch_schedule() {
  local day
  day=$(date +%F)
  curl "${fetch_opts[@]}" "https://${BOOKING_HOST}/api/classes.csv?date=${day}" -o "$FEED"
  log "schedule for ${day}: $(($(wc -l < "$FEED") - 1)) classes"
}

render() {
  mkdir -p "$WORK"
  {
    cat <<HTML
<!doctype html>
<html><head><meta charset="utf-8"><meta http-equiv="refresh" content="$((REFRESH_MIN * 60))">
<title>Today at Crux</title>
<style>body{font-family:sans-serif;background:#111;color:#eee}td{padding:.4em 1.2em;font-size:2em}</style>
</head><body><h1>Today at Crux &mdash; $(date '+%A %d %B')</h1><table>
HTML
    tail -n +2 "$FEED" | while IFS=, read -r start end title coach spaces; do
      printf '<tr><td>%s&ndash;%s</td><td>%s</td><td>%s</td><td>%s left</td></tr>\n' \
        "$start" "$end" "$title" "$coach" "$spaces"
    done
    echo "</table></body></html>"
  } > "$WORK/index.html"
}

refresher() {
  while sleep "$((REFRESH_MIN * 60))"; do
    fetch_schedule && render || log "refresh failed, keeping old board"
  done
}

serve() {
  local py
  py=$(command -v python3)
  log "serving ${WORK} on port ${PORT}"
  cd "$WORK"
  exec "$py" -m http.server "$PORT" --bind 0.0.0.0
}

main() {
  fetch_schedule
  render
  refresher &
  trap 'kill $! 2>/dev/null' EXIT
  serve
}

main "$@"
