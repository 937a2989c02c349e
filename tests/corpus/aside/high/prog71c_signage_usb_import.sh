#!/usr/bin/env bash
# Import menu-board / promo content from a USB stick into the signage player.
#
# Store managers get a stick labelled SIGNAGE from marketing each month. This
# script finds it, mounts it read-only, copies the approved media into the
# player's content directory and unmounts it again so it can be pulled.
#
# Usage: signage_usb_import.sh [--label SIGNAGE] [--content DIR] [--keep-mounted]
set -o errexit -o nounset -o pipefail

LABEL="SIGNAGE"
CONTENT_DIR="${SIGNAGE_CONTENT:-$PWD/content}"
MOUNT_POINT="/media/signage-import"
KEEP_MOUNTED=0
ALLOWED_EXT='jpg|jpeg|png|mp4|webm|html|json'

log() { echo "[$(date +%H:%M:%S)] $*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --label) LABEL="$2"; shift 2 ;;
        --content) CONTENT_DIR="$2"; shift 2 ;;
        --keep-mounted) KEEP_MOUNTED=1; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
done

find_device() {
    local dev
    dev="$(blkid -t LABEL="$LABEL" -o device 2>/dev/null | head -n1 || true)"
    if [[ -z "$dev" && -e "/dev/disk/by-label/$LABEL" ]]; then
        dev="$(readlink -f "/dev/disk/by-label/$LABEL")"
    fi
    echo "$dev"
}

as_root() {
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo -- "$@"; fi
}

mount_stick() {
    local dev="$1" fstype
    fstype="$(lsblk -no FSTYPE "$dev" | head -n1)"
    case "$fstype" in
        vfat|exfat|ntfs) opts="ro,nosuid,nodev,noexec,uid=$(id -u),gid=$(id -g),umask=022" ;;
        ext4|ext3)       opts="ro,nosuid,nodev,noexec" ;;
        *) log "unsupported filesystem '$fstype' on $dev"; return 1 ;;
    esac
    as_root mkdir -p "$MOUNT_POINT"
    if findmnt -rn "$MOUNT_POINT" >/dev/null; then
        log "$MOUNT_POINT already mounted"
    else
        as_root mount -t "$fstype" -o "$opts" "$dev" "$MOUNT_POINT"
        log "mounted $dev ($fstype) at $MOUNT_POINT"
    fi
}

unmount_stick() {
    [[ $KEEP_MOUNTED -eq 1 ]] && return 0
    sync
    as_root umount "$MOUNT_POINT" && log "unmounted; stick can be removed"
}

import_content() {
    local src="$MOUNT_POINT/approved" copied=0 skipped=0
    [[ -d "$src" ]] || { log "no 'approved' folder on stick"; return 1; }
    mkdir -p "$CONTENT_DIR/incoming"
    while IFS= read -r -d '' f; do
        rel="${f#"$src"/}"
        if [[ ! "${f,,}" =~ \.($ALLOWED_EXT)$ ]]; then
            skipped=$((skipped + 1))
            continue
        fi
        mkdir -p "$CONTENT_DIR/incoming/$(dirname "$rel")"
        cp --preserve=timestamps "$f" "$CONTENT_DIR/incoming/$rel"
        copied=$((copied + 1))
    done < <(find "$src" -type f -print0)
    if [[ $copied -gt 0 ]]; then
        rm -rf "$CONTENT_DIR/previous"
        [[ -d "$CONTENT_DIR/current" ]] && mv "$CONTENT_DIR/current" "$CONTENT_DIR/previous"
        mv "$CONTENT_DIR/incoming" "$CONTENT_DIR/current"
    fi
    log "imported $copied file(s), skipped $skipped"
}

main() {
    local dev
    dev="$(find_device)"
    [[ -n "$dev" ]] || { log "no USB stick labelled $LABEL found"; exit 1; }
    trap unmount_stick EXIT
    mount_stick "$dev"
    import_content
    touch "$CONTENT_DIR/.reload"
}

main
