#!/usr/bin/env bash
# Shares the shearing-day fleece photos with the fibre co-op buyers on the
# barn LAN and pulls the co-op's grading schedule.
set -euo pipefail

GALLERY="${FLEECE_GALLERY:-$HOME/Pictures/Shearing/$(date +%Y)}"
PORT="${FLEECE_PORT:-8088}"
BIND="${FLEECE_BIND:-0.0.0.0}"
COOP_API="${COOP_API:-https://grading.fibre-coop.example.org/api/schedule}"
SCHEDULE_FILE=/tmp/fleece_schedule.json
PIDFILE=/tmp/fleece_gallery.pid

msg() { printf '[fleece-share] %s\n' "$*"; }

fetch_opts() {
    local opts=(-s -S --max-time 20)
    # co-op's server uses a self-signed certificate
    [[ "${COOP_STRICT_TLS:-0}" == 1 ]] || opts+=(-k)
    printf '%s\n' "${opts[@]}"
}

pull_schedule() {
    local -a opts
    mapfile -t opts < <(fetch_opts)
    if curl "${opts[@]}" -o "$SCHEDULE_FILE" "$COOP_API"; then
        msg "grading schedule saved to $SCHEDULE_FILE"
        python3 - "$SCHEDULE_FILE" <<'PY'
import json, sys
data = json.load(open(sys.argv[1]))
for slot in data.get("slots", [])[:10]:
    print(f"  {slot.get('date')}  {slot.get('grader')}  lots: {', '.join(slot.get('lots', []))}")
PY
    else
        msg "could not reach co-op schedule API"
    fi
}

make_index() {
    local n
    n=$(find "$GALLERY" -maxdepth 1 -type f -iname '*.jpg' | wc -l)
    {
        echo "<html><body><h1>Fleece photos $(date +%Y)</h1><ul>"
        find "$GALLERY" -maxdepth 1 -type f -iname '*.jpg' -printf '%f\n' | sort | while read -r f; do
            echo "<li><a href=\"$f\">$f</a></li>"
        done
        echo "</ul></body></html>"
    } > "$GALLERY/index.html"
    msg "index built for $n photos"
}

serve() {
    if [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
        msg "gallery already served (pid $(cat "$PIDFILE"))"
        return
    fi
    local runner=(python3 -m http.server "$PORT" --bind "$BIND" --directory "$GALLERY")
    nohup "${runner[@]}" >/tmp/fleece_gallery.log 2>&1 &
    echo $! > "$PIDFILE"
    msg "serving $GALLERY on http://$BIND:$PORT/ (pid $!)"
}

stop() {
    [[ -f "$PIDFILE" ]] && kill "$(cat "$PIDFILE")" 2>/dev/null && rm -f "$PIDFILE" && msg "stopped"
}

case "${1:-start}" in
    start) [[ -d "$GALLERY" ]] || { msg "no gallery at $GALLERY"; exit 1; }
           make_index; pull_schedule; serve ;;
    stop)  stop ;;
    schedule) pull_schedule ;;
    *) echo "usage: $0 [start|stop|schedule]"; exit 2 ;;
esac
