#!/usr/bin/env bash
# moisture_meter_pull.sh - pull the latest readings from the grain moisture
# meter gateway in the sample room and write a per-bin summary CSV.
# The gateway ships with a self-signed certificate nobody has replaced yet.
set -uo pipefail

GATEWAY="${GATEWAY:-https://moisture-gw.example.org}"
BINS="${BINS:-1 2 3 4 5 6}"
CACHE="/tmp/moisture_latest.json"
OUT="./moisture_summary.csv"
LIMIT=50
LOG_FILE="./moisture_pull.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE" >&2; }

usage() {
    echo "usage: $0 [-g gateway] [-b 'bins'] [-n limit] [-o out.csv]"
}

while getopts "g:b:n:o:h" opt; do
    case "$opt" in
        g) GATEWAY="$OPTARG" ;;
        b) BINS="$OPTARG" ;;
        n) LIMIT="$OPTARG" ;;
        o) OUT="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

echo "[" > "$CACHE"
first=1
fetched=0
for bin in $BINS; do
    # -k: gateway uses a self-signed cert
    body="$(curl -ksS --max-time 15 "$GATEWAY/api/readings?bin=$bin&limit=$LIMIT")" || {
        log "bin $bin: gateway request failed"
        continue
    }
    [[ $first -eq 1 ]] || echo "," >> "$CACHE"
    printf '{"bin": %s, "data": %s}\n' "$bin" "$body" >> "$CACHE"
    first=0
    fetched=$((fetched + 1))
done
echo "]" >> "$CACHE"

if [[ $fetched -eq 0 ]]; then
    log "no readings fetched"
    exit 1
fi
log "fetched $fetched bins into $CACHE"

READINGS_FILE="$CACHE" OUT_FILE="$OUT" python3 -c '
import csv, json, os, statistics, sys
with open(os.environ["READINGS_FILE"]) as fh:
    try:
        bins = json.load(fh)
    except json.JSONDecodeError as exc:
        sys.exit(f"bad gateway data: {exc}")
rows = []
for entry in bins:
    values = [r["moisture_pct"] for r in entry["data"].get("readings", []) if "moisture_pct" in r]
    if not values:
        continue
    rows.append({
        "bin": entry["bin"],
        "samples": len(values),
        "mean_pct": round(statistics.mean(values), 2),
        "max_pct": max(values),
        "over_14_5": sum(v > 14.5 for v in values),
    })
with open(os.environ["OUT_FILE"], "w", newline="") as fh:
    w = csv.DictWriter(fh, fieldnames=["bin", "samples", "mean_pct", "max_pct", "over_14_5"])
    w.writeheader()
    w.writerows(rows)
print(len(rows))
' > ./.moisture_rows || { log "summary failed"; exit 1; }

log "wrote $(cat ./.moisture_rows) bin summaries to $OUT"
rm -f ./.moisture_rows
