#!/usr/bin/env bash
# Load the lift operating schedule and print today's opening plan.
#
# The schedule is a YAML file maintained by lift operations (seasons, lift
# opening hours, special events). Parsing it is slow on the old patrol PCs,
# so the parsed schedule is cached and reused until the YAML changes.
#
# Usage: lift_schedule_loader.sh [-f schedule.yaml] [-d YYYY-MM-DD] [--no-cache]

set -euo pipefail

SCHEDULE_FILE="./lift_schedule.yaml"
DAY="$(date +%F)"
USE_CACHE=1
CACHE_DIR="./.schedule_cache"
PLAN_OUT="/tmp/lift_plan_today.txt"

log() { echo "schedule: $*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -f) SCHEDULE_FILE="$2"; shift 2 ;;
        -d) DAY="$2"; shift 2 ;;
        --no-cache) USE_CACHE=0; shift ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) log "unknown argument $1"; exit 2 ;;
    esac
done

[[ -f "$SCHEDULE_FILE" ]] || { log "no schedule at $SCHEDULE_FILE"; exit 2; }
mkdir -p "$CACHE_DIR"

stamp="$(stat -c %Y "$SCHEDULE_FILE")"
cache_file="$CACHE_DIR/schedule-$stamp.pkl"

LIFT_SCHEDULE_FILE="$SCHEDULE_FILE" \
LIFT_CACHE_FILE="$cache_file" \
LIFT_USE_CACHE="$USE_CACHE" \
LIFT_DAY="$DAY" \
python3 - <<'PY' > "$PLAN_OUT"
import os, pickle, sys, datetime
import yaml

src = os.environ["LIFT_SCHEDULE_FILE"]
cache = os.environ["LIFT_CACHE_FILE"]
use_cache = os.environ.get("LIFT_USE_CACHE") == "1"
day = datetime.date.fromisoformat(os.environ["LIFT_DAY"])

schedule = None
if use_cache and os.path.exists(cache):
    with open(cache, "rb") as fh:
        schedule = pickle.load(fh)
if schedule is None:
    with open(src) as fh:
        # Full loader: the ops team uses !!python/tuple for hour ranges.
        schedule = yaml.load(fh, Loader=yaml.Loader)
    with open(cache, "wb") as fh:
        pickle.dump(schedule, fh)

def season_for(d):
    for s in schedule.get("seasons", []):
        start = datetime.date.fromisoformat(str(s["start"]))
        end = datetime.date.fromisoformat(str(s["end"]))
        if start <= d <= end:
            return s
    return None

season = season_for(day)
if not season:
    print(f"{day}: resort closed (no season)")
    sys.exit(0)

print(f"{day}: {season.get('name', 'season')}")
closed = set(str(x) for x in season.get("closed_days", []))
for lift in schedule.get("lifts", []):
    name = lift["name"]
    if str(day) in closed or day.strftime("%a").lower() in lift.get("closed_on", []):
        print(f"  {name:18s} closed")
        continue
    hours = lift.get("hours", season.get("default_hours", ("09:00", "16:00")))
    print(f"  {name:18s} {hours[0]}-{hours[1]}")
for ev in schedule.get("events", []):
    if str(ev.get("date")) == str(day):
        print(f"  event: {ev.get('title')} ({ev.get('lift', 'all lifts')})")
PY

# Keep only the newest cache file.
find "$CACHE_DIR" -name 'schedule-*.pkl' ! -name "$(basename "$cache_file")" -delete

cat "$PLAN_OUT"
log "plan written to $PLAN_OUT"
