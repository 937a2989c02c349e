#!/usr/bin/env bash
# field_schedule_export.sh
#
# Turns the league's game schedule CSV into one calendar (.ics) file per
# team so parents can subscribe. Field closures are fetched from the parks
# department's public JSON feed and games on closed fields are flagged.
#
# Usage: field_schedule_export.sh -s schedule.csv [-o OUTDIR] [--no-closures]

set -euo pipefail

SCHEDULE=""
OUTDIR="./calendars"
WORK="./.calendar_work"
CLOSURES_URL="${CLOSURES_URL:-https://fields.example.org/api/closures.json}"
FETCH_CLOSURES=1

log() { echo "[schedule-export] $*" >&2; }
die() { log "ERROR: $*"; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -s) SCHEDULE="$2"; shift 2 ;;
        -o) OUTDIR="$2"; shift 2 ;;
        --no-closures) FETCH_CLOSURES=0; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) die "unknown argument $1" ;;
    esac
done

[[ -f "$SCHEDULE" ]] || die "schedule CSV not found (-s)"

rm -rf "$WORK"
mkdir -p "$WORK" "$OUTDIR"
trap 'rm -rf "$WORK"' EXIT

# 1. Field closures (optional, public feed, plain GET with a timeout).
CLOSURES_FILE="$WORK/closures.json"
echo '[]' > "$CLOSURES_FILE"
if [[ $FETCH_CLOSURES -eq 1 ]]; then
    if curl -fsS --max-time 15 "$CLOSURES_URL" -o "$CLOSURES_FILE.new"; then
        mv "$CLOSURES_FILE.new" "$CLOSURES_FILE"
        log "closures feed: $(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))))' "$CLOSURES_FILE") entries"
    else
        log "could not fetch closures; continuing without them"
    fi
fi

# 2. List of teams in the schedule (home and away columns).
mapfile -t TEAMS < <(tail -n +2 "$SCHEDULE" | cut -d, -f3,4 | tr ',' '\n' | sed '/^$/d' | sort -u)
log "${#TEAMS[@]} teams in schedule"

# 3. One calendar per team; CSV rows are piped into Python, settings via env.
for team in "${TEAMS[@]}"; do
    slug="$(tr 'A-Z ' 'a-z_' <<<"$team" | tr -cd 'a-z0-9_')"
    out="$OUTDIR/$slug.ics"
    games="$(tail -n +2 "$SCHEDULE" | grep -F -- "$team" || true)"
    [[ -n "$games" ]] || continue
    n="$(printf '%s\n' "$games" | TEAM="$team" CLOSURES="$CLOSURES_FILE" OUT="$out" python3 -c '
import json, os, sys, uuid
from datetime import datetime, timedelta

team = os.environ["TEAM"]
closed = {(c.get("field"), c.get("date")) for c in json.load(open(os.environ["CLOSURES"]))}
lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Youth League//Schedule//EN",
         f"X-WR-CALNAME:{team} games"]
count = 0
for row in sys.stdin:
    parts = [p.strip() for p in row.rstrip("\n").split(",")]
    if len(parts) < 5:
        continue
    date, time_, home, away, field = parts[:5]
    try:
        start = datetime.strptime(f"{date} {time_}", "%Y-%m-%d %H:%M")
    except ValueError:
        continue
    end = start + timedelta(minutes=75)
    flag = " (FIELD CLOSED - check email)" if (field, date) in closed else ""
    lines += ["BEGIN:VEVENT", f"UID:{uuid.uuid5(uuid.NAMESPACE_URL, row)}@league.example.org",
              f"DTSTART:{start:%Y%m%dT%H%M%S}", f"DTEND:{end:%Y%m%dT%H%M%S}",
              f"SUMMARY:{home} vs {away}{flag}", f"LOCATION:{field}", "END:VEVENT"]
    count += 1
lines.append("END:VCALENDAR")
with open(os.environ["OUT"], "w") as fh:
    fh.write("\r\n".join(lines) + "\r\n")
print(count)
')"
    log "$team: $n games -> $out"
done

log "done; upload $OUTDIR/*.ics to the league site's calendar page"
