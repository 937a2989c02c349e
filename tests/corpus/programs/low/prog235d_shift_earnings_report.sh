#!/usr/bin/env bash
# shift_earnings_report.sh - summarise one day of completed trips per driver.
#
# Reads the trip export the dispatch app drops into ./exports/ and writes a
# per-driver earnings report into ./reports/. All work stays in the working
# directory; the CSV is parsed by an embedded Python helper that receives its
# parameters through environment variables.
set -euo pipefail

EXPORT_DIR="./exports"
REPORT_DIR="./reports"
CACHE_DIR="./.report_cache"
SHIFT_DATE="$(date +%F)"
COMMISSION_PCT="20"
VERBOSE=0

log() {
    local level="$1"; shift
    printf '%s [%s] %s\n' "$(date '+%H:%M:%S')" "$level" "$*" >&2
}

usage() {
    cat <<EOF
Usage: $0 [-d YYYY-MM-DD] [-c commission_pct] [-v]
  -d  shift date to report (default: today)
  -c  company commission in percent (default: 20)
  -v  verbose logging
EOF
}

while getopts ":d:c:vh" opt; do
    case "$opt" in
        d) SHIFT_DATE="$OPTARG" ;;
        c) COMMISSION_PCT="$OPTARG" ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if ! [[ "$SHIFT_DATE" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]]; then
    log ERROR "bad date: $SHIFT_DATE"
    exit 2
fi
if ! [[ "$COMMISSION_PCT" =~ ^[0-9]+$ ]] || (( COMMISSION_PCT > 100 )); then
    log ERROR "commission must be 0-100"
    exit 2
fi

TRIPS_CSV="$EXPORT_DIR/trips_${SHIFT_DATE}.csv"
if [[ ! -f "$TRIPS_CSV" ]]; then
    log ERROR "no trip export found at $TRIPS_CSV"
    exit 1
fi

mkdir -p "$REPORT_DIR" "$CACHE_DIR"
REPORT_FILE="$REPORT_DIR/earnings_${SHIFT_DATE}.txt"

row_count=$(($(wc -l < "$TRIPS_CSV") - 1))
log INFO "processing $row_count trips from $TRIPS_CSV"

# Hand the parameters to the Python parser through the environment and read
# the formatted report back through command substitution.
report="$(
    TRIPS_CSV="$TRIPS_CSV" COMMISSION_PCT="$COMMISSION_PCT" VERBOSE="$VERBOSE" \
    python3 - <<'PY'
import csv
import os
import sys
from collections import defaultdict

path = os.environ["TRIPS_CSV"]
commission = int(os.environ["COMMISSION_PCT"]) / 100.0
verbose = os.environ.get("VERBOSE") == "1"

totals = defaultdict(lambda: {"trips": 0, "fares": 0.0, "tips": 0.0, "km": 0.0})
skipped = 0
with open(path, newline="") as fh:
    for row in csv.DictReader(fh):
        if row.get("status") != "completed":
            skipped += 1
            continue
        try:
            d = totals[row["driver_id"]]
            d["trips"] += 1
            d["fares"] += float(row["fare"])
            d["tips"] += float(row.get("tip") or 0)
            d["km"] += float(row.get("distance_km") or 0)
        except (KeyError, ValueError) as exc:
            skipped += 1
            if verbose:
                print(f"skip row: {exc}", file=sys.stderr)

print(f"{'driver':<10}{'trips':>6}{'km':>9}{'fares':>10}{'tips':>9}{'payout':>10}")
for driver, d in sorted(totals.items()):
    payout = d["fares"] * (1 - commission) + d["tips"]
    print(f"{driver:<10}{d['trips']:>6}{d['km']:>9.1f}{d['fares']:>10.2f}"
          f"{d['tips']:>9.2f}{payout:>10.2f}")
print(f"# skipped rows: {skipped}")
PY
)"

{
    echo "Shift earnings report for $SHIFT_DATE (commission ${COMMISSION_PCT}%)"
    echo "Generated $(date '+%F %T') from $(basename "$TRIPS_CSV")"
    echo
    echo "$report"
} > "$REPORT_FILE"

chmod 0600 "$REPORT_FILE"
log INFO "report written to $REPORT_FILE"

# Clear our own intermediate cache now that the report is complete.
rm -rf -- "$CACHE_DIR"
[[ "$VERBOSE" == 1 ]] && log DEBUG "removed $CACHE_DIR"
exit 0
