#!/usr/bin/env bash
# frost_watch.sh - poll the forecast for each vineyard block and raise a
# frost alert to the crew phone channel when the overnight minimum drops
# below the block's threshold.
#
# Config: ./frost_watch.conf (KEY=VALUE lines), blocks in ./blocks.csv
#   name,lat,lon,threshold_c
# Needs: curl, jq
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CONF="${FROST_CONF:-$SCRIPT_DIR/frost_watch.conf}"
BLOCKS="${FROST_BLOCKS:-$SCRIPT_DIR/blocks.csv}"
STATE_DIR="$SCRIPT_DIR/state"
LOG_FILE="$SCRIPT_DIR/frost_watch.log"

FORECAST_URL="https://api.open-meteo.com/v1/forecast"
ALERT_URL="https://ntfy.sh"
ALERT_TOPIC="vineyard-frost"
HOURS_AHEAD=12
QUIET=0

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    cat <<EOF
Usage: $(basename "$0") [-c conf] [-b blocks.csv] [-H hours] [-q]
  -c  config file (default $CONF)
  -b  blocks file (default $BLOCKS)
  -H  hours of forecast to inspect (default $HOURS_AHEAD)
  -q  log only, do not push alerts
EOF
}

while getopts ":c:b:H:qh" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        b) BLOCKS="$OPTARG" ;;
        H) HOURS_AHEAD="$OPTARG" ;;
        q) QUIET=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 64 ;;
    esac
done

[[ -f "$CONF" ]] && . "$CONF"
command -v jq >/dev/null || die "jq is required"
[[ -f "$BLOCKS" ]] || die "blocks file $BLOCKS not found"
mkdir -p "$STATE_DIR"

forecast_min() {
    local lat="$1" lon="$2"
    curl -fsS --max-time 20 --retry 2 \
        "${FORECAST_URL}?latitude=${lat}&longitude=${lon}&hourly=temperature_2m&forecast_hours=${HOURS_AHEAD}&timezone=auto" \
        | jq '[.hourly.temperature_2m[]] | min'
}

push_alert() {
    local block="$1" tmin="$2" thr="$3"
    local body
    body=$(jq -n --arg t "$ALERT_TOPIC" --arg b "$block" --arg m "$tmin" --arg th "$thr" \
        '{topic:$t, title:("Frost risk: " + $b), priority:5, tags:["snowflake"],
          message:("Forecast minimum " + $m + " C (threshold " + $th + " C) in the next hours")}')
    if (( QUIET )); then
        log "quiet mode, alert for $block not sent"
        return 0
    fi
    curl -fsS --max-time 15 -X POST "$ALERT_URL" \
        -H "Authorization: Bearer ${NTFY_TOKEN:?NTFY_TOKEN not set}" \
        -H 'Content-Type: application/json' \
        -d "$body" >/dev/null && log "alert sent for $block"
}

check_block() {
    local name="$1" lat="$2" lon="$3" thr="$4"
    local tmin stamp_file
    stamp_file="$STATE_DIR/${name// /_}.alerted"
    tmin=$(forecast_min "$lat" "$lon") || { log "forecast failed for $name"; return 1; }
    log "$name: min ${tmin} C over ${HOURS_AHEAD}h (threshold ${thr} C)"
    if awk -v a="$tmin" -v b="$thr" 'BEGIN{exit !(a <= b)}'; then
        # one alert per block per night
        if [[ -f "$stamp_file" && $(( $(date +%s) - $(stat -c %Y "$stamp_file") )) -lt 43200 ]]; then
            log "$name: already alerted tonight"
        else
            push_alert "$name" "$tmin" "$thr" && touch "$stamp_file"
        fi
    else
        rm -f "$stamp_file"
    fi
}

main() {
    local failures=0
    while IFS=, read -r name lat lon thr; do
        [[ -z "$name" || "$name" == name || "$name" == \#* ]] && continue
        check_block "$name" "$lat" "$lon" "${thr:-0.5}" || failures=$((failures + 1))
    done < "$BLOCKS"
    (( failures == 0 )) || log "$failures block(s) could not be checked"
}

main "$@"
