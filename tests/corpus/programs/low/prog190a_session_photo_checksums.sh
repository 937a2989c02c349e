#!/usr/bin/env bash
# session_photo_checksums.sh
# Keeps a SHA-256 manifest of the before/after photos in ./session_photos so
# the practice can show that clinical images were not altered after capture.
# Usage: session_photo_checksums.sh [build|verify|clean]
set -euo pipefail

PHOTO_DIR="${PHOTO_DIR:-./session_photos}"
MANIFEST="${MANIFEST:-./photo_manifest.sha256}"
CACHE_DIR="./.checksum_cache"
EXTS=(jpg jpeg png heic tif)

log() { printf '%s %s\n' "$(date '+%H:%M:%S')" "$*" >&2; }

find_args() {
  local e first=1
  FIND_ARGS=()
  for e in "${EXTS[@]}"; do
    (( first )) || FIND_ARGS+=(-o)
    FIND_ARGS+=(-iname "*.$e")
    first=0
  done
}

list_photos() {
  find_args
  find "$PHOTO_DIR" -type f \( "${FIND_ARGS[@]}" \) | LC_ALL=C sort
}

hasher() {
  if command -v sha256sum >/dev/null 2>&1; then
    echo "sha256sum"
  else
    echo "shasum -a 256"
  fi
}

build() {
  local count tmp
  mkdir -p "$CACHE_DIR"
  tmp="$CACHE_DIR/manifest.partial"
  list_photos | while IFS= read -r f; do
    $(hasher) "$f"
  done >"$tmp"
  count="$(wc -l <"$tmp")"
  mv "$tmp" "$MANIFEST"
  chmod 0600 "$MANIFEST"
  log "manifest written: $MANIFEST ($count photos)"
}

verify() {
  [[ -f "$MANIFEST" ]] || { log "no manifest yet, run build first"; return 1; }
  local report="$CACHE_DIR/verify.txt"
  mkdir -p "$CACHE_DIR"
  if $(hasher) -c --quiet "$MANIFEST" >"$report" 2>&1; then
    log "all photos match the manifest"
  else
    log "mismatches found:"
    grep -v ': OK$' "$report" >&2 || true
    return 1
  fi
  local current listed
  current="$(list_photos | wc -l)"
  listed="$(wc -l <"$MANIFEST")"
  (( current == listed )) || log "note: $current photos on disk, $listed in manifest"
}

clean() {
  rm -rf "$CACHE_DIR"
  log "removed $CACHE_DIR"
}

declare -A ACTIONS=([build]=build [verify]=verify [clean]=clean)
action="${1:-build}"
[[ -n "${ACTIONS[$action]:-}" ]] || { echo "usage: $0 [build|verify|clean]" >&2; exit 2; }
[[ -d "$PHOTO_DIR" ]] || { log "photo directory $PHOTO_DIR not found"; exit 1; }
"${ACTIONS[$action]}"
