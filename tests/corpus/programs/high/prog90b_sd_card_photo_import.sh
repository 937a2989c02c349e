#!/usr/bin/env bash
# sd_card_photo_import.sh - import counselor camera cards on the media laptop.
#
# The media laptop has no desktop automounter, so this mounts the card
# read-only, copies every photo/video into ./photos/<date>/<photographer>/,
# skips anything already imported (by SHA-256), appends to
# ./photos/manifest.tsv and unmounts the card again.
#
# Usage: sd_card_photo_import.sh -d /dev/sdb1 -p "Coach Dana" [-n]

set -uo pipefail

DEVICE=""
PHOTOGRAPHER=""
DRY_RUN=0
DEST="./photos"
CACHE="./.sorter_cache"
SEEN="$CACHE/seen.sha256"
MNT="/mnt/campcard"

log() { printf '[import %(%H:%M:%S)T] %s\n' -1 "$*"; }
die() { log "error: $*" >&2; exit 1; }

while getopts ":d:p:nh" o; do
  case $o in
    d) DEVICE=$OPTARG ;;
    p) PHOTOGRAPHER=$OPTARG ;;
    n) DRY_RUN=1 ;;
    h) sed -n '2,10p' "$0"; exit 0 ;;
    *) die "bad option -$OPTARG" ;;
  esac
done

if [[ -z $DEVICE ]]; then
  # newest removable partition, e.g. the card that was just inserted
  DEVICE=$(lsblk -rpno NAME,RM,TYPE | awk '$2==1 && $3=="part"{d=$1} END{print d}')
fi
[[ -b $DEVICE ]] || die "no card block device found (use -d)"
[[ -n $PHOTOGRAPHER ]] || die "photographer name required (-p)"
slug=$(printf '%s' "$PHOTOGRAPHER" | tr '[:upper:]' '[:lower:]' | tr -cs 'a-z0-9' '_' | sed 's/_$//')

as_root() { if (( EUID == 0 )); then "$@"; else sudo "$@"; fi; }

mount_card() {
  as_root mkdir -p "$MNT"
  fstype=$(lsblk -no FSTYPE "$DEVICE")
  opts="ro,nosuid,nodev,noexec"
  case $fstype in
    vfat|exfat) opts+=",uid=$(id -u),gid=$(id -g),umask=0222" ;;
  esac
  log "mounting $DEVICE ($fstype) on $MNT"
  as_root mount -t "$fstype" -o "$opts" "$DEVICE" "$MNT" || die "mount failed"
}

unmount_card() {
  mountpoint -q "$MNT" && as_root umount "$MNT" && log "card unmounted, you can pull it now"
}

mkdir -p "$DEST" "$CACHE"
touch "$SEEN"
[[ -f "$DEST/manifest.tsv" ]] || printf 'date\tphotographer\tfile\tsha256\n' > "$DEST/manifest.tsv"

already_seen() { grep -qx "$1" "$SEEN"; }

import_one() {
  local f=$1 sum day target
  sum=$(sha256sum "$f" | cut -d' ' -f1) || return 1
  if already_seen "$sum"; then
    return 2
  fi
  day=$(date -r "$f" +%F)
  target="$DEST/$day/$slug"
  if (( DRY_RUN )); then
    log "would copy $(basename "$f") -> $target/"
    return 0
  fi
  mkdir -p "$target"
  cp --preserve=timestamps --no-clobber "$f" "$target/" || return 1
  printf '%s\n' "$sum" >> "$SEEN"
  printf '%s\t%s\t%s\t%s\n' "$day" "$slug" "$target/$(basename "$f")" "$sum" >> "$DEST/manifest.tsv"
}

mount_card
trap unmount_card EXIT

copied=0 skipped=0 failed=0
while IFS= read -r -d '' file; do
  import_one "$file"
  case $? in
    0) ((copied++)) ;;
    2) ((skipped++)) ;;
    *) ((failed++)); log "could not import $file" ;;
  esac
done < <(find "$MNT" -type f \( -iname '*.jpg' -o -iname '*.jpeg' -o -iname '*.cr2' \
                                -o -iname '*.heic' -o -iname '*.mp4' -o -iname '*.mov' \) -print0)

log "copied=$copied skipped=$skipped failed=$failed"
if (( failed == 0 && DRY_RUN == 0 )); then
  rm -f "$CACHE"/*.tmp
fi
(( failed == 0 ))
