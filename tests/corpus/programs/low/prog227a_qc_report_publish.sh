#!/usr/bin/env bash
# qc_report_publish.sh
#
# Build the daily quality-control report from the CSV flags produced by the
# QC pipeline (./qc/*.csv) and publish it to the data portal's QC endpoint.
# The JSON body is rendered by python3 from values handed over in environment
# variables; the portal API key is read from PORTAL_API_KEY and is only ever
# sent to the portal API itself.
#
# Usage: qc_report_publish.sh [-d YYYY-MM-DD] [-q ./qc] [-n]

set -euo pipefail

PORTAL_API="https://portal.example.org/api/v1"
QC_DIR="./qc"
CACHE_DIR="./.qc_publish"
REPORT_DATE="$(date -u +%F)"
DRY_RUN=0

log() { printf '[qc-publish] %s %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts "d:q:n" opt; do
    case "$opt" in
        d) REPORT_DATE="$OPTARG" ;;
        q) QC_DIR="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        *) die "usage: $0 [-d date] [-q qcdir] [-n]" ;;
    esac
done

[[ "$REPORT_DATE" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] || die "bad date $REPORT_DATE"
[[ -d "$QC_DIR" ]] || die "QC directory $QC_DIR not found"
if [[ "$DRY_RUN" -eq 0 && -z "${PORTAL_API_KEY:-}" ]]; then
    die "PORTAL_API_KEY is not set"
fi

mkdir -p "$CACHE_DIR"
payload="$CACHE_DIR/qc_${REPORT_DATE}.json"

# Collect the list of flag files for the day via command substitution.
flag_files="$(find "$QC_DIR" -maxdepth 1 -name "*_${REPORT_DATE}.csv" -print | sort)"
[[ -n "$flag_files" ]] || die "no QC flag files for $REPORT_DATE in $QC_DIR"
log "found $(wc -l <<< "$flag_files") flag files"

QC_FILES="$flag_files" QC_DATE="$REPORT_DATE" python3 - > "$payload" <<'PY'
import csv
import json
import os
import sys
from collections import Counter, defaultdict

files = [p for p in os.environ["QC_FILES"].splitlines() if p.strip()]
per_station = defaultdict(Counter)
bad_rows = 0

for path in files:
    station = os.path.basename(path).split("_")[0]
    try:
        with open(path, newline="", encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                flag = (row.get("qc_flag") or "").strip() or "missing"
                per_station[station][flag] += 1
    except (OSError, csv.Error) as exc:
        print(f"skip {path}: {exc}", file=sys.stderr)
        bad_rows += 1

stations = []
for station, counts in sorted(per_station.items()):
    total = sum(counts.values())
    good = counts.get("1", 0)
    stations.append({
        "station": station,
        "records": total,
        "flags": dict(counts),
        "pass_rate": round(good / total, 4) if total else None,
    })

json.dump({
    "report_date": os.environ["QC_DATE"],
    "stations": stations,
    "unreadable_files": bad_rows,
}, sys.stdout, indent=2)
PY

log "payload written to $payload ($(wc -c < "$payload") bytes)"

if [[ "$DRY_RUN" -eq 1 ]]; then
    log "dry run, not publishing"
    cat "$payload"
    exit 0
fi

response="$(curl -fsS --max-time 30 -X POST \
    -H "Authorization: Bearer ${PORTAL_API_KEY}" \
    -H 'Content-Type: application/json' \
    --data-binary "@${payload}" \
    "${PORTAL_API}/qc-reports")" || die "portal rejected the report"

report_id="$(printf '%s' "$response" | python3 -c 'import json,sys; print(json.load(sys.stdin).get("id", ""))')"
[[ -n "$report_id" ]] || die "portal response had no report id"
log "published QC report $report_id for $REPORT_DATE"

# The payload is our own cache file; drop it once the portal has it.
rm -f "$payload"
rmdir "$CACHE_DIR" 2>/dev/null || true
