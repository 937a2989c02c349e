#!/usr/bin/env bash
# gallery_sync_nightly.sh - push the day's camp photos to the parent gallery.
#
# Picks up photos dropped by counselors into ./incoming/<cabin>/, resizes
# them for the web, and uploads them to the album for the current session
# week. Intended to be run by hand from the media laptop after lights-out.
#
# Usage: ./gallery_sync_nightly.sh [-c gallery.conf] [-n] [-a album-id]

set -euo pipefail

CONF="./gallery.conf"
DRY_RUN=0
ALBUM=""
INCOMING="./incoming"
STAGE="/tmp/camp_gallery_stage"
STAMP=".last_gallery_sync"
MAX_EDGE=2048

log()  { printf '%s [gallery] %s\n' "$(date '+%F %T')" "$*" >&2; }
die()  { log "ERROR: $*"; exit 1; }

while getopts ":c:na:h" opt; do
  case "$opt" in
    c) CONF="$OPTARG" ;;
    n) DRY_RUN=1 ;;
    a) ALBUM="$OPTARG" ;;
    h) sed -n '2,10p' "$0"; exit 0 ;;
    *) die "unknown option -$OPTARG" ;;
  esac
done

[[ -f "$CONF" ]] && . "$CONF"
: "${GALLERY_API:?GALLERY_API must be set in $CONF or the environment}"
: "${GALLERY_TOKEN:?GALLERY_TOKEN must be set}"
ALBUM="${ALBUM:-${DEFAULT_ALBUM:-week-$(date +%V)}}"

command -v curl >/dev/null || die "curl is required"
HAVE_CONVERT=0
command -v convert >/dev/null && HAVE_CONVERT=1

prepare_stage() {
  rm -rf "$STAGE"
  mkdir -p "$STAGE"
}

collect_new() {
  local newer=()
  [[ -f "$STAMP" ]] && newer=(-newer "$STAMP")
  find "$INCOMING" -type f \( -iname '*.jpg' -o -iname '*.jpeg' -o -iname '*.png' \) \
       "${newer[@]}" -print0
}

stage_photo() {
  local src="$1" cabin base out
  cabin="$(basename "$(dirname "$src")")"
  base="$(basename "$src")"
  out="$STAGE/${cabin}__${base%.*}.jpg"
  if (( HAVE_CONVERT )); then
    convert "$src" -auto-orient -resize "${MAX_EDGE}x${MAX_EDGE}>" -strip -quality 85 "$out"
  else
    cp "$src" "$out"
  fi
  printf '%s\n' "$out"
}

upload_photo() {
  local file="$1" cabin
  cabin="${file##*/}"; cabin="${cabin%%__*}"
  if (( DRY_RUN )); then
    log "would upload $file (cabin=$cabin)"
    return 0
  fi
  curl -sS -k --retry 3 --max-time 120 \
       -H "Authorization: Bearer ${GALLERY_TOKEN}" \
       -F "file=@${file};type=image/jpeg" \
       -F "tags=cabin:${cabin}" \
       "${GALLERY_API%/}/albums/${ALBUM}/photos" -o /dev/null -w '%{http_code}\n'
}

main() {
  [[ -d "$INCOMING" ]] || die "no incoming directory at $INCOMING"
  prepare_stage
  local count=0 failed=0 staged code
  while IFS= read -r -d '' photo; do
    staged="$(stage_photo "$photo")" || { log "resize failed: $photo"; ((failed++)) || true; continue; }
    code="$(upload_photo "$staged")" || code="000"
    if [[ "$DRY_RUN" == 1 || "$code" == 2* ]]; then
      ((count++)) || true
    else
      log "upload of $photo returned $code"
      ((failed++)) || true
    fi
  done < <(collect_new)

  log "album=$ALBUM uploaded=$count failed=$failed"
  (( DRY_RUN )) || touch "$STAMP"
  rm -rf "$STAGE"
  (( failed == 0 ))
}

main "$@"
