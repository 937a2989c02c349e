#!/usr/bin/env bash
# End-of-shift summary of the medication administration record (MAR).
# Reads the MAR export the eMAR writes into ./exports, counts doses given,
# refused, withheld and missed per patient for the chosen shift, and writes
# a plain-text summary into ./reports for the handover folder.
set -euo pipefail

EXPORT_DIR="./exports"
REPORT_DIR="./reports"
SHIFT="day"
DATE="$(date +%F)"
KEEP_DAYS=14

usage() {
    cat <<EOF
Usage: $0 [-s day|late|night] [-d YYYY-MM-DD] [-e export_dir] [-r report_dir]
EOF
}

while getopts ":s:d:e:r:h" opt; do
    case "$opt" in
        s) SHIFT="$OPTARG" ;;
        d) DATE="$OPTARG" ;;
        e) EXPORT_DIR="$OPTARG" ;;
        r) REPORT_DIR="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

log() { printf '%s %s\n' "$(date +%T)" "$*" >&2; }

case "$SHIFT" in
    day)   START="07:30"; END="15:30" ;;
    late)  START="15:00"; END="22:00" ;;
    night) START="21:30"; END="07:45" ;;
    *) log "unknown shift '$SHIFT'"; exit 2 ;;
esac

EXPORT="$EXPORT_DIR/mar_${DATE}.csv"
[ -f "$EXPORT" ] || { log "no MAR export for $DATE at $EXPORT"; exit 1; }
mkdir -p "$REPORT_DIR"
REPORT="$REPORT_DIR/mar_summary_${DATE}_${SHIFT}.txt"

log "summarising $EXPORT for the $SHIFT shift ($START-$END)"

SUMMARY="$(MAR_EXPORT="$EXPORT" SHIFT_START="$START" SHIFT_END="$END" \
           SHIFT_NAME="$SHIFT" SHIFT_DATE="$DATE" python3 - <<'PY'
import csv, os
from collections import Counter, defaultdict

start, end = os.environ["SHIFT_START"], os.environ["SHIFT_END"]

def in_shift(t):
    if start <= end:
        return start <= t < end
    return t >= start or t < end   # night shift wraps midnight

per_patient = defaultdict(Counter)
missed = []
with open(os.environ["MAR_EXPORT"], newline="") as fh:
    for row in csv.DictReader(fh):
        t = row.get("scheduled_time", "")[:5]
        if not in_shift(t):
            continue
        status = row.get("status", "unknown").lower()
        who = f'{row.get("room", "?")} {row.get("patient", "?")}'
        per_patient[who][status] += 1
        if status == "missed":
            missed.append(f'{t} {who}: {row.get("drug", "?")} {row.get("dose", "")}')

print(f'MAR summary - {os.environ["SHIFT_DATE"]} {os.environ["SHIFT_NAME"]} shift')
print("-" * 60)
for who in sorted(per_patient):
    c = per_patient[who]
    print(f"{who:<28} given {c['given']:>2}  refused {c['refused']:>2}  "
          f"withheld {c['withheld']:>2}  missed {c['missed']:>2}")
if missed:
    print("\nMISSED DOSES - follow up at handover:")
    for m in missed:
        print("  " + m)
total = sum(sum(c.values()) for c in per_patient.values())
print(f"\n{total} scheduled administrations in shift")
PY
)"

printf '%s\n' "$SUMMARY" > "$REPORT"
chmod 600 "$REPORT"
log "wrote $REPORT"

missed_count="$(printf '%s\n' "$SUMMARY" | grep -c '^  ' || true)"
if [ "$missed_count" -gt 0 ]; then
    log "$missed_count missed dose(s) need follow-up"
fi

# prune this tool's own old summaries
find "$REPORT_DIR" -maxdepth 1 -name 'mar_summary_*.txt' -mtime +"$KEEP_DAYS" -print -delete \
    | while read -r old; do log "removed old summary $old"; done

printf '%s\n' "$SUMMARY"
