#!/usr/bin/env bash
# Import room-controller firmware images from the vendor's USB stick into
# ./firmware, verifying checksums. The stick is mounted read-only.
set -euo pipefail

LABEL="${FW_LABEL:-ROOMFW}"
MOUNT_BASE="${MOUNT_BASE:-/mnt}"
MOUNT_POINT="$MOUNT_BASE/roomfw-$$"
DEST="${DEST:-./firmware}"
MANIFEST_NAME="SHA256SUMS"
LOG="./fw-import.log"
MOUNTED=0

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG" >&2; }

root() {
  if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

device_for_label() {
  local by_label="/dev/disk/by-label/$1"
  if [[ -e "$by_label" ]]; then
    readlink -f "$by_label"
    return 0
  fi
  blkid -L "$1" 2>/dev/null
}

cleanup() {
  if (( MOUNTED )); then
    root umount "$MOUNT_POINT" && log "unmounted $MOUNT_POINT"
  fi
  [[ -d "$MOUNT_POINT" ]] && root rmdir "$MOUNT_POINT" 2>/dev/null || true
}
trap cleanup EXIT

attach_stick() {
  local dev="$1" fstype
  fstype="$(blkid -o value -s TYPE "$dev" 2>/dev/null || echo vfat)"
  root mkdir -p "$MOUNT_POINT"
  root mount -t "$fstype" -o ro,nosuid,nodev,noexec "$dev" "$MOUNT_POINT"
  MOUNTED=1
  log "mounted $dev ($fstype) at $MOUNT_POINT"
}

copy_images() {
  local src="$MOUNT_POINT/images" n=0 f
  [[ -d "$src" ]] || { log "no images/ directory on stick"; return 1; }
  mkdir -p "$DEST"
  for f in "$src"/*.bin "$src"/*.img "$MOUNT_POINT/$MANIFEST_NAME"; do
    [[ -f "$f" ]] || continue
    cp --preserve=timestamps "$f" "$DEST/"
    n=$((n + 1))
  done
  log "copied $n file(s) into $DEST"
}

verify_images() {
  local manifest="$DEST/$MANIFEST_NAME"
  [[ -f "$manifest" ]] || { log "stick has no $MANIFEST_NAME, refusing"; return 1; }
  if (cd "$DEST" && sha256sum --quiet --ignore-missing -c "$MANIFEST_NAME"); then
    log "all checksums match"
  else
    log "checksum mismatch, removing copied images"
    find "$DEST" -maxdepth 1 -type f \( -name '*.bin' -o -name '*.img' \) -delete
    return 1
  fi
}

main() {
  local dev
  dev="$(device_for_label "$LABEL")" || true
  if [[ -z "${dev:-}" ]]; then
    log "no device labelled $LABEL; insert the vendor stick"
    exit 2
  fi
  attach_stick "$dev"
  copy_images
  verify_images
  log "import finished; flash with the controller tool as usual"
}

main "$@"
