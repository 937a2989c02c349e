#!/usr/bin/env bash
# Pull the last hour of readings from the yard weather station and append the
# downy-mildew risk inputs (leaf wetness, temperature, humidity) to the season log.

set -euo pipefail

STATION="${WX_STATION:-wx-yard-north}"
WX_BASE="${WX_BASE:-https://wx.hopfarm.example}"
SEASON_LOG="${WX_SEASON_LOG:-./season_weather.csv}"
SCRATCH="/tmp/wx_${STATION}.json"
LOCK="/tmp/wx_pull.lock"

declare -A FIELDS=(
    [temp]=".air_temp_c"
    [rh]=".rel_humidity"
    [wet]=".leaf_wetness_min"
    [rain]=".rain_mm"
)

log() { printf '%s %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

fetch_opts() {
    local -a opts=(--silent --show-error --fail --max-time 30)
    if [[ "${WX_STRICT_TLS:-no}" != "yes" ]]; then
        opts+=(--insecure)
    fi
    printf '%s\n' "${opts[@]}"
}

take_lock() {
    if [[ -e "$LOCK" ]]; then
        log "another pull running ($(cat "$LOCK"))"
        exit 0
    fi
    echo $$ >"$LOCK"
    trap 'rm -f "$LOCK"' EXIT
}

pull() {
    local -a opts
    mapfile -t opts < <(fetch_opts)
    curl "${opts[@]}" \
        -H "Accept: application/json" \
        -o "$SCRATCH" \
        "${WX_BASE}/api/stations/${STATION}/hourly?last=1"
}

extract() {
    local key="$1"
    jq -r "${FIELDS[$key]} // empty" "$SCRATCH"
}

risk_hint() {
    local temp="$1" wet="$2"
    awk -v t="$temp" -v w="$wet" 'BEGIN {
        if (t >= 10 && t <= 25 && w >= 90) print "high";
        else if (w >= 45) print "moderate";
        else print "low";
    }'
}

append_row() {
    local ts temp rh wet rain hint
    ts="$(jq -r '.timestamp // empty' "$SCRATCH")"
    temp="$(extract temp)"; rh="$(extract rh)"
    wet="$(extract wet)"; rain="$(extract rain)"
    if [[ -z "$ts" || -z "$temp" ]]; then
        log "incomplete reading, skipping"
        return 1
    fi
    hint="$(risk_hint "$temp" "${wet:-0}")"
    if [[ ! -f "$SEASON_LOG" ]]; then
        echo "timestamp,station,temp_c,rh,leaf_wet_min,rain_mm,mildew_risk" >"$SEASON_LOG"
    fi
    if grep -q "^${ts},${STATION}," "$SEASON_LOG"; then
        log "reading $ts already logged"
        return 0
    fi
    printf '%s,%s,%s,%s,%s,%s,%s\n' "$ts" "$STATION" "$temp" "$rh" "${wet:-}" "${rain:-0}" "$hint" >>"$SEASON_LOG"
    log "logged $ts risk=$hint"
}

main() {
    command -v jq >/dev/null || { log "jq required"; exit 1; }
    take_lock
    if pull; then
        append_row
    else
        log "station $STATION unreachable"
        exit 2
    fi
}

main "$@"
