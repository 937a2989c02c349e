#!/usr/bin/env bash
# driver_roster_export.sh - turn the depot's weekly roster CSV into one
# printable duty sheet per driver plus a weekly hours summary.
# Everything is read from and written to the current working directory.

set -euo pipefail

ROSTER="${1:-./roster.csv}"
OUT_DIR="./duty_sheets"
CACHE_DIR="./.roster_cache"
MAX_WEEKLY_HOURS="${MAX_WEEKLY_HOURS:-48}"
CLEAN=0

log() { printf '%s %s\n' "$(date '+%T')" "$*" >&2; }

if [[ "${2:-}" == "--clean" ]]; then
    CLEAN=1
fi

if [[ ! -r "$ROSTER" ]]; then
    log "roster $ROSTER not found (expected columns: driver,date,start,end,route)"
    exit 1
fi

if (( CLEAN )); then
    rm -rf "$OUT_DIR" "$CACHE_DIR"
    log "removed previous duty sheets and cache"
fi
mkdir -p "$OUT_DIR" "$CACHE_DIR"

# skip the work when the roster has not changed since the last run
key="$(md5sum "$ROSTER" | cut -d' ' -f1)"
if [[ -f "$CACHE_DIR/$key.done" ]]; then
    log "roster unchanged since last export, nothing to do"
    exit 0
fi

summary="$(
ROSTER_PATH="$ROSTER" SHEET_DIR="$OUT_DIR" MAX_HOURS="$MAX_WEEKLY_HOURS" python3 - <<'PYEOF'
import csv, os, collections
from datetime import datetime

def hours(start, end):
    fmt = "%H:%M"
    s, e = datetime.strptime(start, fmt), datetime.strptime(end, fmt)
    diff = (e - s).seconds / 3600
    return diff

duties = collections.defaultdict(list)
with open(os.environ["ROSTER_PATH"], newline="") as fh:
    for row in csv.DictReader(fh):
        try:
            h = hours(row["start"], row["end"])
        except (KeyError, ValueError):
            continue
        duties[row["driver"].strip()].append((row["date"], row["start"], row["end"], row["route"], h))

limit = float(os.environ["MAX_HOURS"])
for driver, rows in sorted(duties.items()):
    rows.sort()
    safe = "".join(c for c in driver if c.isalnum() or c in "-_") or "unknown"
    with open(os.path.join(os.environ["SHEET_DIR"], f"{safe}.txt"), "w") as out:
        out.write(f"Duty sheet: {driver}\n")
        for d, s, e, route, h in rows:
            out.write(f"  {d}  {s}-{e}  route {route:<5} {h:4.1f} h\n")
    total = sum(r[4] for r in rows)
    flag = "OVER" if total > limit else "ok"
    print(f"{driver}\t{len(rows)}\t{total:.1f}\t{flag}")
PYEOF
)"

{
    printf 'driver\tduties\thours\tstatus\n'
    printf '%s\n' "$summary"
} > "$OUT_DIR/weekly_summary.tsv"

over="$(printf '%s\n' "$summary" | awk -F'\t' '$4 == "OVER"' | wc -l)"
drivers="$(printf '%s\n' "$summary" | grep -c . || true)"
log "wrote duty sheets for $drivers drivers to $OUT_DIR"
if (( over > 0 )); then
    log "WARNING: $over driver(s) above ${MAX_WEEKLY_HOURS} h this week"
fi

touch "$CACHE_DIR/$key.done"
