#!/bin/bash
# Pull tonight's seeing and transparency forecast from the regional
# astro-weather service and write a short summary for the lobby screen.
# The service's certificate chain is broken on the old lobby PC, hence -k.
set -u

FORECAST_URL="${FORECAST_URL:-https://astroweather.example.net/api/v1/forecast}"
SITE_LAT="${SITE_LAT:-51.48}"
SITE_LON="${SITE_LON:--0.01}"
RAW=/tmp/seeing_forecast.json
SUMMARY=/tmp/seeing_summary.txt
LOBBY_DIR="${LOBBY_DIR:-$HOME/lobby_screen}"

log() { echo "$(date '+%H:%M:%S') $*" >&2; }

fetch_forecast() {
    curl -sS -k --max-time 20 \
        -G "$FORECAST_URL" \
        --data-urlencode "lat=$SITE_LAT" \
        --data-urlencode "lon=$SITE_LON" \
        --data-urlencode "hours=12" \
        -o "$RAW"
}

rate_seeing() {
    # service reports seeing in arcseconds; smaller is better
    awk -v s="$1" 'BEGIN {
        if (s == "" ) { print "unknown"; exit }
        if (s < 1.5) print "excellent";
        else if (s < 2.5) print "good";
        else if (s < 3.5) print "fair";
        else print "poor";
    }'
}

summarise() {
    local hour seeing cloud transp
    : > "$SUMMARY"
    while IFS=$'\t' read -r hour seeing cloud transp; do
        printf '%s  seeing %-9s cloud %3s%%  transparency %s\n' \
            "$hour" "$(rate_seeing "$seeing")" "$cloud" "$transp" >> "$SUMMARY"
    done < <(jq -r '.hours[] | [.time[11:16], .seeing, .cloud_cover, .transparency] | @tsv' "$RAW")
}

publish() {
    mkdir -p "$LOBBY_DIR"
    {
        echo "Tonight at the observatory"
        echo "=========================="
        cat "$SUMMARY"
        echo
        echo "Updated $(date '+%a %d %b %H:%M')"
    } > "$LOBBY_DIR/forecast.txt"
}

main() {
    if ! command -v jq >/dev/null 2>&1; then
        log "jq is required"
        exit 1
    fi
    log "fetching forecast for $SITE_LAT,$SITE_LON"
    if ! fetch_forecast; then
        log "forecast service unreachable, keeping previous summary"
        exit 0
    fi
    if ! jq -e '.hours | length > 0' "$RAW" >/dev/null; then
        log "forecast had no hourly data"
        exit 0
    fi
    summarise
    publish
    log "lobby forecast updated ($(wc -l < "$SUMMARY") hours)"
}

main "$@"
