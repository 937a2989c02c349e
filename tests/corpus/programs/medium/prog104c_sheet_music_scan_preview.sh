#!/usr/bin/env bash
# sheet_music_scan_preview.sh - scan a stack of orchestral parts through the
# document feeder, OCR them into a searchable PDF, file the result under
# <library>/<composer>/<work>/<part>.pdf and serve the library folder so the
# section principals can check the scans from their own laptops.
#
# usage: sheet_music_scan_preview.sh -c Composer -w "Work title" -p "Part" [-n]
#   -n   do not start the preview listing after scanning
#
# Settings can be overridden in ~/.config/scanparts.conf (sourced as shell).
set -euo pipefail

LIBRARY="${LIBRARY:-$PWD/library}"
SCAN_DEVICE="${SCAN_DEVICE:-}"
SCAN_RES="${SCAN_RES:-300}"
SCAN_MODE="${SCAN_MODE:-Gray}"
PREVIEW_PORT="${PREVIEW_PORT:-7070}"
PREVIEW=1
CONF="${XDG_CONFIG_HOME:-$HOME/.config}/scanparts.conf"
[ -r "$CONF" ] && . "$CONF"

log()  { printf '%s [scan] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die()  { log "error: $*"; exit 1; }
need() { command -v "$1" >/dev/null 2>&1 || die "missing tool: $1"; }

slug() { printf '%s' "$1" | tr -cs 'A-Za-z0-9' '_' | sed 's/^_//; s/_$//'; }

COMPOSER="" WORK_TITLE="" PART=""
while getopts 'c:w:p:nh' opt; do
  case "$opt" in
    c) COMPOSER=$OPTARG ;;
    w) WORK_TITLE=$OPTARG ;;
    p) PART=$OPTARG ;;
    n) PREVIEW=0 ;;
    h|*) sed -n '2,10p' "$0"; exit 0 ;;
  esac
done
[ -n "$COMPOSER" ] && [ -n "$WORK_TITLE" ] && [ -n "$PART" ] || die "need -c, -w and -p"

for t in scanimage tesseract qpdf; do need "$t"; done

WORKDIR=$(mktemp -d)
trap 'rm -rf "$WORKDIR"' EXIT

scan_pages() {
  log "scanning at ${SCAN_RES}dpi ($SCAN_MODE) from the feeder"
  local dev_args=()
  [ -n "$SCAN_DEVICE" ] && dev_args=(-d "$SCAN_DEVICE")
  if ! scanimage "${dev_args[@]}" --source ADF --mode "$SCAN_MODE" \
        --resolution "$SCAN_RES" --format=tiff \
        --batch="$WORKDIR/page_%03d.tiff" 2>"$WORKDIR/scan.log"; then
    grep -q 'Document feeder out of documents' "$WORKDIR/scan.log" || {
      cat "$WORKDIR/scan.log" >&2; die "scanner failed"; }
  fi
  local n; n=$(find "$WORKDIR" -name 'page_*.tiff' | wc -l)
  [ "$n" -gt 0 ] || die "no pages scanned - is the feeder loaded?"
  log "$n pages scanned"
}

ocr_pages() {
  local f
  for f in "$WORKDIR"/page_*.tiff; do
    tesseract "$f" "${f%.tiff}" --psm 1 -l eng pdf >/dev/null 2>&1 \
      || die "OCR failed on $(basename "$f")"
  done
}

assemble() {
  local dest_dir="$LIBRARY/$(slug "$COMPOSER")/$(slug "$WORK_TITLE")"
  local dest="$dest_dir/$(slug "$PART").pdf"
  mkdir -p "$dest_dir"
  if [ -e "$dest" ]; then
    mv "$dest" "${dest%.pdf}.$(date +%Y%m%d%H%M).pdf"
    log "kept previous scan as backup"
  fi
  qpdf --empty --pages "$WORKDIR"/page_*.pdf -- "$dest"
  log "filed: $dest"
}

start_preview() {
  log "library listing on port $PREVIEW_PORT (Ctrl-C to stop)"
  python3 -m http.server "$PREVIEW_PORT" --bind 0.0.0.0 --directory "$LIBRARY"
}

scan_pages
ocr_pages
assemble
[ "$PREVIEW" -eq 1 ] && start_preview
exit 0
