#!/usr/bin/env bash
# lto_archive_writer.sh - write a finished show folder to LTO via LTFS.
#
# Usage: lto_archive_writer.sh -t BARCODE [-d /dev/nst0] [-f] SOURCE_DIR
#   -t  tape barcode / volume name (e.g. SHW123L8)
#   -d  tape device (default /dev/nst0, or $LTO_DEVICE)
#   -f  format the tape first (new stock only)
#
# Produces <BARCODE>_manifest.md5 and <BARCODE>_catalog.txt in the current
# directory for the vault database.
set -euo pipefail

DEVICE=${LTO_DEVICE:-/dev/nst0}
MOUNT_POINT=${LTO_MOUNT:-/mnt/ltfs}
BARCODE=""
FORMAT=0
RSYNC_OPTS=(-rt --info=progress2 --no-perms --no-owner --no-group)

log() { echo "$(date '+%F %T') lto: $*" >&2; }
fail() { log "ERROR: $*"; cleanup; exit 1; }

while getopts "t:d:fh" opt; do
    case $opt in
        t) BARCODE=$OPTARG ;;
        d) DEVICE=$OPTARG ;;
        f) FORMAT=1 ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done
shift $((OPTIND - 1))
SOURCE=${1:-}

[[ -n $BARCODE ]] || fail "barcode (-t) is required"
[[ -d $SOURCE ]] || fail "source directory missing: $SOURCE"
[[ -e $DEVICE ]] || fail "tape device $DEVICE not present"

# The LTFS tools and the tape node need root on the archive workstation.
SUDO=""
if [[ $EUID -ne 0 ]]; then
    SUDO="sudo"
    $SUDO -v || fail "sudo rights are needed for the tape drive"
fi

cleanup() {
    if mountpoint -q "$MOUNT_POINT" 2>/dev/null; then
        log "unmounting $MOUNT_POINT"
        $SUDO umount "$MOUNT_POINT" || true
    fi
}
trap cleanup EXIT

build_manifest() {
    log "hashing source files"
    ( cd "$SOURCE" && find . -type f -print0 | sort -z | xargs -0 md5sum ) > "${BARCODE}_manifest.md5"
    log "$(wc -l < "${BARCODE}_manifest.md5") files in manifest"
}

prepare_tape() {
    $SUDO mt -f "$DEVICE" rewind
    if (( FORMAT )); then
        log "formatting $DEVICE as $BARCODE"
        $SUDO mkltfs --device="$DEVICE" --volume-name="$BARCODE" --tape-serial="${BARCODE:0:6}" --force
    fi
    $SUDO mkdir -p "$MOUNT_POINT"
    $SUDO ltfs -o devname="$DEVICE" -o sync_type=unmount -o allow_other "$MOUNT_POINT"
    mountpoint -q "$MOUNT_POINT" || fail "LTFS mount failed"
}

write_tape() {
    local dest="$MOUNT_POINT/$(basename "$SOURCE")"
    log "writing $SOURCE -> $dest"
    $SUDO rsync "${RSYNC_OPTS[@]}" "$SOURCE/" "$dest/"
}

verify_tape() {
    local dest="$MOUNT_POINT/$(basename "$SOURCE")"
    log "verifying against manifest"
    if ( cd "$dest" && md5sum --quiet -c "$OLDPWD/${BARCODE}_manifest.md5" ); then
        log "verify OK"
    else
        fail "verify mismatch on $BARCODE"
    fi
    ( cd "$dest" && find . -type f -printf '%s\t%TY-%Tm-%Td\t%p\n' ) > "${BARCODE}_catalog.txt"
}

build_manifest
prepare_tape
write_tape
verify_tape
cleanup
$SUDO mt -f "$DEVICE" offline || true
log "tape $BARCODE complete, ejected"
