#!/usr/bin/env bash
# lock_passage_pull.sh - pull assisted-passage bookings for staffed locks from
# the trust booking API and write a per-lock schedule CSV for the lock keepers.
#
# Config is read from ./lock_sync.conf (shell KEY=VALUE), e.g.
#   BOOKING_API=https://bookings.waterwaystrust.example/api/v1
#   LOCKS="foxton-staircase watford-flight bratch"
#   DAYS_AHEAD=3
#
# The API key comes from $LOCK_BOOKING_TOKEN.  Run it from the keepers'
# hut PC at the start of a shift.

set -euo pipefail

SELF="$(readlink -f "$0")"
WORKDIR="$(dirname "$SELF")"
CONF="${LOCK_SYNC_CONF:-$WORKDIR/lock_sync.conf}"
OUT_DIR="$WORKDIR/schedules"
LOG_FILE="$WORKDIR/lock_sync.log"
QUIET=0

BOOKING_API="https://bookings.waterwaystrust.example/api/v1"
LOCKS="foxton-staircase watford-flight"
DAYS_AHEAD=2

log() {
    local msg="$(date '+%F %T') $*"
    echo "$msg" >>"$LOG_FILE"
    [[ $QUIET -eq 1 ]] || echo "$msg" >&2
}

die() { log "ERROR: $*"; exit 1; }

usage() {
    cat <<EOF
Usage: $(basename "$0") [-q] [-d DAYS] [-l "lock1 lock2"]
  -q   quiet (log file only)
  -d   days ahead to fetch (default $DAYS_AHEAD)
  -l   space separated lock ids
EOF
}

load_conf() {
    [[ -f "$CONF" ]] || return 0
    local key val
    while IFS='=' read -r key val; do
        [[ -z "$key" || "$key" == \#* ]] && continue
        val="${val%\"}"; val="${val#\"}"
        case "$key" in
            BOOKING_API) BOOKING_API="$val" ;;
            LOCKS) LOCKS="$val" ;;
            DAYS_AHEAD) DAYS_AHEAD="$val" ;;
            *) log "ignoring unknown key $key in $CONF" ;;
        esac
    done <"$CONF"
}

fetch_lock() {
    local lock="$1" day="$2" out="$3"
    local url="$BOOKING_API/locks/$lock/passages?date=$day"
    local tries=0
    until curl -fsS --max-time 30 \
            -H "Authorization: Bearer $LOCK_BOOKING_TOKEN" \
            -H "Accept: application/json" \
            -o "$out" "$url"; do
        tries=$((tries + 1))
        [[ $tries -ge 3 ]] && return 1
        log "retry $tries for $lock $day"
        sleep $((tries * 5))
    done
}

to_csv() {
    local json="$1" lock="$2"
    jq -r --arg lock "$lock" '
        .passages[]
        | [$lock, .slot_start, .direction, .boat_name, .boat_length_m, (.assisted // false)]
        | @csv' "$json"
}

prune_cache() {
    # drop cached API responses older than a week
    find "$WORKDIR/.cache" -maxdepth 1 -name '*.json' -mtime +7 -delete 2>/dev/null || true
}

main() {
    load_conf
    while getopts ":qd:l:h" opt; do
        case "$opt" in
            q) QUIET=1 ;;
            d) DAYS_AHEAD="$OPTARG" ;;
            l) LOCKS="$OPTARG" ;;
            h) usage; exit 0 ;;
            *) usage; exit 64 ;;
        esac
    done

    [[ -n "${LOCK_BOOKING_TOKEN:-}" ]] || die "LOCK_BOOKING_TOKEN not set"
    command -v jq >/dev/null || die "jq is required"
    mkdir -p "$OUT_DIR" "$WORKDIR/.cache"

    local lock day i raw csv total=0
    for lock in $LOCKS; do
        csv="$OUT_DIR/$lock.csv"
        echo '"lock","slot_start","direction","boat","length_m","assisted"' >"$csv.new"
        for ((i = 0; i < DAYS_AHEAD; i++)); do
            day="$(date -d "+$i day" +%F)"
            raw="$WORKDIR/.cache/$lock-$day.json"
            if ! fetch_lock "$lock" "$day" "$raw"; then
                log "giving up on $lock $day"
                continue
            fi
            to_csv "$raw" "$lock" >>"$csv.new"
        done
        mv "$csv.new" "$csv"
        total=$((total + $(($(wc -l <"$csv") - 1))))
        log "$lock: schedule written to $csv"
    done
    log "synced $total passages across: $LOCKS"

    prune_cache
}

main "$@"
