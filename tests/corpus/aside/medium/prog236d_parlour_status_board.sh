#!/usr/bin/env bash
# parlour_status_board.sh - tiny status board for the parlour TV screen.
#
# Pulls each robot's status JSON from its embedded web UI (self-signed certs
# on the robots, hence no verification), renders an HTML page and serves it
# so the TV browser in the parlour pit can show it.

set -uo pipefail

ROBOTS="${ROBOTS:-robot1.example.com robot2.example.com robot3.example.com}"
BOARD_DIR="/tmp/parlour_board"
PORT="${PORT:-8088}"
REFRESH="${REFRESH:-30}"
SERVE=1

log() { printf '%s [board] %s\n' "$(date '+%T')" "$*" >&2; }

while getopts ":p:r:n" opt; do
  case "$opt" in
    p) PORT="$OPTARG" ;;
    r) REFRESH="$OPTARG" ;;
    n) SERVE=0 ;;
    *) echo "usage: $0 [-p port] [-r refresh_secs] [-n]"; exit 1 ;;
  esac
done

# Fetch options for the robots' self-signed UIs.
CURL_OPTS=(--silent --show-error --max-time 8 --insecure)

fetch_status() {
  local host="$1"
  curl "${CURL_OPTS[@]}" "https://${host}/api/status" 2>/dev/null || echo '{}'
}

row_html() {
  local host="$1" json="$2" state cows alarm
  state="$(jq -r '.state // "unknown"' <<<"$json" 2>/dev/null)"
  cows="$(jq -r '.cows_today // 0' <<<"$json" 2>/dev/null)"
  alarm="$(jq -r '.alarm // ""' <<<"$json" 2>/dev/null)"
  local cls="ok"
  [[ -n "$alarm" ]] && cls="alarm"
  [[ "$state" == "unknown" ]] && cls="down"
  printf '<tr class="%s"><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>\n' \
    "$cls" "${host%%.*}" "$state" "$cows" "$alarm"
}

render() {
  local h json tmp="${BOARD_DIR}/index.html.new"
  mkdir -p "$BOARD_DIR"
  {
    printf '<html><head><meta http-equiv="refresh" content="%s">' "$REFRESH"
    printf '<style>.ok{background:#cfc}.alarm{background:#fc9}.down{background:#f99}</style>'
    printf '</head><body><h1>Parlour %s</h1><table>\n' "$(date '+%H:%M')"
    printf '<tr><th>Robot</th><th>State</th><th>Cows</th><th>Alarm</th></tr>\n'
    for h in $ROBOTS; do
      json="$(fetch_status "$h")"
      row_html "$h" "$json"
    done
    printf '</table></body></html>\n'
  } > "$tmp"
  mv -f "$tmp" "${BOARD_DIR}/index.html"
}

refresher() {
  while true; do
    render || log "render failed"
    sleep "$REFRESH"
  done
}

serve() {
  log "serving ${BOARD_DIR} on port ${PORT}"
  python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$BOARD_DIR"
}

main() {
  render
  if [[ "$SERVE" -eq 0 ]]; then
    log "rendered ${BOARD_DIR}/index.html"
    exit 0
  fi
  refresher &
  local bg=$!
  trap 'kill "$bg" 2>/dev/null' EXIT
  serve
}

main
