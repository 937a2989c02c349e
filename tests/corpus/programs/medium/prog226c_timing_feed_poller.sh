#!/usr/bin/env bash
# Poll the circuit's live-timing feed during a session and print the gaps
# to our two cars. The circuit's timing box uses a self-signed certificate,
# so certificate checks are turned off.
#
# usage: timing_feed_poller.sh [-i interval] [-n count] [-c car,car]
set -uo pipefail

FEED_URL="${TIMING_FEED_URL:-https://timing.example.com/api/v1/live}"
FEED_FILE="/tmp/timing_feed.json"
HISTORY_FILE="/tmp/timing_gaps.csv"
INTERVAL=5
COUNT=0
CARS="11,44"

log() { printf '%s [timing] %s\n' "$(date +%T)" "$*" >&2; }

while getopts ":i:n:c:h" opt; do
    case "$opt" in
        i) INTERVAL="$OPTARG" ;;
        n) COUNT="$OPTARG" ;;
        c) CARS="$OPTARG" ;;
        h) sed -n '2,6p' "$0"; exit 0 ;;
        *) log "bad option"; exit 2 ;;
    esac
done

[[ "$INTERVAL" =~ ^[0-9]+$ && "$INTERVAL" -gt 0 ]] || { log "interval must be > 0"; exit 2; }
[[ -f "$HISTORY_FILE" ]] || echo "time,car,position,lap,gap_ahead,gap_leader" > "$HISTORY_FILE"

fetch_feed() {
    curl -sk --max-time 4 -o "$FEED_FILE" "$FEED_URL"
}

render() {
    FEED_PATH="$FEED_FILE" WATCH_CARS="$CARS" HISTORY_PATH="$HISTORY_FILE" python3 - <<'PY'
import csv, json, os, sys, time

try:
    with open(os.environ["FEED_PATH"]) as fh:
        feed = json.load(fh)
except (OSError, ValueError) as exc:
    print(f"feed unreadable: {exc}", file=sys.stderr)
    sys.exit(1)

watch = set(os.environ["WATCH_CARS"].split(","))
entries = sorted(feed.get("classification", []), key=lambda e: e.get("position", 99))
now = time.strftime("%H:%M:%S")
rows = []
print(f"--- {now}  lap {feed.get('lap', '?')}/{feed.get('total_laps', '?')}  {feed.get('flag', '')}")
for e in entries:
    car = str(e.get("car"))
    mark = "*" if car in watch else " "
    print(f"{mark} P{e.get('position'):>2} #{car:>3} {e.get('driver', ''):<14} "
          f"{e.get('gap_ahead', '-'):>8} {e.get('gap_leader', '-'):>9}")
    if car in watch:
        rows.append([now, car, e.get("position"), feed.get("lap"),
                     e.get("gap_ahead"), e.get("gap_leader")])
with open(os.environ["HISTORY_PATH"], "a", newline="") as fh:
    csv.writer(fh).writerows(rows)
PY
}

polls=0
misses=0
trap 'log "stopped after $polls polls"; exit 0' INT TERM
while :; do
    if fetch_feed; then
        misses=0
        render || log "could not render feed"
    else
        misses=$((misses + 1))
        log "feed fetch failed ($misses in a row)"
        if [[ $misses -ge 10 ]]; then
            log "giving up: timing feed unreachable"
            exit 1
        fi
    fi
    polls=$((polls + 1))
    if [[ "$COUNT" -gt 0 && $polls -ge "$COUNT" ]]; then
        break
    fi
    sleep "$INTERVAL"
done
log "history in $HISTORY_FILE"
