#!/usr/bin/env bash
# ais_position_forwarder.sh - batch NMEA AIVDM/AIVDO sentences from the
# onboard AIS receiver (serial-to-TCP bridge on the wheelhouse PC) and
# forward them to the shore tracking service every INTERVAL seconds.
#
# Usage: ais_position_forwarder.sh [-c conf] [-i seconds] [-v vessel_id] [-1]
set -euo pipefail

CONF="${AIS_FWD_CONF:-./ais_forwarder.conf}"
SPOOL="/tmp/ais_spool"
SHORE_URL="https://track.bluewater-vms.net/ingest/nmea"
RECEIVER_HOST="127.0.0.1"
RECEIVER_PORT=10110
INTERVAL=30
VESSEL_ID=""
ONESHOT=0
MAX_SPOOL_FILES=500

log() { printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$1" "$2" >&2; }

usage() {
    sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while getopts "c:i:v:1h" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        i) INTERVAL="$OPTARG" ;;
        v) VESSEL_ID="$OPTARG" ;;
        1) ONESHOT=1 ;;
        h) usage 0 ;;
        *) usage 1 ;;
    esac
done

if [[ -f "$CONF" ]]; then
    # shellcheck disable=SC1090
    . "$CONF"
    log INFO "loaded settings from $CONF"
fi

if [[ -z "$VESSEL_ID" ]]; then
    log ERROR "vessel id missing (-v or VESSEL_ID in $CONF)"
    exit 2
fi

mkdir -p "$SPOOL"

capture_batch() {
    local out="$1"
    # nc exits when timeout kills it; partial lines are dropped by grep
    timeout "$INTERVAL" nc "$RECEIVER_HOST" "$RECEIVER_PORT" 2>/dev/null \
        | grep -aE '^!AIVD[MO],' > "$out" || true
}

upload_batch() {
    local f="$1" tries=0
    while (( tries < 3 )); do
        if curl -sS -k --max-time 20 \
                -H "X-Vessel: $VESSEL_ID" \
                -H "Content-Type: text/plain" \
                --data-binary @"$f" "$SHORE_URL" >/dev/null; then
            rm -f "$f"
            return 0
        fi
        tries=$((tries + 1))
        sleep $((tries * 5))
    done
    log WARN "upload failed, keeping $(basename "$f") in spool"
    return 1
}

flush_spool() {
    local f
    for f in "$SPOOL"/batch-*.nmea; do
        [[ -e "$f" ]] || continue
        upload_batch "$f" || break
    done
}

trim_spool() {
    local count
    count=$(find "$SPOOL" -name 'batch-*.nmea' | wc -l)
    if (( count > MAX_SPOOL_FILES )); then
        log WARN "spool has $count files, dropping oldest"
        find "$SPOOL" -name 'batch-*.nmea' -printf '%T@ %p\n' | sort -n \
            | head -n $((count - MAX_SPOOL_FILES)) | cut -d' ' -f2- | xargs -r rm -f
    fi
}

trap 'log INFO "stopping forwarder"; exit 0' INT TERM

log INFO "forwarding $RECEIVER_HOST:$RECEIVER_PORT -> $SHORE_URL every ${INTERVAL}s"
while :; do
    batch="$SPOOL/batch-$(date -u +%Y%m%dT%H%M%S).nmea"
    capture_batch "$batch"
    if [[ -s "$batch" ]]; then
        log INFO "captured $(wc -l < "$batch") sentences"
    else
        rm -f "$batch"
    fi
    flush_spool
    trim_spool
    (( ONESHOT )) && break
done
