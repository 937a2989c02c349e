#!/usr/bin/env bash
# resurfacer_schedule_fetch.sh - build the daily ice resurfacer (flood) sheet
#
# Pulls the flood schedule for the day from the rink ops server, applies the
# local overrides (tournament days, hockey practice extensions), and writes a
# plain-text sheet the drivers print in the machine room. Optionally keeps a
# copy of the raw schedule in ./archive for the season log.
#
# usage: resurfacer_schedule_fetch.sh [-d YYYY-MM-DD] [-c conf] [-q] [-a]

set -euo pipefail

OPS_URL="${OPS_URL:-https://ops.icehall-club.org}"
CONF="./resurfacer.conf"
DAY="$(date +%F)"
QUIET=0
WORK="/tmp/resurfacer-sched"
OVERRIDES="./overrides.json"
ARCHIVE=0

log() { [ "$QUIET" -eq 1 ] || printf '%s [resurf] %s\n' "$(date +%T)" "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

while getopts ":d:c:qa" opt; do
    case "$opt" in
        d) DAY="$OPTARG" ;;
        c) CONF="$OPTARG" ;;
        q) QUIET=1 ;;
        a) ARCHIVE=1 ;;
        *) die "usage: $0 [-d day] [-c conf] [-q] [-a]" ;;
    esac
done

# shellcheck source=/dev/null
[ -f "$CONF" ] && . "$CONF"
command -v jq >/dev/null || die "jq is required"
mkdir -p "$WORK"

fetch_schedule() {
    local tries=0
    until curl -fsSk --max-time 20 \
            -H "Accept: application/json" \
            -o "$WORK/schedule.json" \
            "$OPS_URL/api/resurfacer/schedule?date=$DAY"; do
        tries=$((tries + 1))
        [ "$tries" -ge 3 ] && return 1
        log "ops server not answering, retry $tries"
        sleep $((tries * 5))
    done
}

apply_overrides() {
    if [ -s "$OVERRIDES" ]; then
        log "merging overrides from $OVERRIDES"
        jq -s --arg day "$DAY" \
            '.[0].floods + ((.[1][$day] // []) ) | sort_by(.time) | unique_by(.time)' \
            "$WORK/schedule.json" "$OVERRIDES" > "$WORK/merged.json"
    else
        jq '.floods | sort_by(.time)' "$WORK/schedule.json" > "$WORK/merged.json"
    fi
}

render_sheet() {
    local out="resurfacer_${DAY}.txt"
    {
        printf 'ICE RESURFACING - %s\n' "$DAY"
        printf '%-6s %-8s %-10s %-6s %s\n' TIME PAD DRIVER WATER NOTE
        jq -r '.[] | [.time, .pad, (.driver // "-"), ((.water_l // 0)|tostring), (.note // "")] | @tsv' \
            "$WORK/merged.json" |
            while IFS=$'\t' read -r t pad drv water note; do
                printf '%-6s %-8s %-10s %-6s %s\n' "$t" "$pad" "$drv" "$water" "$note"
            done
    } > "$out"
    log "sheet written: $out ($(($(wc -l < "$out") - 2)) floods)"
}

archive_raw() {
    mkdir -p ./archive
    cp "$WORK/schedule.json" "./archive/schedule_${DAY}.json"
    gzip -f "./archive/schedule_${DAY}.json"
    log "raw schedule archived"
}

main() {
    log "building flood sheet for $DAY from $OPS_URL"
    fetch_schedule || die "could not fetch schedule"
    apply_overrides
    render_sheet
    [ "$ARCHIVE" -eq 1 ] && archive_raw
    log "done"
}

main "$@"
