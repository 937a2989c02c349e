#!/usr/bin/env bash
# photo_share_copy.sh - pull the week's workshop photos off the NAS share.
#
# Expects the NAS "workshop-photos" share to be mounted already (the desktop
# file manager or fstab does that).  Copies new photos into ./archive/YYYY-MM/
# (skipping duplicates by checksum) and writes an index.
#
#   ./photo_share_copy.sh [-m mountpoint] [-d days]

set -euo pipefail

MNT="${PHOTO_SHARE:-/mnt/workshop-photos}"
DAYS=7
ARCHIVE="./archive"
INDEX="$ARCHIVE/index.tsv"

while getopts "d:m:" opt; do
  case "$opt" in
    d) DAYS="$OPTARG" ;;
    m) MNT="$OPTARG" ;;
    *) echo "usage: $0 [-d days] [-m mountpoint]" >&2; exit 1 ;;
  esac
done

info() { echo "photos: $*"; }

check_share() {
  if ! mountpoint -q "$MNT"; then
    echo "photos: $MNT is not mounted - open the NAS share first" >&2
    exit 1
  fi
  if ! find "$MNT" -maxdepth 1 -type d -readable | grep -q .; then
    echo "photos: $MNT is not readable" >&2
    exit 1
  fi
  info "using share at $MNT"
}

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
  check_share
  copy_new
  du -sh "$ARCHIVE" | awk '{print "photos: archive size " $1}'
}

main
