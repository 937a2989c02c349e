#!/usr/bin/env bash
# Build a printable HTML catalogue from the swap's CSV sheets in this folder.
set -euo pipefail

SRC_GLOB="${SRC_GLOB:-sheets/*.csv}"
BUILD="build"
TITLE="${TITLE:-Allotment Seed Swap}"
CLEAN_ONLY=0

while [[ $# -gt 0 ]]; do
  case "$1" in
    --clean) CLEAN_ONLY=1; shift ;;
    --title) TITLE="$2"; shift 2 ;;
    -h|--help) echo "Usage: ${0##*/} [--clean] [--title TEXT]"; exit 0 ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
done

log() { echo "[build] $*" >&2; }

escape() { sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g'; }

header() {
  cat <<HTML
<!doctype html>
<html><head><meta charset="utf-8"><title>$(printf '%s' "$TITLE" | escape)</title>
<style>body{font-family:sans-serif} td,th{padding:2px 8px;border-bottom:1px solid #ccc}</style>
</head><body><h1>$(printf '%s' "$TITLE" | escape)</h1>
HTML
}

section() {
  local file="$1" name
  name="$(basename "$file" .csv)"
  printf '<h2>%s</h2>\n<table><tr><th>Variety</th><th>Crop</th><th>From</th></tr>\n' "$name"
  tail -n +2 "$file" | escape | awk -F, '{ printf "<tr><td>%s</td><td>%s</td><td>%s</td></tr>\n", $1, $2, $3 }'
  echo "</table>"
}

footer() {
  printf '<p><small>Built %s from %d sheet(s).</small></p></body></html>\n' "$(date +%F)" "$1"
}

build() {
  local -a sheets
  shopt -s nullglob
  sheets=($SRC_GLOB)
  shopt -u nullglob
  if [[ ${#sheets[@]} -eq 0 ]]; then
    log "no sheets matched $SRC_GLOB"; return 1
  fi
  mkdir -p "$BUILD"
  {
    header
    local s
    for s in "${sheets[@]}"; do section "$s"; done
    footer "${#sheets[@]}"
  } >"$BUILD/catalogue.html"
  log "wrote $BUILD/catalogue.html from ${#sheets[@]} sheet(s)"
}

if [[ $CLEAN_ONLY -eq 1 ]]; then
  rm -rf -- "./$BUILD"
  log "removed ./$BUILD"
  exit 0
fi
build
