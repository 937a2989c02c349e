#!/usr/bin/env bash
# showtime_reminder.sh - print the next performances and call times for the
# crew noticeboard, using performances.csv in the current folder, and add
# the house-status line from the venue's public status API.
#
#   showtime_reminder.sh [-f performances.csv] [-d DAYS] [-o noticeboard.txt]

set -euo pipefail

CSV="performances.csv"
DAYS=7
OUT="noticeboard.txt"
STATUS_URL="${HOUSE_STATUS_URL:-https://api.example.com/v1/house-status}"

log() { printf '[%s] %s\n' "$(date +%T)" "$*" >&2; }

while getopts ":f:d:o:h" opt; do
    case "$opt" in
        f) CSV="$OPTARG" ;;
        d) DAYS="$OPTARG" ;;
        o) OUT="$OPTARG" ;;
        *) sed -n '2,6p' "$0"; exit 0 ;;
    esac
done

[[ -f "$CSV" ]] || { log "no $CSV in $(pwd)"; exit 1; }
[[ "$DAYS" =~ ^[0-9]+$ ]] || { log "days must be a number"; exit 2; }

# Python picks upcoming shows; the window and file come in via the env.
upcoming="$(SHOW_CSV="$CSV" SHOW_DAYS="$DAYS" python3 - <<'PY'
import csv, os
from datetime import datetime, timedelta

now = datetime.now()
until = now + timedelta(days=int(os.environ["SHOW_DAYS"]))
rows = []
with open(os.environ["SHOW_CSV"], newline="", encoding="utf-8") as fh:
    for rec in csv.DictReader(fh):
        try:
            start = datetime.strptime(f"{rec['date']} {rec['curtain']}", "%Y-%m-%d %H:%M")
        except (KeyError, ValueError):
            continue
        if now <= start <= until:
            call = start - timedelta(minutes=int(rec.get("call_minutes") or 90))
            rows.append((start, call, rec.get("title", "Performance"), rec.get("notes", "")))

for start, call, title, notes in sorted(rows):
    line = f"{start:%a %d %b}  curtain {start:%H:%M}  crew call {call:%H:%M}  {title}"
    if notes:
        line += f"  ({notes})"
    print(line)
PY
)"

# Public house status: a plain GET with a timeout; failure is not fatal.
status_json="$(curl -fsS --max-time 5 "$STATUS_URL" 2>/dev/null || true)"
status="$(STATUS_JSON="$status_json" python3 -c 'import json, os
try:
    d = json.loads(os.environ.get("STATUS_JSON") or "{}")
    print(d.get("summary", "status unavailable"))
except ValueError:
    print("status unavailable")')"

count=0
[[ -n "$upcoming" ]] && count="$(printf '%s\n' "$upcoming" | wc -l)"

{
    echo "CREW NOTICEBOARD - generated $(date '+%a %d %b %H:%M')"
    echo "House status: $status"
    echo
    if [[ $count -eq 0 ]]; then
        echo "No performances in the next $DAYS day(s)."
    else
        echo "Next $count performance(s):"
        printf '%s\n' "$upcoming" | sed 's/^/  /'
    fi
    echo
    echo "Sign in at the stage door 15 minutes before call."
} >"$OUT"

log "wrote $OUT ($count performance(s))"
cat "$OUT"
