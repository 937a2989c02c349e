#!/usr/bin/env bash
# chip_usb_import.sh - import backup chip reads from a decoder's USB stick
#
# Each decoder writes a backup of every read to a USB stick. After the
# race the sticks are brought to the timing tent; this loads the USB
# serial driver for the decoder cable, mounts the stick read-only, copies
# the read files into ./imports/<station>/ and unmounts.
#   chip_usb_import.sh -s STATION [-d DEVICE]
set -euo pipefail

STATION=""
DEVICE=""
MNT="/mnt/chipreads"
DEST_ROOT="./imports"
LOGF="./usb_import.log"
DRIVERS=(cp210x ftdi_sio)

log() { echo "$(date '+%F %T') $*" | tee -a "$LOGF"; }

while getopts ":s:d:" o; do
  case "$o" in
    s) STATION="$OPTARG" ;;
    d) DEVICE="$OPTARG" ;;
    *) echo "usage: $0 -s STATION [-d DEVICE]" >&2; exit 1 ;;
  esac
done
[[ -n "$STATION" ]] || { echo "station required" >&2; exit 1; }

priv() { if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi; }

load_drivers() {
  local d
  for d in "${DRIVERS[@]}"; do
    if ! lsmod | grep -q "^${d} "; then
      priv "mod""probe" "$d" && log "loaded $d"
    fi
  done
}

guess_device() {
  # newest removable partition with a vfat filesystem
  lsblk -rpno NAME,RM,FSTYPE | awk '$2==1 && $3=="vfat"{print $1}' | tail -n1
}

do_mount() {
  local dev="$1"
  priv mkdir -p "$MNT"
  if mountpoint -q "$MNT"; then
    log "$MNT already mounted, unmounting first"
    priv umount "$MNT"
  fi
  priv mount -o ro,noexec,nosuid,uid="$(id -u)" "$dev" "$MNT"
  log "mounted $dev at $MNT"
}

copy_reads() {
  local dest="$DEST_ROOT/$STATION"
  mkdir -p "$dest"
  local n=0 f
  while IFS= read -r -d '' f; do
    cp -p "$f" "$dest/"
    n=$((n + 1))
  done < <(find "$MNT" -maxdepth 2 -type f \( -name '*.txt' -o -name '*.csv' \) -print0)
  log "copied $n read files to $dest"
  (cd "$dest" && sha256sum -- * >SHA256SUMS 2>/dev/null) || true
}

cleanup() {
  if mountpoint -q "$MNT" 2>/dev/null; then
    priv umount "$MNT" && log "unmounted $MNT"
  fi
}

main() {
  trap cleanup EXIT
  load_drivers
  if [[ -z "$DEVICE" ]]; then
    DEVICE="$(guess_device)"
  fi
  if [[ -z "$DEVICE" || ! -b "$DEVICE" ]]; then
    log "no USB stick found"
    exit 2
  fi
  do_mount "$DEVICE"
  copy_reads
  log "import for $STATION done"
}

main
