#!/usr/bin/env bash
# refill due report
# Builds the morning "refills due" sheet for the pharmacy counter from the
# nightly export in the working directory, grouped by pickup day, and notes
# whether the refill service was up when the sheet was made.
set -euo pipefail

EXPORT="${1:-$PWD/exports/refill_queue.csv}"
DAYS="${DAYS:-3}"
REPORT_DIR="${REPORT_DIR:-$PWD/reports}"
STATUS_URL="${STATUS_URL:-https://rx-refill.example.com/health}"
STORE_ID="${RX_STORE_ID:-0000}"

log() { echo "[due-report] $*" >&2; }

if [[ ! -r "$EXPORT" ]]; then
    log "export $EXPORT not found; run the nightly sync first"
    exit 1
fi
if ! [[ "$DAYS" =~ ^[0-9]+$ ]] || (( DAYS < 1 || DAYS > 14 )); then
    log "DAYS must be 1..14"
    exit 2
fi

mkdir -p "$REPORT_DIR"
today="$(date +%F)"
report="$REPORT_DIR/refills_due_${STORE_ID}_${today}.txt"

# Service status: plain GET with a timeout, never fatal.
if http_code="$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 "$STATUS_URL")"; then
    service_line="refill service: HTTP $http_code"
else
    service_line="refill service: unreachable"
fi
log "$service_line"

# Group the export in python; paths and settings travel through the env.
body="$(EXPORT_PATH="$EXPORT" DAYS="$DAYS" TODAY="$today" python3 - <<'PY'
import csv, os
from collections import defaultdict
from datetime import date, timedelta

today = date.fromisoformat(os.environ["TODAY"])
horizon = today + timedelta(days=int(os.environ["DAYS"]))
groups = defaultdict(list)
skipped = 0
with open(os.environ["EXPORT_PATH"], newline="") as fh:
    for row in csv.DictReader(fh):
        try:
            due = date.fromisoformat(row["due_date"])
        except (KeyError, ValueError):
            skipped += 1
            continue
        if row.get("status") in ("picked_up", "cancelled"):
            continue
        if due <= horizon:
            groups[max(due, today)].append(row)

for day in sorted(groups):
    label = "TODAY / OVERDUE" if day == today else day.strftime("%a %d %b")
    print(f"== {label} ({len(groups[day])}) ==")
    for r in sorted(groups[day], key=lambda r: r.get("patient_last", "")):
        print(f"  {r.get('rx_number', '?'):>9}  {r.get('patient_last', ''):<15} "
              f"{r.get('drug', ''):<28} bin {r.get('bin', '-')}")
    print()
if skipped:
    print(f"({skipped} rows skipped: bad due_date)")
PY
)"

{
    echo "Refills due - store $STORE_ID - $today (next $DAYS days)"
    echo "$service_line"
    echo
    if [[ -n "$body" ]]; then
        echo "$body"
    else
        echo "No refills due."
    fi
} > "$report"

count="$(grep -c '^ ' "$report" || true)"
log "wrote $report ($count refills)"
echo "$report"
