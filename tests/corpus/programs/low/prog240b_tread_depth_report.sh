#!/usr/bin/env bash
# Daily tread depth report for the branch.
# Reads tread_readings.csv (plate,position,depth_mm,checked_on) exported by
# the bay tablets and writes a report of tyres at or below the legal and
# advisory limits, so the front desk can call customers.
set -euo pipefail

READINGS="${READINGS:-tread_readings.csv}"
REPORT_DIR="${REPORT_DIR:-reports}"
LEGAL_MM="${LEGAL_MM:-1.6}"
ADVISORY_MM="${ADVISORY_MM:-3.0}"
CACHE_DIR=".tread_cache"
KEEP_REPORTS="${KEEP_REPORTS:-14}"

usage() {
    echo "usage: $0 [-i readings.csv] [-l legal_mm] [-a advisory_mm]" >&2
}

while getopts "i:l:a:h" opt; do
    case "$opt" in
        i) READINGS="$OPTARG" ;;
        l) LEGAL_MM="$OPTARG" ;;
        a) ADVISORY_MM="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ -f "$READINGS" ]] || { echo "no readings file $READINGS" >&2; exit 1; }
mkdir -p "$REPORT_DIR" "$CACHE_DIR"

TABLET="unknown"
if [[ -r /etc/os-release ]]; then
    TABLET="$(. /etc/os-release && echo "${PRETTY_NAME:-unknown}")"
fi

today="$(date +%F)"
report="$REPORT_DIR/tread_${today}.txt"
classified="$CACHE_DIR/classified_${today}.tsv"

# classify every reading; thresholds go to python through the environment
READINGS="$READINGS" LEGAL_MM="$LEGAL_MM" ADVISORY_MM="$ADVISORY_MM" python3 - > "$classified" <<'PY'
import csv, os, sys
legal = float(os.environ["LEGAL_MM"])
advisory = float(os.environ["ADVISORY_MM"])
latest = {}
with open(os.environ["READINGS"], newline="") as fh:
    for row in csv.DictReader(fh):
        key = (row["plate"].strip().upper(), row["position"].strip().upper())
        try:
            depth = float(row["depth_mm"])
        except (KeyError, ValueError):
            print(f"bad depth for {key}", file=sys.stderr)
            continue
        if key not in latest or row["checked_on"] > latest[key][1]:
            latest[key] = (depth, row["checked_on"])
for (plate, pos), (depth, when) in sorted(latest.items()):
    if depth <= legal:
        grade = "ILLEGAL"
    elif depth <= advisory:
        grade = "ADVISE"
    else:
        grade = "OK"
    print(f"{grade}\t{plate}\t{pos}\t{depth:.1f}\t{when}")
PY

illegal="$(grep -c '^ILLEGAL' "$classified" || true)"
advise="$(grep -c '^ADVISE' "$classified" || true)"
total="$(wc -l < "$classified")"

{
    echo "Tread depth report $today"
    echo "Tablet: $TABLET"
    echo "Limits: legal <= ${LEGAL_MM}mm, advisory <= ${ADVISORY_MM}mm"
    echo "Tyres checked: $total   illegal: $illegal   advisory: $advise"
    echo
    echo "== Below legal limit (call today) =="
    grep '^ILLEGAL' "$classified" | cut -f2- | sort -k1,1 | column -t || echo "(none)"
    echo
    echo "== Advisory =="
    grep '^ADVISE' "$classified" | cut -f2- | sort -k1,1 | column -t || echo "(none)"
} > "$report"

echo "report written to $report ($illegal illegal, $advise advisory)"

# tidy our own cache and old reports
find "$CACHE_DIR" -name 'classified_*.tsv' ! -name "classified_${today}.tsv" -delete
ls -1t "$REPORT_DIR"/tread_*.txt 2>/dev/null | tail -n +"$((KEEP_REPORTS + 1))" | while read -r old; do
    rm -f -- "$old"
done
