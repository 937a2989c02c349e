#!/usr/bin/env bash
# housekeeping_board_report.sh - build the morning housekeeping board.
#
# Reads the room list exported from the PMS (./data/rooms.csv) and the
# attendant roster (./data/attendants.csv), splits dirty and departure rooms
# between the attendants on shift by floor, and writes a printable board plus
# a CSV into ./reports. Optionally checks that the PMS API is up first so the
# supervisor knows whether the export is fresh.
set -euo pipefail

PROG=$(basename "$0")
DATA_DIR="${DATA_DIR:-./data}"
REPORT_DIR="./reports"
CACHE_DIR="./.cache/hkboard"
PMS_HEALTH_URL="${PMS_HEALTH_URL:-https://pms.example.com/api/v1/health}"
SHIFT="${SHIFT:-AM}"
CHECK_API=1

log() { printf '%s [%s] %s\n' "$(date +%T)" "$PROG" "$*" >&2; }

usage() {
    echo "Usage: $PROG [-s AM|PM] [-d data_dir] [--no-check]"
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        -s) SHIFT="$2"; shift 2 ;;
        -d) DATA_DIR="$2"; shift 2 ;;
        --no-check) CHECK_API=0; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

for f in rooms.csv attendants.csv; do
    if [[ ! -f "$DATA_DIR/$f" ]]; then
        log "missing $DATA_DIR/$f"
        exit 1
    fi
done

mkdir -p "$REPORT_DIR" "$CACHE_DIR"
trap 'rm -rf "$CACHE_DIR"' EXIT

if (( CHECK_API )); then
    if code=$(curl -sS -o /dev/null -w '%{http_code}' --max-time 5 "$PMS_HEALTH_URL"); then
        log "PMS API answered HTTP $code"
    else
        log "PMS API unreachable; board uses the last export"
    fi
fi

# Rooms that need service: dirty, or departures due today.
awk -F, 'NR > 1 && ($4 == "DIRTY" || $3 == "DEP") {print $1 "," $2 "," $3}' \
    "$DATA_DIR/rooms.csv" > "$CACHE_DIR/todo.csv"
TODO_COUNT=$(wc -l < "$CACHE_DIR/todo.csv")
log "$TODO_COUNT room(s) to service on shift $SHIFT"

BOARD_FILE="$REPORT_DIR/hk_board_$(date +%F)_${SHIFT}.txt"
CSV_FILE="$REPORT_DIR/hk_board_$(date +%F)_${SHIFT}.csv"

TODO="$CACHE_DIR/todo.csv" STAFF="$DATA_DIR/attendants.csv" SHIFT="$SHIFT" \
CSV_OUT="$CSV_FILE" python3 - > "$BOARD_FILE" <<'PY'
import csv
import os
from collections import defaultdict

shift = os.environ["SHIFT"].upper()
staff = defaultdict(list)
with open(os.environ["STAFF"], newline="") as fh:
    for row in csv.DictReader(fh):
        if row.get("shift", "").upper() == shift:
            staff[row.get("floor", "*")].append(row["name"])

assignments = defaultdict(list)
unassigned = []
counters = defaultdict(int)
with open(os.environ["TODO"], newline="") as fh:
    for room, floor, kind in csv.reader(fh):
        people = staff.get(floor) or staff.get("*")
        if not people:
            unassigned.append(room)
            continue
        who = people[counters[floor] % len(people)]
        counters[floor] += 1
        credits = 2 if kind == "DEP" else 1
        assignments[who].append((room, kind, credits))

with open(os.environ["CSV_OUT"], "w", newline="") as out:
    writer = csv.writer(out)
    writer.writerow(["attendant", "room", "type", "credits"])
    for who, rooms in sorted(assignments.items()):
        for room, kind, credits in rooms:
            writer.writerow([who, room, kind, credits])

print(f"HOUSEKEEPING BOARD - shift {shift}")
print("=" * 40)
for who, rooms in sorted(assignments.items()):
    total = sum(c for _, _, c in rooms)
    print(f"{who} ({len(rooms)} rooms, {total} credits)")
    print("   " + ", ".join(f"{r}{'*' if k == 'DEP' else ''}" for r, k, _ in rooms))
if unassigned:
    print(f"UNASSIGNED: {', '.join(unassigned)}")
print("* = departure")
PY

log "board written to $BOARD_FILE"
log "csv written to $CSV_FILE"
