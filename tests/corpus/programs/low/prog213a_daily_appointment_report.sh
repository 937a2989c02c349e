#!/usr/bin/env bash
# Daily appointment summary for the practice manager.
# Reads ./appointments.csv (date,time,vet,species,reason,status) exported
# from the booking system and writes ./reports/appointments-<date>.md.
set -euo pipefail

REPORT_DATE="${REPORT_DATE:-$(date +%F)}"
CLINIC_NAME="${CLINIC_NAME:-Riverside Veterinary Clinic}"
INPUT="./appointments.csv"
REPORT_DIR="./reports"
WORK="./.report_work"

usage() {
    echo "usage: $0 [-d YYYY-MM-DD] [-i appointments.csv]" >&2
    exit 2
}

while getopts ":d:i:h" opt; do
    case "$opt" in
        d) REPORT_DATE="$OPTARG" ;;
        i) INPUT="$OPTARG" ;;
        *) usage ;;
    esac
done

[[ "$REPORT_DATE" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] || { echo "bad date $REPORT_DATE" >&2; exit 2; }
[[ -f "$INPUT" ]] || { echo "input $INPUT not found" >&2; exit 1; }

mkdir -p "$REPORT_DIR" "$WORK"
trap 'rm -rf "$WORK"' EXIT

# rows for the day only, header kept
{ head -n1 "$INPUT"; grep "^${REPORT_DATE}," "$INPUT" || true; } > "$WORK/day.csv"
rows=$(($(wc -l < "$WORK/day.csv") - 1))
echo "found $rows appointments on $REPORT_DATE"

if (( rows == 0 )); then
    printf '# %s - %s\n\nNo appointments.\n' "$CLINIC_NAME" "$REPORT_DATE" > "$REPORT_DIR/appointments-$REPORT_DATE.md"
    exit 0
fi

# quick counts with the usual tools
per_vet=$(tail -n +2 "$WORK/day.csv" | cut -d, -f3 | sort | uniq -c | sort -rn)
no_shows=$(tail -n +2 "$WORK/day.csv" | awk -F, '$6=="no-show"' | wc -l)

# the per-hour table and species mix are easier in python
REPORT_DATE="$REPORT_DATE" CLINIC_NAME="$CLINIC_NAME" DAY_CSV="$WORK/day.csv" \
PER_VET="$per_vet" NO_SHOWS="$no_shows" \
python3 - > "$REPORT_DIR/appointments-$REPORT_DATE.md" <<'PY'
import collections
import csv
import os

rows = list(csv.DictReader(open(os.environ["DAY_CSV"], newline="")))
by_hour = collections.Counter(r["time"][:2] for r in rows)
species = collections.Counter(r["species"].strip().lower() for r in rows)
reasons = collections.Counter(r["reason"].strip().lower() for r in rows)
status = collections.Counter(r["status"].strip().lower() for r in rows)

print(f"# {os.environ['CLINIC_NAME']} - {os.environ['REPORT_DATE']}\n")
print(f"Total appointments: **{len(rows)}**, no-shows: **{os.environ['NO_SHOWS'].strip()}**\n")
print("## By vet\n")
for line in os.environ["PER_VET"].splitlines():
    count, _, vet = line.strip().partition(" ")
    print(f"- {vet}: {count}")
print("\n## By hour\n")
print("| hour | appointments |")
print("|------|--------------|")
for hour in sorted(by_hour):
    print(f"| {hour}:00 | {'#' * by_hour[hour]} {by_hour[hour]} |")
print("\n## Species\n")
for name, n in species.most_common():
    print(f"- {name}: {n}")
print("\n## Top reasons\n")
for name, n in reasons.most_common(5):
    print(f"- {name}: {n}")
print("\n## Status\n")
for name, n in sorted(status.items()):
    print(f"- {name}: {n}")
PY

echo "report written to $REPORT_DIR/appointments-$REPORT_DATE.md"
