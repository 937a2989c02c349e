#!/usr/bin/env bash
# sd_card_photo_sorter.sh - copy counselor camera cards into the day folders.
#
# Point it at a card the desktop has already opened (e.g. /media/$USER/EOS_DIGITAL)
# and it copies every photo/video into ./photos/<date>/<photographer>/,
# skipping anything already imported (by SHA-256), and appends to
# ./photos/manifest.tsv so the gallery sync picks the new files up.
#
# Usage: sd_card_photo_sorter.sh -s /media/me/CARD -p "Coach Dana" [-n]

set -uo pipefail

SRC=""
PHOTOGRAPHER=""
DRY_RUN=0
DEST="./photos"
CACHE="./.sorter_cache"
SEEN="$CACHE/seen.sha256"

log() { printf '[sorter %(%H:%M:%S)T] %s\n' -1 "$*"; }
die() { log "error: $*" >&2; exit 1; }

while getopts ":s:p:nh" o; do
  case $o in
    s) SRC=$OPTARG ;;
    p) PHOTOGRAPHER=$OPTARG ;;
    n) DRY_RUN=1 ;;
    h) sed -n '2,10p' "$0"; exit 0 ;;
    *) die "bad option -$OPTARG" ;;
  esac
done

[[ -n $SRC && -d $SRC ]] || die "source card directory required (-s)"
[[ -n $PHOTOGRAPHER ]] || die "photographer name required (-p)"
slug=$(printf '%s' "$PHOTOGRAPHER" | tr '[:upper:]' '[:lower:]' | tr -cs 'a-z0-9' '_' | sed 's/_$//')

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
  cp -p --no-clobber "$f" "$target/" || return 1
  printf '%s\n' "$sum" >> "$SEEN"
  printf '%s\t%s\t%s\t%s\n' "$day" "$slug" "$target/$(basename "$f")" "$sum" >> "$DEST/manifest.tsv"
}

copied=0 skipped=0 failed=0
while IFS= read -r -d '' file; do
  import_one "$file"
  case $? in
    0) ((copied++)) ;;
    2) ((skipped++)) ;;
    *) ((failed++)); log "could not import $file" ;;
  esac
done < <(find "$SRC" -type f \( -iname '*.jpg' -o -iname '*.jpeg' -o -iname '*.cr2' \
                                -o -iname '*.heic' -o -iname '*.mp4' -o -iname '*.mov' \) -print0)

log "copied=$copied skipped=$skipped failed=$failed"
if (( failed == 0 && DRY_RUN == 0 )); then
  rm -f "$CACHE"/*.tmp
fi
(( failed == 0 ))
