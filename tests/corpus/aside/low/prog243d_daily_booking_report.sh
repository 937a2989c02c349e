#!/usr/bin/env bash
# Daily booking report for the arena office.
# Reads ./data/bookings.csv, summarises one day's sessions per field and time
# slot, and writes ./reports/bookings-<date>.txt plus a small per-field CSV.
set -euo pipefail

BOOKINGS="${BOOKINGS:-./data/bookings.csv}"
REPORT_DIR="${REPORT_DIR:-./reports}"
DAY="$(date +%F)"
QUIET=0

log() { [[ "$QUIET" -eq 1 ]] || printf '[report] %s\n' "$*" >&2; }

usage() {
    echo "usage: $0 [-f bookings.csv] [-o report_dir] [-d YYYY-MM-DD] [-q]"
}

while getopts ":f:o:d:qh" opt; do
    case "$opt" in
        f) BOOKINGS="$OPTARG" ;;
        o) REPORT_DIR="$OPTARG" ;;
        d) DAY="$OPTARG" ;;
        q) QUIET=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ "$DAY" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] || { echo "bad date: $DAY" >&2; exit 2; }
[[ -r "$BOOKINGS" ]] || { echo "cannot read $BOOKINGS" >&2; exit 1; }
mkdir -p "$REPORT_DIR"

REPORT="$REPORT_DIR/bookings-$DAY.txt"
FIELDS_CSV="$REPORT_DIR/fields-$DAY.csv"

# Python does the CSV parsing; shell hands it the paths through the environment.
summary="$(REPORT_CSV="$BOOKINGS" REPORT_DAY="$DAY" FIELDS_OUT="$FIELDS_CSV" python3 - <<'PY'
import csv
import os
from collections import Counter, defaultdict

day = os.environ["REPORT_DAY"]
players = Counter()
slots = defaultdict(int)
groups = 0
with open(os.environ["REPORT_CSV"], newline="") as fh:
    for row in csv.DictReader(fh):
        if row.get("date") != day or row.get("status", "confirmed") == "cancelled":
            continue
        n = int(row.get("players") or 0)
        players[row.get("field", "?")] += n
        slots[row.get("session", "?")] += n
        groups += 1

with open(os.environ["FIELDS_OUT"], "w", newline="") as out:
    w = csv.writer(out)
    w.writerow(["field", "players"])
    for field, n in sorted(players.items()):
        w.writerow([field, n])

print(f"TOTAL_GROUPS={groups}")
print(f"TOTAL_PLAYERS={sum(players.values())}")
for slot in sorted(slots):
    print(f"SLOT {slot} {slots[slot]}")
for field, n in players.most_common():
    print(f"FIELD {field} {n}")
PY
)"

groups="$(grep '^TOTAL_GROUPS=' <<<"$summary" | cut -d= -f2)"
total="$(grep '^TOTAL_PLAYERS=' <<<"$summary" | cut -d= -f2)"

{
    echo "Arena bookings for $DAY"
    echo "generated $(date '+%F %T') from $BOOKINGS"
    echo
    echo "Groups:  $groups"
    echo "Players: $total"
    echo
    echo "By session slot:"
    grep '^SLOT ' <<<"$summary" | while read -r _ slot n; do
        printf '  %-8s %4d\n' "$slot" "$n"
    done
    echo
    echo "By field (busiest first):"
    grep '^FIELD ' <<<"$summary" | while read -r _ field n; do
        printf '  %-14s %4d\n' "$field" "$n"
    done
} > "$REPORT"

log "wrote $REPORT and $FIELDS_CSV ($groups groups, $total players)"
[[ "$QUIET" -eq 1 ]] || cat "$REPORT"
