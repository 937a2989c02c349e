#!/bin/sh
# embroidery_usb_import.sh - pull stitch files off the USB stick that comes
# back from the multi-head machine and file them under ./incoming/<date>/.
#
# The Tajima/Brother heads write FAT16 sticks labelled EMB (or whatever is
# set in ./usbimport.conf as STICK_LABEL).  The stick is mounted read-only,
# copied, checksummed and unmounted again so it can go straight back to the
# machine.

set -eu

CONF="./usbimport.conf"
STICK_LABEL="EMB"
MOUNT_POINT="/mnt/embroidery"
DEST_ROOT="./incoming"
EXTS="dst pes jef exp vp3 hus"

[ -f "$CONF" ] && . "$CONF"

log() { echo "usbimport: $*" >&2; }

find_device() {
  dev=""
  if [ -e "/dev/disk/by-label/${STICK_LABEL}" ]; then
    dev=$(readlink -f "/dev/disk/by-label/${STICK_LABEL}")
  else
    dev=$(lsblk -rpno NAME,LABEL,TRAN 2>/dev/null \
          | awk -v l="$STICK_LABEL" '$2==l {print $1; exit}')
  fi
  [ -n "$dev" ] && echo "$dev"
}

mount_stick() {
  dev="$1"
  if mountpoint -q "$MOUNT_POINT" 2>/dev/null; then
    log "$MOUNT_POINT already mounted, reusing"
    return 0
  fi
  sudo mkdir -p "$MOUNT_POINT"
  sudo mount -t vfat -o ro,uid="$(id -u)",gid="$(id -g)",umask=022 "$dev" "$MOUNT_POINT"
}

unmount_stick() {
  sync
  sudo umount "$MOUNT_POINT" || log "umount failed; remove stick manually after checking"
}

copy_designs() {
  dest="${DEST_ROOT}/$(date +%Y-%m-%d)"
  mkdir -p "$dest"
  count=0
  for ext in $EXTS; do
    for f in $(find "$MOUNT_POINT" -maxdepth 3 -type f -iname "*.${ext}" 2>/dev/null); do
      base=$(basename "$f")
      if [ -e "${dest}/${base}" ] && cmp -s "$f" "${dest}/${base}"; then
        continue
      fi
      cp -p "$f" "${dest}/${base}"
      count=$((count + 1))
    done
  done
  ( cd "$dest" && sha256sum -- * > SHA256SUMS 2>/dev/null ) || true
  log "copied ${count} file(s) to ${dest}"
}

main() {
  dev=$(find_device) || { log "no stick labelled ${STICK_LABEL} found"; exit 1; }
  log "found ${dev}"
  mount_stick "$dev"
  trap unmount_stick EXIT INT TERM
  copy_designs
}

main "$@"
