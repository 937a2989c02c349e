#!/usr/bin/env bash
# photo_share_mount.sh - pull the week's workshop photos off the NAS share.
#
# Mounts the NAS "workshop-photos" share, copies new photos into
# ./archive/YYYY-MM/ (skipping duplicates by checksum), writes an index and
# unmounts again.  Credentials come from ./nas.cred (username=/password=).
#
#   ./photo_share_mount.sh [-s //nas/workshop-photos] [-d days]

set -euo pipefail

SHARE="//nas.workshop.lan/workshop-photos"
MNT="/mnt/workshop-photos"
CRED="./nas.cred"
DAYS=7
ARCHIVE="./archive"
INDEX="$ARCHIVE/index.tsv"

while getopts "s:d:m:" opt; do
  case "$opt" in
    s) SHARE="$OPTARG" ;;
    d) DAYS="$OPTARG" ;;
    m) MNT="$OPTARG" ;;
    *) echo "usage: $0 [-s share] [-d days] [-m mountpoint]" >&2; exit 1 ;;
  esac
done

info() { echo "photos: $*"; }

mount_share() {
  [ -f "$CRED" ] || { echo "missing $CRED" >&2; exit 1; }
  chmod 600 "$CRED"
  if mountpoint -q "$MNT"; then
    info "$MNT already mounted"
    return 0
  fi
  sudo mkdir -p "$MNT"
  sudo mount -t cifs "$SHARE" "$MNT" \
    -o "credentials=$(realpath "$CRED"),ro,uid=$(id -u),gid=$(id -g),vers=3.0,iocharset=utf8"
  MOUNTED_HERE=1
  info "mounted $SHARE on $MNT"
}

cleanup() {
  if [ "${MOUNTED_HERE:-0}" -eq 1 ]; then
    sudo umount "$MNT" && info "unmounted $MNT"
  fi
}
trap cleanup EXIT

known_sum() {
  [ -f "$INDEX" ] && grep -q "^$1	" "$INDEX"
}

copy_new() {
  local n=0 skipped=0 f sum month dest
  mkdir -p "$ARCHIVE"
  touch "$INDEX"
  while IFS= read -r -d '' f; do
    sum=$(md5sum "$f" | cut -d' ' -f1)
    if known_sum "$sum"; then
      skipped=$((skipped + 1))
      continue
    fi
    month=$(date -r "$f" +%Y-%m)
    dest="$ARCHIVE/$month"
    mkdir -p "$dest"
    cp -p "$f" "$dest/"
    printf '%s\t%s\t%s\n' "$sum" "$month/$(basename "$f")" "$(date -r "$f" +%F)" >> "$INDEX"
    n=$((n + 1))
  done < <(find "$MNT" -type f \( -iname '*.jpg' -o -iname '*.jpeg' -o -iname '*.heic' \) \
             -mtime "-$DAYS" -print0)
  info "$n new photo(s) archived, $skipped already present"
}

main() {
  command -v mount.cifs >/dev/null || { echo "cifs-utils not installed" >&2; exit 1; }
  mount_share
  copy_new
  du -sh "$ARCHIVE" | awk '{print "photos: archive size " $1}'
}

main
