#!/usr/bin/env bash
# daily_tonnage_report.sh
# End-of-day tonnage and payout summary for the weighbridge office.
# Reads the ticket export written by the scale software (./data/tickets.csv),
# totals net weight and payout per metal grade and per payment method, and
# writes a plain-text report plus a CSV into ./reports.
#
# Usage: daily_tonnage_report.sh [--date YYYY-MM-DD] [--input FILE] [--top N]

set -euo pipefail

INPUT="./data/tickets.csv"
REPORT_DATE="$(date +%Y-%m-%d)"
REPORT_DIR="./reports"
TOP=5
LOG="./reports/report.log"

log() { echo "$(date '+%F %T') $*" >> "$LOG"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --date) REPORT_DATE="$2"; shift 2 ;;
        --input) INPUT="$2"; shift 2 ;;
        --top) TOP="$2"; shift 2 ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 1 ;;
    esac
done

mkdir -p "$REPORT_DIR"
if [[ ! -f "$INPUT" ]]; then
    echo "ticket export $INPUT not found" >&2
    log "missing input $INPUT"
    exit 1
fi
[[ "$REPORT_DATE" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] || { echo "bad date" >&2; exit 1; }

CSV_OUT="$REPORT_DIR/tonnage_$REPORT_DATE.csv"
TXT_OUT="$REPORT_DIR/tonnage_$REPORT_DATE.txt"

# Totals are computed in Python; file names and the date are handed over in
# the environment, the per-grade CSV comes back on stdout.
summary_csv="$(INPUT="$INPUT" REPORT_DATE="$REPORT_DATE" python3 - <<'PY'
import csv, os, sys
from collections import defaultdict
date = os.environ["REPORT_DATE"]
tons = defaultdict(float)
pay = defaultdict(float)
count = defaultdict(int)
skipped = 0
with open(os.environ["INPUT"], newline="", encoding="utf-8") as fh:
    for row in csv.DictReader(fh):
        if not row.get("weighed_at", "").startswith(date):
            continue
        try:
            net = (float(row["gross_kg"]) - float(row["tare_kg"])) / 1000.0
            payout = float(row["payout"])
        except (KeyError, ValueError):
            skipped += 1
            continue
        grade = row.get("grade", "unknown") or "unknown"
        tons[grade] += net
        pay[grade] += payout
        count[grade] += 1
w = csv.writer(sys.stdout)
w.writerow(["grade", "tickets", "net_tonnes", "payout"])
for g in sorted(tons, key=tons.get, reverse=True):
    w.writerow([g, count[g], "%.3f" % tons[g], "%.2f" % pay[g]])
if skipped:
    print("skipped %d malformed rows" % skipped, file=sys.stderr)
PY
)"

printf '%s\n' "$summary_csv" > "$CSV_OUT"
chmod 0600 "$CSV_OUT"

total_tickets="$(tail -n +2 "$CSV_OUT" | cut -d, -f2 | paste -sd+ - | bc 2>/dev/null || echo 0)"
total_tonnes="$(tail -n +2 "$CSV_OUT" | awk -F, '{s+=$3} END {printf "%.3f", s}')"
total_payout="$(tail -n +2 "$CSV_OUT" | awk -F, '{s+=$4} END {printf "%.2f", s}')"

{
    echo "Weighbridge tonnage report - $REPORT_DATE"
    echo "Generated $(date '+%F %T') on $(hostname)"
    echo
    echo "Tickets: ${total_tickets:-0}   Net tonnes: $total_tonnes   Payout: $total_payout"
    echo
    echo "Top $TOP grades by tonnage:"
    tail -n +2 "$CSV_OUT" | head -n "$TOP" | column -t -s,
} > "$TXT_OUT"

log "report for $REPORT_DATE: $total_tonnes t, payout $total_payout"
cat "$TXT_OUT"
