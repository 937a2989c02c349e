#!/bin/bash
# Pull the local wind and sea-state forecast for the harbour office board.
# The forecast box on the breakwater uses a self-signed certificate, so
# certificate checks are skipped for it.

set -u

STATION_URL="${WX_STATION_URL:-https://192.0.2.31/api/current}"
FORECAST_URL="${WX_FORECAST_URL:-https://forecast.seaways.example/v1/point}"
LAT="${MARINA_LAT:-50.80}"
LON="${MARINA_LON:--1.10}"
WORK="/tmp/marina_weather"
BOARD_FILE="${BOARD_FILE:-./board/weather.txt}"
CURL_OPTS=(-s -k --max-time 20)

log() { echo "[wx] $*" >&2; }

prepare() {
    mkdir -p "$WORK" "$(dirname "$BOARD_FILE")"
}

pull_station() {
    if curl "${CURL_OPTS[@]}" "$STATION_URL" -o "$WORK/station.json"; then
        log "station reading fetched"
        return 0
    fi
    log "breakwater station not answering"
    return 1
}

pull_forecast() {
    local url="$FORECAST_URL?lat=$LAT&lon=$LON&hours=24"
    if [ -n "${WX_API_KEY:-}" ]; then
        curl "${CURL_OPTS[@]}" -H "X-Api-Key: $WX_API_KEY" "$url" -o "$WORK/forecast.json"
    else
        curl "${CURL_OPTS[@]}" "$url" -o "$WORK/forecast.json"
    fi
}

beaufort() {
    local kt=${1%.*}
    local limits=(1 4 7 11 17 22 28 34 41 48 56 64)
    local force=0
    for lim in "${limits[@]}"; do
        [ "$kt" -lt "$lim" ] && break
        force=$((force + 1))
    done
    echo "$force"
}

render() {
    local wind gust dir sea
    {
        echo "Harbour weather - $(date '+%a %d %b %H:%M')"
        if [ -s "$WORK/station.json" ]; then
            wind=$(jq -r '.wind_kt // 0' "$WORK/station.json")
            gust=$(jq -r '.gust_kt // 0' "$WORK/station.json")
            dir=$(jq -r '.wind_dir // "?"' "$WORK/station.json")
            echo "Now: ${dir} ${wind} kt (F$(beaufort "$wind")), gusts ${gust} kt"
        fi
        if [ -s "$WORK/forecast.json" ]; then
            echo "Next 24h:"
            jq -r '.periods[] | "  \(.time[11:16])  \(.wind_dir) \(.wind_kt)kt  sea \(.sea_state)"' \
                "$WORK/forecast.json" | head -n 8
            sea=$(jq -r '[.periods[].wind_kt] | max' "$WORK/forecast.json")
            if [ "${sea%.*}" -ge 28 ]; then
                echo "  ** Gale expected: check mooring lines on the outer pontoon **"
            fi
        fi
    } > "$BOARD_FILE.new"
    mv "$BOARD_FILE.new" "$BOARD_FILE"
}

main() {
    prepare
    pull_station || true
    pull_forecast || log "forecast fetch failed"
    render
    log "board updated: $BOARD_FILE"
}

main "$@"
