#!/usr/bin/env bash
# concession_sales_upload.sh - total the day's concession-stand sales from
# the till exports in ./sales and post the summary to the chain's sales
# API. The API key comes from CONCESSION_API_KEY and is sent only to that
# API.
#
# Usage: concession_sales_upload.sh [-d YYYY-MM-DD] [-s site_id] [-n]

set -euo pipefail

API_URL="${CONCESSION_API_URL:-https://api.example.org/v2/concessions/daily}"
SITE_ID="${CINEMA_SITE:-site-001}"
DAY="$(date +%F)"
DRY_RUN=0
SALES_DIR="./sales"
BUILD_DIR="./build"

log() { printf '%s concessions: %s\n' "$(date '+%T')" "$*" >&2; }

usage() { echo "Usage: $(basename "$0") [-d YYYY-MM-DD] [-s site_id] [-n]"; }

while getopts ":d:s:nh" opt; do
    case "$opt" in
        d) DAY="$OPTARG" ;;
        s) SITE_ID="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if [[ -z "${CONCESSION_API_KEY:-}" && $DRY_RUN -eq 0 ]]; then
    log "CONCESSION_API_KEY is not set"
    exit 1
fi

collect_files() {
    find "$SALES_DIR" -maxdepth 1 -type f -name "till_*_${DAY}.csv" | sort
}

summarise() {
    # File list arrives on stdin; totals go to the summary JSON path.
    SUMMARY_OUT="$1" SUMMARY_SITE="$SITE_ID" SUMMARY_DAY="$DAY" python3 -c '
import csv, json, os, sys
totals, items, tills = {}, 0, []
for path in (l.strip() for l in sys.stdin if l.strip()):
    tills.append(os.path.basename(path))
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            cat = row.get("category", "other").lower()
            qty = int(row.get("qty", 0) or 0)
            cents = int(row.get("amount_cents", 0) or 0)
            t = totals.setdefault(cat, {"qty": 0, "amount_cents": 0})
            t["qty"] += qty
            t["amount_cents"] += cents
            items += qty
summary = {"site": os.environ["SUMMARY_SITE"], "day": os.environ["SUMMARY_DAY"],
           "tills": tills, "items": items, "categories": totals}
with open(os.environ["SUMMARY_OUT"], "w", encoding="utf-8") as out:
    json.dump(summary, out, indent=2, sort_keys=True)
print(items)
'
}

upload() {
    SUMMARY_FILE="$1" UPLOAD_URL="$API_URL" python3 - <<'PYEOF'
import os
import sys
import urllib.error
import urllib.request

with open(os.environ["SUMMARY_FILE"], "rb") as fh:
    body = fh.read()
req = urllib.request.Request(
    os.environ["UPLOAD_URL"], data=body, method="POST",
    headers={"Content-Type": "application/json",
             "Authorization": "Bearer " + os.environ["CONCESSION_API_KEY"]})
try:
    with urllib.request.urlopen(req, timeout=30) as resp:
        print("status", resp.status)
except urllib.error.HTTPError as exc:
    sys.stderr.write("API rejected upload: %s\n" % exc.code)
    sys.exit(1)
except urllib.error.URLError as exc:
    sys.stderr.write("API unreachable: %s\n" % exc.reason)
    sys.exit(1)
PYEOF
}

main() {
    mkdir -p "$BUILD_DIR"
    local files summary items
    files="$(collect_files)"
    if [[ -z "$files" ]]; then
        log "no till exports for $DAY in $SALES_DIR"
        exit 0
    fi
    summary="$BUILD_DIR/concessions_${SITE_ID}_${DAY}.json"
    items="$(summarise "$summary" <<< "$files")" || { log "summary failed"; exit 1; }
    log "$items items across $(wc -l <<< "$files") tills -> $summary"
    if (( DRY_RUN )); then
        log "dry run, not uploading"
        exit 0
    fi
    upload "$summary" || exit 1
    # clear our own intermediate files from earlier runs
    find "$BUILD_DIR" -name '*.json' ! -name "$(basename "$summary")" -mtime +7 -delete
    log "upload complete"
}

main
