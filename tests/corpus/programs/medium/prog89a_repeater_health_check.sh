#!/usr/bin/env bash
# repeater_health_check.sh - poll the hill-top repeater controllers and
# raise an alert on the team channel when one goes quiet or runs on battery.
#
# Reads site list from repeaters.conf (name|controller-url|min-voltage).
# Intended to run from the base-station PC every few minutes.

set -euo pipefail

CONF="${REPEATER_CONF:-./repeaters.conf}"
STATE_FILE="/tmp/repeater_status.json"
LOG_FILE="${REPEATER_LOG:-./repeater_health.log}"
ALERT_URL="${REPEATER_ALERT_URL:-}"
INTERVAL="${REPEATER_INTERVAL:-300}"
ONESHOT=0

usage() {
    cat <<EOF
Usage: $0 [-c conf] [-i seconds] [-1]
  -c FILE   site list (default: $CONF)
  -i SECS   poll interval (default: $INTERVAL)
  -1        poll once and exit
EOF
}

log() { printf '%s %s\n' "$(date -u +%FT%TZ)" "$*" | tee -a "$LOG_FILE" >&2; }

while getopts ":c:i:1h" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        i) INTERVAL="$OPTARG" ;;
        1) ONESHOT=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ -r "$CONF" ]] || { log "cannot read $CONF"; exit 2; }
command -v jq >/dev/null || { log "jq is required"; exit 2; }

# The controllers ship with self-signed certs and no way to replace them.
fetch_status() {
    local url="$1"
    curl -sk --max-time 10 --retry 2 "$url/api/status"
}

alert() {
    local msg="$1"
    log "ALERT: $msg"
    [[ -n "$ALERT_URL" ]] || return 0
    curl -s --max-time 10 -H 'Content-Type: application/json' \
        -d "$(jq -nc --arg t "$msg" '{text:$t}')" "$ALERT_URL" >/dev/null || log "alert post failed"
}

check_site() {
    local name="$1" url="$2" vmin="$3" body volts mains tx_age
    if ! body="$(fetch_status "$url")"; then
        alert "$name: controller unreachable"
        echo "{\"site\":\"$name\",\"ok\":false}"
        return
    fi
    volts="$(jq -r '.battery_v // 0' <<<"$body")"
    mains="$(jq -r '.mains // false' <<<"$body")"
    tx_age="$(jq -r '.last_tx_age_s // 99999' <<<"$body")"
    if [[ "$mains" != "true" ]]; then
        alert "$name: running on battery (${volts} V)"
    fi
    if awk -v v="$volts" -v m="$vmin" 'BEGIN{exit !(v < m)}'; then
        alert "$name: battery low ${volts} V < ${vmin} V"
    fi
    if (( ${tx_age%.*} > 86400 )); then
        alert "$name: no transmissions for over 24h"
    fi
    jq -c --arg s "$name" '{site:$s, ok:true, battery_v, mains, last_tx_age_s}' <<<"$body"
}

poll_all() {
    local tmp results=()
    while IFS='|' read -r name url vmin; do
        [[ -z "$name" || "$name" == \#* ]] && continue
        results+=("$(check_site "$name" "$url" "${vmin:-11.8}")")
    done <"$CONF"
    tmp="$(printf '%s\n' "${results[@]}" | jq -s '{polled: now|todate, sites: .}')"
    printf '%s\n' "$tmp" >"$STATE_FILE"
    log "polled ${#results[@]} sites"
}

trap 'log "stopping"; exit 0' INT TERM

log "repeater health check starting (conf=$CONF interval=${INTERVAL}s)"
while :; do
    poll_all || log "poll cycle failed"
    (( ONESHOT )) && break
    sleep "$INTERVAL"
done
