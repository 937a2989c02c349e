#!/usr/bin/env bash
# post_hive_readings.sh - upload the day's hive sensor readings (temperature,
# humidity, weight) to the association's monitoring API.
set -euo pipefail

API_URL="${HIVE_API_URL:-https://api.example.com/v1/readings}"
READINGS_DIR="${READINGS_DIR:-./readings}"
OUT_DIR="${OUT_DIR:-./uploads}"
DAY="$(date +%F)"
BATCH=500

log() { printf '%s post-readings: %s\n' "$(date +%T)" "$*" >&2; }

while getopts ":d:b:" opt; do
    case "$opt" in
        d) DAY="$OPTARG" ;;
        b) BATCH="$OPTARG" ;;
        *) echo "usage: $0 [-d YYYY-MM-DD] [-b batch_size]"; exit 64 ;;
    esac
done

if [[ -z "${HIVE_API_KEY:-}" ]]; then
    log "HIVE_API_KEY is not set"
    exit 1
fi

shopt -s nullglob
files=("$READINGS_DIR"/*_"$DAY".csv)
if (( ${#files[@]} == 0 )); then
    log "no readings for $DAY in $READINGS_DIR"
    exit 0
fi
mkdir -p "$OUT_DIR"

# convert the CSV files into JSON batches; python writes one file per batch
# into the working directory and prints their names
batches="$(
    READING_FILES="${files[*]}" BATCH_SIZE="$BATCH" OUT_DIR="$OUT_DIR" DAY="$DAY" python3 - <<'PY'
import csv
import json
import os

size = int(os.environ["BATCH_SIZE"])
rows = []
for path in os.environ["READING_FILES"].split():
    hive = os.path.basename(path).split("_")[0]
    with open(path, newline="", encoding="utf-8") as fh:
        for r in csv.DictReader(fh):
            try:
                rows.append({
                    "hive": hive,
                    "ts": r["timestamp"],
                    "temp_c": float(r["temp_c"]),
                    "humidity": float(r["humidity"]),
                    "weight_kg": float(r["weight_kg"]),
                })
            except (KeyError, ValueError):
                continue
for n, start in enumerate(range(0, len(rows), size)):
    name = os.path.join(os.environ["OUT_DIR"], f"batch_{os.environ['DAY']}_{n:03d}.json")
    with open(name, "w", encoding="utf-8") as fh:
        json.dump({"readings": rows[start:start + size]}, fh)
    print(name)
PY
)"

sent=0
failed=0
for batch in $batches; do
    resp="${batch%.json}.response"
    code="$(curl -sS --max-time 30 -o "$resp" -w '%{http_code}' \
        -X POST "$API_URL" \
        -H "Authorization: Bearer $HIVE_API_KEY" \
        -H 'Content-Type: application/json' \
        --data @"$batch")" || code="000"
    chmod 0600 "$resp" 2>/dev/null || true
    if [[ "$code" == 2* ]]; then
        sent=$((sent + 1))
        rm -f "$batch"
    else
        failed=$((failed + 1))
        log "batch $batch rejected (HTTP $code), kept for retry"
    fi
done

log "$sent batch(es) uploaded, $failed failed"
(( failed == 0 ))
