#!/usr/bin/env bash
# crew_internet_quota_report.sh
# Summarises crew welfare internet usage per cabin from the captive portal's
# CSV exports (in the working directory), checks that the welfare API is up,
# and posts the summary to it. The API key comes from the environment and is
# only sent to the welfare API.
set -euo pipefail

USAGE_DIR="${USAGE_DIR:-./usage_exports}"
OUT_DIR="${OUT_DIR:-./reports}"
QUOTA_MB="${QUOTA_MB:-2048}"
readonly API_BASE="https://welfare-api.example.org/v1"
POST=1

usage() {
    cat <<EOF
Usage: $0 [-u usage_dir] [-o out_dir] [-q quota_mb] [-n]
  -n  do not post to the welfare API, only write the local summary
EOF
}

while getopts "u:o:q:nh" opt; do
    case "$opt" in
        u) USAGE_DIR="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        q) QUOTA_MB="$OPTARG" ;;
        n) POST=0 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

log() { echo "$(date '+%F %T') [quota] $*" | tee -a "$OUT_DIR/quota.log" >&2; }

mkdir -p "$OUT_DIR"

if ! compgen -G "$USAGE_DIR/*.csv" >/dev/null; then
    log "no usage exports in $USAGE_DIR"
    exit 0
fi

SUMMARY="$OUT_DIR/quota_$(date +%Y%m%d).json"

# Aggregate all exports; the CSV rows are piped into Python on stdin.
cat "$USAGE_DIR"/*.csv | grep -v '^cabin,' | \
    QUOTA_MB="$QUOTA_MB" python3 -c '
import csv
import json
import os
import sys
from collections import defaultdict

quota = float(os.environ["QUOTA_MB"])
usage = defaultdict(float)
bad = 0
for row in csv.reader(sys.stdin):
    if len(row) < 3:
        bad += 1
        continue
    cabin, _user, mb = row[0].strip(), row[1].strip(), row[2].strip()
    try:
        usage[cabin] += float(mb)
    except ValueError:
        bad += 1
cabins = [
    {"cabin": c, "used_mb": round(v, 1), "over_quota": v > quota}
    for c, v in sorted(usage.items())
]
json.dump({"quota_mb": quota, "cabins": cabins, "skipped_rows": bad},
          sys.stdout, indent=2)
' > "$SUMMARY"

over=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(sum(c["over_quota"] for c in d["cabins"]))' "$SUMMARY")
log "summary written to $SUMMARY ($over cabin(s) over quota)"

if [[ $POST -eq 0 ]]; then
    exit 0
fi

if [[ -z "${WELFARE_API_KEY:-}" ]]; then
    log "WELFARE_API_KEY not set, skipping upload"
    exit 0
fi

status=$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 "$API_BASE/health" || echo 000)
if [[ "$status" != "200" ]]; then
    log "welfare API not healthy (HTTP $status), keeping summary locally"
    exit 1
fi

code=$(curl -s -o "$OUT_DIR/last_response.json" -w '%{http_code}' --max-time 30 \
    -X POST "$API_BASE/quota-reports" \
    -H "Content-Type: application/json" \
    -H "Authorization: Bearer $WELFARE_API_KEY" \
    --data-binary @"$SUMMARY" || echo 000)

if [[ "$code" =~ ^2 ]]; then
    log "summary uploaded (HTTP $code)"
else
    log "upload failed (HTTP $code)"
    exit 1
fi
