#!/usr/bin/env bash
# Crash-consistent copy of a busy logical volume.
# Takes an LVM snapshot, mounts it read-only, rsyncs it into the backup
# folder and removes the snapshot again.  Needs root for the LVM/mount steps.
set -Eeuo pipefail

VG="${VG:-vg0}"
LV="${LV:-srv}"
SNAP_SIZE="${SNAP_SIZE:-5G}"
DEST="${DEST:-$PWD/frozen-copies}"
MNT="${MNT:-$PWD/.snapmnt}"
SNAP_NAME="${LV}_bk_$(date +%s)"
DRY=0

log()  { echo "$(date -Is) $*"; }
die()  { log "ERROR: $*"; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --vg) VG="$2"; shift 2 ;;
        --lv) LV="$2"; SNAP_NAME="${LV}_bk_$(date +%s)"; shift 2 ;;
        --size) SNAP_SIZE="$2"; shift 2 ;;
        --dry-run) DRY=1; shift ;;
        *) die "unknown argument $1" ;;
    esac
done

run() {
    if (( DRY )); then
        log "would run: $*"
    else
        "$@"
    fi
}

SNAP_DEV="/dev/$VG/$SNAP_NAME"
mounted=0
created=0

cleanup() {
    if (( mounted )); then
        run sudo umount "$MNT" || log "umount failed"
    fi
    if (( created )); then
        run sudo lvremove -f "$VG/$SNAP_NAME" || log "could not remove $SNAP_NAME"
    fi
    rmdir "$MNT" 2>/dev/null || true
}
trap cleanup EXIT

sudo -n true 2>/dev/null || die "passwordless sudo is required"
sudo lvs "$VG/$LV" >/dev/null 2>&1 || die "logical volume $VG/$LV not found"

free=$(sudo vgs --noheadings --units g -o vg_free "$VG" | tr -d ' g')
log "volume group $VG has ${free}G free, snapshot needs $SNAP_SIZE"

log "creating snapshot $SNAP_NAME"
run sudo lvcreate --snapshot --size "$SNAP_SIZE" --name "$SNAP_NAME" "$VG/$LV"
created=1

mkdir -p "$MNT" "$DEST"
fstype=$(sudo blkid -o value -s TYPE "$SNAP_DEV" || echo ext4)
opts="ro"
[[ "$fstype" == "xfs" ]] && opts="ro,nouuid"
log "mounting $SNAP_DEV ($fstype) on $MNT"
run sudo mount -o "$opts" "$SNAP_DEV" "$MNT"
mounted=1

stamp=$(date +%Y-%m-%d)
target="$DEST/$LV-$stamp"
prev=$(ls -1d "$DEST/$LV-"* 2>/dev/null | grep -v "$stamp" | tail -n 1 || true)
link_opt=()
[[ -n "$prev" ]] && link_opt=(--link-dest="$prev")

log "rsync into $target ${prev:+(hard-linking against $prev)}"
run sudo rsync -aHAX --numeric-ids --delete "${link_opt[@]}" "$MNT/" "$target/"
run sudo chown -R "$(id -u):$(id -g)" "$target"

usage=$(sudo lvs --noheadings -o snap_percent "$VG/$SNAP_NAME" | tr -d ' ')
log "snapshot usage at end of copy: ${usage}%"
log "finished copy of $VG/$LV"
