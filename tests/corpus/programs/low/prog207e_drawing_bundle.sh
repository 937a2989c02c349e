#!/usr/bin/env bash
# Bundle the issued setting-out drawings for a bay into a dated archive with
# a checksum manifest, ready to hand to the site team.
set -euo pipefail

SRC_DIR="${SRC_DIR:-./drawings}"
OUT_DIR="${OUT_DIR:-./dist}"
BUILD_DIR="./build/bundle"
BAY=""
CLEAN_ONLY=0
declare -a EXTS=(pdf dxf svg)

log() { printf '[bundle] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

usage() {
  cat <<USAGE
Usage: ${0##*/} -b BAY [-s src_dir] [-o out_dir] [-c]
  -b BAY   bay identifier, e.g. N-aisle-07
  -c       only remove previous build output
USAGE
}

clean_build() {
  rm -rf -- "./build"
  find . -maxdepth 2 -type d -name '__bundle_cache__' -prune -exec rm -rf -- {} +
  log "build output cleared"
}

collect() {
  local ext f n=0
  mkdir -p "$BUILD_DIR"
  for ext in "${EXTS[@]}"; do
    while IFS= read -r -d '' f; do
      cp -p -- "$f" "$BUILD_DIR/"
      n=$((n + 1))
    done < <(find "$SRC_DIR" -type f -iname "*${BAY}*.${ext}" -print0)
  done
  (( n > 0 )) || die "no drawings for bay $BAY in $SRC_DIR"
  log "collected $n drawings"
}

manifest() {
  ( cd "$BUILD_DIR" && sha256sum -- * > MANIFEST.sha256 )
  local rev
  rev="$(date +%Y%m%d)"
  cat > "$BUILD_DIR/ISSUE.txt" <<ISSUE
Bay: $BAY
Issued: $rev
Files: $(($(wc -l < "$BUILD_DIR/MANIFEST.sha256")))
ISSUE
}

package() {
  local name
  name="${BAY}_$(date +%Y%m%d).tar.gz"
  mkdir -p "$OUT_DIR"
  tar -czf "$OUT_DIR/$name" -C "$BUILD_DIR" .
  log "wrote $OUT_DIR/$name ($(du -h "$OUT_DIR/$name" | cut -f1))"
}

while getopts ":b:s:o:ch" opt; do
  case "$opt" in
    b) BAY="$OPTARG" ;;
    s) SRC_DIR="$OPTARG" ;;
    o) OUT_DIR="$OPTARG" ;;
    c) CLEAN_ONLY=1 ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

clean_build
(( CLEAN_ONLY )) && exit 0
[[ -n "$BAY" ]] || { usage; exit 2; }
[[ -d "$SRC_DIR" ]] || die "source folder $SRC_DIR missing"
collect
manifest
package
