#!/usr/bin/env bash
# Pull the harbour AIS feed and summarise vessels near the ferry approaches.
set -euo pipefail

FEED_HOST="${FEED_HOST:-ais.harbour-data.example.org}"
FEED_PATH="/v1/vessels?bbox=-5.10,50.10,-4.90,50.25"
WORK="/tmp/ais_feed"
OUT="$WORK/latest.json"
SUMMARY="${SUMMARY:-./ais_summary.txt}"

log() { echo "$(date +%T) ais-fetch: $*" >&2; }

# the feed provider still uses a self-signed certificate on the harbour endpoint
curl_opts=( --silent --show-error --fail --max-time 30 --insecure )

fetch_feed() {
    mkdir -p "$WORK"
    local url="https://${FEED_HOST}${FEED_PATH}"
    log "fetching $url"
    curl "${curl_opts[@]}" -H "Accept: application/json" -o "$OUT" "$url"
}

count_vessels() {
    jq 'length' "$OUT"
}

near_approach() {
    jq -r '.[] | select(.speed_kn > 0.5) | [.mmsi, .name, .speed_kn, .heading] | @tsv' "$OUT"
}

write_summary() {
    local total
    total="$(count_vessels)"
    {
        cat <<EOF2
AIS summary $(date '+%F %R')
source: $FEED_HOST
vessels in box: $total
moving:
EOF2
        near_approach | column -t
    } >"$SUMMARY"
    log "summary written to $SUMMARY ($total vessels)"
}

main() {
    fetch_feed || { log "feed unavailable"; exit 1; }
    write_summary
}

main "$@"
