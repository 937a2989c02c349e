#!/usr/bin/env bash
# payroll_batch_export.sh - submit the weekly driver payroll batch.
#
# Builds a JSON batch from ./payroll/week_<N>.csv with an inline Python
# helper, caches it under an MD5-based key so the same week is never sent
# twice, and posts it to the payroll provider's API using PAYROLL_API_KEY.
set -euo pipefail

API_URL="https://payroll.example.com/api/v1/batches"
PAYROLL_DIR="./payroll"
SENT_DIR="./payroll/.sent"
WEEK=""
DRY_RUN=0

log() { printf '%s [payroll-export] %s\n' "$(date '+%F %T')" "$*" >&2; }

usage() {
    echo "Usage: $0 -w week_number [-n]   (-n = dry run, print JSON only)"
}

while getopts ":w:nh" opt; do
    case "$opt" in
        w) WEEK="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ "$WEEK" =~ ^[0-9]{1,2}$ ]] || { usage; exit 2; }

CSV="$PAYROLL_DIR/week_${WEEK}.csv"
[[ -f "$CSV" ]] || { log "missing $CSV"; exit 1; }

if [[ "$DRY_RUN" == 0 && -z "${PAYROLL_API_KEY:-}" ]]; then
    log "PAYROLL_API_KEY is not set"
    exit 1
fi

batch_json="$(
    CSV_PATH="$CSV" WEEK="$WEEK" python3 - <<'PY'
import csv
import json
import os
import sys

rows = []
with open(os.environ["CSV_PATH"], newline="") as fh:
    for n, row in enumerate(csv.DictReader(fh), start=2):
        try:
            gross = round(float(row["gross"]), 2)
            deductions = round(float(row.get("deductions") or 0), 2)
        except (KeyError, ValueError):
            print(f"line {n}: bad amount, skipped", file=sys.stderr)
            continue
        if gross < 0 or deductions > gross:
            print(f"line {n}: inconsistent amounts, skipped", file=sys.stderr)
            continue
        rows.append({
            "driver_id": row["driver_id"],
            "gross": gross,
            "deductions": deductions,
            "net": round(gross - deductions, 2),
        })

print(json.dumps({"week": int(os.environ["WEEK"]), "currency": "EUR",
                  "lines": rows}, sort_keys=True))
PY
)"

line_count="$(printf '%s' "$batch_json" | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["lines"]))')"
log "week $WEEK: $line_count payroll lines"

# MD5 is only a cache key here: identical batches map to the same marker file.
cache_key="$(printf '%s' "$batch_json" | md5sum | cut -d' ' -f1)"
mkdir -p "$SENT_DIR"
marker="$SENT_DIR/$cache_key"

if [[ "$DRY_RUN" == 1 ]]; then
    printf '%s\n' "$batch_json"
    exit 0
fi

if [[ -f "$marker" ]]; then
    log "batch $cache_key already submitted on $(cat "$marker"), skipping"
    exit 0
fi

http_code="$(
    printf '%s' "$batch_json" | curl -s -o "$SENT_DIR/last_response.json" \
        -w '%{http_code}' --max-time 20 \
        -H "Authorization: Bearer ${PAYROLL_API_KEY}" \
        -H 'Content-Type: application/json' \
        --data-binary @- "$API_URL"
)" || http_code="000"

case "$http_code" in
    200|201|202)
        date '+%F %T' > "$marker"
        chmod 0600 "$marker" "$SENT_DIR/last_response.json"
        log "submitted batch $cache_key (HTTP $http_code)"
        ;;
    *)
        log "submission failed (HTTP $http_code); see $SENT_DIR/last_response.json"
        exit 1
        ;;
esac
