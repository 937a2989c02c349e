#!/usr/bin/env bash
# daily print job summary
# Summarises yesterday's label print jobs from the refill app's job logs in
# the working directory (counts, reprints, failures per printer) and posts
# the summary to the chain's store-operations API.
set -euo pipefail

LOG_DIR="${LOG_DIR:-$PWD/joblogs}"
CACHE_DIR="$PWD/.summary_cache"
readonly OPS_API="https://ops-api.example.com/v1/stores"
STORE_ID="${RX_STORE_ID:-0000}"
DAY="${DAY:-$(date -d yesterday +%F)}"
POST=1

while [[ $# -gt 0 ]]; do
    case "$1" in
        --day) DAY="$2"; shift ;;
        --no-post) POST=0 ;;
        -h|--help) echo "Usage: $0 [--day YYYY-MM-DD] [--no-post]"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
    shift
done

info() { echo "[summary] $*" >&2; }

shopt -s nullglob
logs=("$LOG_DIR"/jobs-"$DAY"*.log)
if [[ ${#logs[@]} -eq 0 ]]; then
    info "no job logs for $DAY in $LOG_DIR"
    exit 0
fi

mkdir -p "$CACHE_DIR"
# concatenate the day's logs once; python reads the combined file
combined="$CACHE_DIR/jobs-$DAY.log"
cat "${logs[@]}" > "$combined"
info "$(wc -l < "$combined") job lines from ${#logs[@]} file(s)"

summary_json="$(JOB_LOG="$combined" STORE_ID="$STORE_ID" DAY="$DAY" python3 -c '
import json, os, re
from collections import Counter, defaultdict

# line format: 2024-05-01T09:12:33 printer=zebra-front rx=1234567 result=ok reprint=0
pat = re.compile(r"printer=(\S+)\s+rx=(\S+)\s+result=(\S+)\s+reprint=(\d)")
per = defaultdict(Counter)
bad = 0
with open(os.environ["JOB_LOG"]) as fh:
    for line in fh:
        m = pat.search(line)
        if not m:
            bad += 1
            continue
        printer, _rx, result, reprint = m.groups()
        per[printer]["jobs"] += 1
        per[printer]["failed"] += result != "ok"
        per[printer]["reprints"] += reprint == "1"
print(json.dumps({
    "store": os.environ["STORE_ID"],
    "day": os.environ["DAY"],
    "printers": {p: dict(c) for p, c in sorted(per.items())},
    "unparsed_lines": bad,
}))
')"

echo "$summary_json" > "$PWD/summary-$DAY.json"
info "summary written to summary-$DAY.json"

if [[ $POST -eq 1 ]]; then
    if [[ -z "${RX_OPS_API_KEY:-}" ]]; then
        info "RX_OPS_API_KEY not set; skipping upload"
    else
        code="$(curl -s -o "$CACHE_DIR/post_reply.json" -w '%{http_code}' --max-time 20 \
            -X POST "$OPS_API/$STORE_ID/print-summaries" \
            -H "Authorization: Bearer $RX_OPS_API_KEY" \
            -H "Content-Type: application/json" \
            --data "$summary_json")" || code="000"
        if [[ "$code" =~ ^2 ]]; then
            info "posted summary (HTTP $code)"
        else
            info "upload failed (HTTP $code); summary kept locally"
        fi
    fi
fi

# the combined log and reply are only scratch files
rm -rf "$CACHE_DIR"
