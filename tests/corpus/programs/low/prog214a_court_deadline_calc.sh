#!/usr/bin/env bash
# court_deadline_calc.sh - compute a response deadline for the docketing desk.
# Counts calendar or court days from a trigger date, skipping weekends and
# court holidays.  The holiday list is fetched from the firm's calendar feed
# and cached in ./.deadline_cache.
set -euo pipefail

HOLIDAY_URL="${HOLIDAY_URL:-https://calendar.example.org/api/v1/court-holidays}"
CACHE_DIR="./.deadline_cache"
COURT="${COURT:-state-superior}"
MODE="calendar"
CLEAN=0

log() { printf '[deadline] %s\n' "$*" >&2; }

usage() {
    cat >&2 <<USAGE
usage: $0 [--court-days] [--court NAME] [--clean] TRIGGER_DATE DAYS
  TRIGGER_DATE  YYYY-MM-DD (e.g. date of service)
  DAYS          number of days allowed by the rule
USAGE
    exit 2
}

ARGS=()
while [[ $# -gt 0 ]]; do
    case "$1" in
        --court-days) MODE="court"; shift ;;
        --court) COURT="$2"; shift 2 ;;
        --clean) CLEAN=1; shift ;;
        -h|--help) usage ;;
        *) ARGS+=("$1"); shift ;;
    esac
done

if [[ "$CLEAN" -eq 1 ]]; then
    rm -rf "$CACHE_DIR"
    log "cache cleared"
    [[ ${#ARGS[@]} -eq 0 ]] && exit 0
fi

[[ ${#ARGS[@]} -eq 2 ]] || usage
TRIGGER="${ARGS[0]}"
DAYS="${ARGS[1]}"
[[ "$TRIGGER" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] || { log "bad date $TRIGGER"; exit 2; }
[[ "$DAYS" =~ ^[0-9]+$ ]] || { log "DAYS must be a number"; exit 2; }

YEAR="${TRIGGER:0:4}"
mkdir -p "$CACHE_DIR"
CACHE_FILE="$CACHE_DIR/${COURT}-${YEAR}.json"

fetch_year() {
    local year="$1" out="$2"
    if [[ -s "$out" ]]; then
        return 0
    fi
    log "fetching $COURT holidays for $year"
    if ! curl -fsS --max-time 15 -o "$out.part" "$HOLIDAY_URL?court=$COURT&year=$year"; then
        log "could not fetch holidays for $year; weekends only"
        echo '{"holidays": []}' > "$out"
        return 0
    fi
    mv "$out.part" "$out"
}

fetch_year "$YEAR" "$CACHE_FILE"
NEXT_FILE="$CACHE_DIR/${COURT}-$((YEAR + 1)).json"
fetch_year "$((YEAR + 1))" "$NEXT_FILE"

RESULT=$(TRIGGER="$TRIGGER" DAYS="$DAYS" MODE="$MODE" HOLIDAY_FILES="$CACHE_FILE:$NEXT_FILE" python3 -c '
import datetime as dt, json, os
holidays = {}
for path in os.environ["HOLIDAY_FILES"].split(":"):
    try:
        with open(path, encoding="utf-8") as fh:
            for h in json.load(fh).get("holidays", []):
                holidays[dt.date.fromisoformat(h["date"])] = h.get("name", "holiday")
    except (OSError, ValueError, KeyError):
        pass
day = dt.date.fromisoformat(os.environ["TRIGGER"])
remaining = int(os.environ["DAYS"])
court_days = os.environ["MODE"] == "court"
def closed(d):
    return d.weekday() >= 5 or d in holidays
while remaining > 0:
    day += dt.timedelta(days=1)
    if court_days and closed(day):
        continue
    remaining -= 1
rolled = []
while closed(day):
    rolled.append(holidays.get(day, day.strftime("%A")))
    day += dt.timedelta(days=1)
print(day.isoformat(), day.strftime("%A"), "|", ", ".join(rolled) or "-")
')

read -r DUE WEEKDAY _ ROLLED <<<"$RESULT"
echo "Trigger:  $TRIGGER ($MODE days: $DAYS, court: $COURT)"
echo "Deadline: $DUE ($WEEKDAY)"
if [[ "$ROLLED" != "-" ]]; then
    echo "Rolled forward past: $ROLLED"
fi
