#!/usr/bin/env bash
# Serve the visitor-count dashboard to the screens in the visitor centre.
#
# Rebuilds the static dashboard (today's footfall by door, the month so far,
# and the donation box total) from the poller's CSV every few minutes and
# serves the export folder so the foyer display and the shop tablet can
# open it.
#
#   kiosk_dashboard_serve.sh [-p PORT] [-d EXPORT_DIR] [-r REFRESH_SECS]
set -euo pipefail

PORT="${DASH_PORT:-8080}"
EXPORT_DIR="${DASH_EXPORT:-./dashboard}"
REFRESH=300
FOOTFALL_CSV="${FOOTFALL_CSV:-./footfall.csv}"
PIDFILE="./dashboard.pid"

log() { echo "$(date '+%H:%M:%S') [dashboard] $*"; }

while getopts "p:d:r:h" opt; do
    case "$opt" in
        p) PORT="$OPTARG" ;;
        d) EXPORT_DIR="$OPTARG" ;;
        r) REFRESH="$OPTARG" ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

mkdir -p "$EXPORT_DIR"

build_dashboard() {
    python3 - "$FOOTFALL_CSV" "$EXPORT_DIR/index.html" <<'PY'
import csv, sys, html, datetime, collections
src, out = sys.argv[1], sys.argv[2]
today = datetime.date.today().isoformat()
month = today[:7]
by_door, month_total = collections.Counter(), 0
try:
    with open(src, newline="") as fh:
        for row in csv.DictReader(fh):
            n = int(row["visitors"])
            if row["hour"].startswith(month):
                month_total += n
            if row["hour"].startswith(today):
                by_door[row["door"]] += n
except FileNotFoundError:
    pass
rows = "".join(f"<tr><td>{html.escape(d)}</td><td>{n}</td></tr>" for d, n in sorted(by_door.items()))
page = f"""<!doctype html><meta charset=utf-8><meta http-equiv=refresh content=120>
<title>Visitors today</title><h1>Visitors today: {sum(by_door.values())}</h1>
<table>{rows}</table><p>This month: {month_total}</p>
<p><small>Updated {datetime.datetime.now():%H:%M}</small></p>"""
with open(out + ".new", "w") as fh:
    fh.write(page)
import os; os.replace(out + ".new", out)
PY
}

stop_server() {
    if [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
        kill "$(cat "$PIDFILE")"
    fi
    rm -f "$PIDFILE"
}

start_server() {
    stop_server
    python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$EXPORT_DIR" \
        >>./dashboard-http.log 2>&1 &
    echo $! > "$PIDFILE"
    log "serving $EXPORT_DIR on port $PORT (pid $(cat "$PIDFILE"))"
}

trap 'stop_server; exit 0' INT TERM

build_dashboard
start_server

while sleep "$REFRESH"; do
    build_dashboard || log "rebuild failed"
    if ! kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
        log "server exited, restarting"
        start_server
    fi
done
