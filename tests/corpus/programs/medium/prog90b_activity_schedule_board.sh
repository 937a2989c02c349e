#!/usr/bin/env bash
# activity_schedule_board.sh - publish today's activity rotations to the
# dining hall TVs and counselor phones on the camp LAN.
#
# Reads schedule.csv (date,period,start,end,group,activity,location,lead),
# renders one page per group plus an overview into ./board/, and serves
# that folder on the LAN so anyone on staff Wi-Fi can open
# http://<this-laptop>:8000/
#
# Usage: activity_schedule_board.sh [-f schedule.csv] [-d YYYY-MM-DD] [-p port] [--no-serve]

set -euo pipefail

CSV="schedule.csv"
DAY="$(date +%F)"
PORT=8000
SERVE=1
OUT="./board"
PIDFILE="/tmp/activity_board.pid"

log() { echo "[board $(date +%T)] $*" >&2; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    -f) CSV="$2"; shift 2 ;;
    -d) DAY="$2"; shift 2 ;;
    -p) PORT="$2"; shift 2 ;;
    --no-serve) SERVE=0; shift ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) log "unknown arg $1"; exit 1 ;;
  esac
done

[[ -r "$CSV" ]] || { log "cannot read $CSV"; exit 1; }
mkdir -p "$OUT"

html_head() {
  cat <<EOF
<!doctype html><html><head><meta charset=utf-8>
<meta name=viewport content="width=device-width,initial-scale=1">
<meta http-equiv=refresh content=300><title>$1</title>
<style>body{font-family:sans-serif;margin:1em}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #ccc;padding:.4em;text-align:left}.now{background:#ffd}</style>
</head><body><h1>$1</h1>
EOF
}

render_group() {
  local group="$1" file="$OUT/$(echo "$1" | tr -cs 'A-Za-z0-9' '_').html"
  {
    html_head "$group - $DAY"
    echo "<table><tr><th>Period</th><th>Time</th><th>Activity</th><th>Where</th><th>Lead</th></tr>"
    awk -F, -v day="$DAY" -v g="$group" -v now="$(date +%H:%M)" '
      NR > 1 && $1 == day && $5 == g {
        cls = (now >= $3 && now < $4) ? " class=now" : ""
        gsub(/&/, "\\&amp;"); gsub(/</, "\\&lt;")
        printf "<tr%s><td>%s</td><td>%s-%s</td><td>%s</td><td>%s</td><td>%s</td></tr>\n", cls, $2, $3, $4, $6, $7, $8
      }' "$CSV" | sort -t'>' -k3
    echo "</table><p><a href=index.html>all groups</a></p></body></html>"
  } > "$file"
  basename "$file"
}

render_index() {
  {
    html_head "Camp schedule - $DAY"
    echo "<ul>"
    while IFS= read -r group; do
      page=$(render_group "$group")
      printf '<li><a href="%s">%s</a></li>\n' "$page" "$group"
    done < <(awk -F, -v day="$DAY" 'NR > 1 && $1 == day {print $5}' "$CSV" | sort -u)
    echo "</ul><p>generated $(date '+%F %T')</p></body></html>"
  } > "$OUT/index.html.new"
  mv "$OUT/index.html.new" "$OUT/index.html"
}

stop_previous() {
  if [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
    log "stopping previous board server $(cat "$PIDFILE")"
    kill "$(cat "$PIDFILE")" || true
  fi
}

render_index
log "rendered $(ls "$OUT"/*.html | wc -l) pages for $DAY into $OUT"

if (( SERVE )); then
  stop_previous
  ip=$(hostname -I 2>/dev/null | awk '{print $1}')
  log "serving $OUT at http://${ip:-0.0.0.0}:$PORT/"
  python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$OUT" >/dev/null 2>&1 &
  echo $! > "$PIDFILE"
  wait
fi
