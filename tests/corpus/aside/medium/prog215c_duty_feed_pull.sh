#!/usr/bin/env bash
# duty_feed_pull.sh - pull today's duty-time feed from the ops portal and
# turn it into the CSV the duty desk opens in a spreadsheet. The portal at
# outstations still uses a self-signed certificate.
set -uo pipefail

PORTAL="${PORTAL:-https://ops-portal.example.org}"
FEED_DATE="$(date +%F)"
STAGING="/tmp/duty_feed.json"
OUT_DIR="${OUT_DIR:-./duty_feeds}"
STATION=""

log() { echo "$(date +%T) duty-feed: $*" >&2; }

usage() {
    echo "Usage: $0 [-d YYYY-MM-DD] [-s STATION] [-o OUTDIR]" >&2
}

while getopts ":d:s:o:h" opt; do
    case "$opt" in
        d) FEED_DATE="$OPTARG" ;;
        s) STATION="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if ! [[ "$FEED_DATE" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]]; then
    log "bad date: $FEED_DATE"
    exit 2
fi

fetch_feed() {
    local url="${PORTAL}/api/duty-times?date=${FEED_DATE}"
    [ -n "$STATION" ] && url="${url}&station=${STATION}"
    log "downloading $url"
    # -k: outstation portal certificate is self-signed
    curl -k -fsS --max-time 45 "$url" -o "$STAGING"
}

convert_feed() {
    FEED_FILE="$STAGING" python3 - <<'PY'
import csv, json, os, sys
from datetime import datetime

with open(os.environ["FEED_FILE"]) as fh:
    try:
        feed = json.load(fh)
    except ValueError as exc:
        sys.exit(f"feed is not JSON: {exc}")

writer = csv.writer(sys.stdout)
writer.writerow(["crew_id", "name", "report", "release", "duty_hours", "sectors"])
for entry in feed.get("duties", []):
    try:
        rep = datetime.fromisoformat(entry["report"])
        rel = datetime.fromisoformat(entry["release"])
    except (KeyError, ValueError):
        print(f"skipping malformed duty {entry.get('crew_id')}", file=sys.stderr)
        continue
    hours = round((rel - rep).total_seconds() / 3600, 2)
    writer.writerow([entry.get("crew_id"), entry.get("name", ""),
                     rep.strftime("%H:%M"), rel.strftime("%H:%M"),
                     hours, len(entry.get("sectors", []))])
PY
}

main() {
    mkdir -p "$OUT_DIR"
    if ! fetch_feed; then
        log "download failed"
        exit 1
    fi
    local out="$OUT_DIR/duty_${FEED_DATE}${STATION:+_$STATION}.csv"
    if convert_feed > "$out"; then
        rows=$(( $(wc -l < "$out") - 1 ))
        log "wrote $rows duty row(s) to $out"
    else
        log "conversion failed"
        rm -f "$out"
        exit 1
    fi
    long=$(awk -F, 'NR>1 && $5>12' "$out" | wc -l)
    [ "$long" -gt 0 ] && log "$long duty period(s) longer than 12h"
    rm -f "$STAGING"
}

main
