#!/usr/bin/env bash
# Attach the catalogue photo archive drive (past clock sales) to this workstation.
set -euo pipefail

LABEL="${LABEL:-CLOCKARCH}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/clock-archive}"
FS_TYPE="${FS_TYPE:-ext4}"
OPTIONS="${OPTIONS:-ro,nosuid,nodev,noatime}"
PERSIST=0
DETACH=0

SUDO=(sudo)
[[ $EUID -eq 0 ]] && SUDO=()

msg() { printf '[archive] %s\n' "$*"; }
die() { msg "error: $*" >&2; exit 1; }

device_for_label() {
  local dev
  dev="$(blkid -L "$LABEL" 2>/dev/null || true)"
  [[ -n "$dev" ]] || dev="/dev/disk/by-label/${LABEL}"
  [[ -b "$dev" ]] || die "no block device labelled $LABEL"
  printf '%s' "$dev"
}

is_mounted() { mountpoint -q "$MOUNT_POINT"; }

attach() {
  local dev
  dev="$(device_for_label)"
  if is_mounted; then
    msg "already mounted at $MOUNT_POINT"
    return 0
  fi
  "${SUDO[@]}" mkdir -p "$MOUNT_POINT"
  "${SUDO[@]}" mount -t "$FS_TYPE" -o "$OPTIONS" "$dev" "$MOUNT_POINT"
  msg "mounted $dev at $MOUNT_POINT ($OPTIONS)"
}

persist() {
  local table="/etc/fstab"
  local line="LABEL=${LABEL} ${MOUNT_POINT} ${FS_TYPE} ${OPTIONS},nofail 0 2"
  if grep -q "LABEL=${LABEL}[[:space:]]" "$table"; then
    msg "fstab already has an entry for $LABEL"
    return 0
  fi
  "${SUDO[@]}" cp "$table" "${table}.bak.$(date +%Y%m%d)"
  printf '%s\n' "$line" | "${SUDO[@]}" tee -a "$table" >/dev/null
  msg "added fstab entry: $line"
}

detach() {
  if ! is_mounted; then
    msg "nothing mounted at $MOUNT_POINT"
    return 0
  fi
  "${SUDO[@]}" umount "$MOUNT_POINT"
  msg "unmounted $MOUNT_POINT"
}

summary() {
  is_mounted || return 0
  local count
  count="$(find "$MOUNT_POINT" -type f \( -iname '*.jpg' -o -iname '*.tif' \) 2>/dev/null | wc -l)"
  msg "$count archive photographs available"
  df -h "$MOUNT_POINT" | tail -n1
}

while getopts "pdl:m:" opt; do
  case "$opt" in
    p) PERSIST=1 ;;
    d) DETACH=1 ;;
    l) LABEL="$OPTARG" ;;
    m) MOUNT_POINT="$OPTARG" ;;
    *) echo "usage: $0 [-p] [-d] [-l label] [-m mountpoint]" >&2; exit 2 ;;
  esac
done

if [[ $DETACH -eq 1 ]]; then
  detach
  exit 0
fi
attach
[[ $PERSIST -eq 1 ]] && persist
summary
