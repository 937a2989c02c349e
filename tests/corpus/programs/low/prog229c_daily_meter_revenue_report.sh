#!/usr/bin/env bash
# Daily meter revenue report.
# Combines the meter CSV exports in ./exports for one day, aggregates them per
# zone with a small Python step, writes text + JSON reports under ./reports and
# optionally posts the JSON summary to the parking authority revenue API.
set -euo pipefail

SCRIPT_NAME="$(basename "$0")"
EXPORT_DIR="./exports"
REPORT_DIR="./reports"
CACHE_DIR="./.cache/revenue"
REPORT_DATE="$(date +%F)"
POST_SUMMARY=0
API_URL="${REVENUE_API_URL:-https://api.example.org/v1/revenue/daily}"
LOG_FILE="./revenue_report.log"

log() {
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$SCRIPT_NAME" "$*" | tee -a "$LOG_FILE" >&2
}

usage() {
    cat <<EOF
Usage: $SCRIPT_NAME [-d YYYY-MM-DD] [-e export_dir] [-o report_dir] [-p]
  -d  report date (default: today)
  -e  directory holding meter CSV exports (default: ./exports)
  -o  output directory for reports (default: ./reports)
  -p  post the summary JSON to the revenue API (needs REVENUE_API_KEY)
EOF
}

while getopts ":d:e:o:ph" opt; do
    case "$opt" in
        d) REPORT_DATE="$OPTARG" ;;
        e) EXPORT_DIR="$OPTARG" ;;
        o) REPORT_DIR="$OPTARG" ;;
        p) POST_SUMMARY=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if [[ ! "$REPORT_DATE" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]]; then
    log "invalid date: $REPORT_DATE"
    exit 2
fi
[[ -d "$EXPORT_DIR" ]] || { log "export directory $EXPORT_DIR is missing"; exit 1; }
mkdir -p "$REPORT_DIR" "$CACHE_DIR"

# Collect the export files for the requested day.
mapfile -t exports < <(find "$EXPORT_DIR" -maxdepth 1 -name "meters_${REPORT_DATE}_*.csv" | sort)
if (( ${#exports[@]} == 0 )); then
    log "no exports found for $REPORT_DATE"
    exit 0
fi
log "found ${#exports[@]} export file(s) for $REPORT_DATE"

# Concatenate into one cache file, keeping a single header line.
combined="$CACHE_DIR/combined_${REPORT_DATE}.csv"
head -n 1 "${exports[0]}" > "$combined"
for f in "${exports[@]}"; do
    tail -n +2 "$f" >> "$combined"
done
rows=$(( $(wc -l < "$combined") - 1 ))
log "combined $rows transaction rows"

summary_json="$REPORT_DIR/revenue_${REPORT_DATE}.json"
summary_txt="$REPORT_DIR/revenue_${REPORT_DATE}.txt"

# Aggregate in Python; file paths and the date travel through the environment.
COMBINED_CSV="$combined" SUMMARY_JSON="$summary_json" REPORT_DATE="$REPORT_DATE" \
python3 - <<'PYEOF' > "$summary_txt"
import csv, json, os, sys
from collections import defaultdict

zones = defaultdict(lambda: {"cents": 0, "sessions": 0, "card": 0, "coin": 0})
bad = 0
with open(os.environ["COMBINED_CSV"], newline="") as fh:
    for row in csv.DictReader(fh):
        try:
            cents = int(row["amount_cents"])
        except (KeyError, ValueError):
            bad += 1
            continue
        z = zones[row.get("zone") or "UNKNOWN"]
        z["cents"] += cents
        z["sessions"] += 1
        method = (row.get("method") or "").lower()
        if method in ("card", "coin"):
            z[method] += 1

summary = {
    "date": os.environ["REPORT_DATE"],
    "zones": dict(zones),
    "total_cents": sum(z["cents"] for z in zones.values()),
    "rejected_rows": bad,
}
with open(os.environ["SUMMARY_JSON"], "w") as out:
    json.dump(summary, out, indent=2, sort_keys=True)

print(f"Revenue report for {summary['date']}")
for name in sorted(zones):
    z = zones[name]
    print(f"  {name:<10} ${z['cents'] / 100:>10.2f}  sessions={z['sessions']:<6} "
          f"card={z['card']} coin={z['coin']}")
print(f"  {'TOTAL':<10} ${summary['total_cents'] / 100:>10.2f}")
if bad:
    print(f"{bad} malformed rows skipped", file=sys.stderr)
PYEOF

log "wrote $summary_txt and $summary_json"

total_cents=$(SUMMARY_JSON="$summary_json" python3 -c \
    'import json, os; print(json.load(open(os.environ["SUMMARY_JSON"]))["total_cents"])')
log "day total: $total_cents cents"

if (( POST_SUMMARY )); then
    if [[ -z "${REVENUE_API_KEY:-}" ]]; then
        log "REVENUE_API_KEY is not set; skipping upload"
    else
        http_code=$(curl -sS --max-time 20 -o "$CACHE_DIR/post_response.json" -w '%{http_code}' \
            -H "Authorization: Bearer ${REVENUE_API_KEY}" \
            -H "Content-Type: application/json" \
            --data-binary @"$summary_json" "$API_URL") || http_code="000"
        if [[ "$http_code" =~ ^2 ]]; then
            log "summary accepted by revenue API (HTTP $http_code)"
        else
            log "revenue API upload failed (HTTP $http_code)"
        fi
    fi
fi

# Remove our own intermediate files.
rm -rf "$CACHE_DIR"
log "done"
