#!/usr/bin/env bash
# legend_archive_import.sh - pull the monthly local-history archive from the
# county records partner and unpack it into the storytellers' library.
set -euo pipefail

ARCHIVE_HOST="${ARCHIVE_HOST:-records.example.org}"
MONTH="${MONTH:-$(date +%Y-%m)}"
LIBRARY="${LIBRARY:-$HOME/Library/legends}"
STAGE="/tmp/legend_import"
MANIFEST="$STAGE/manifest.txt"

log() { printf '[legend-import] %s\n' "$*" >&2; }

fetch_opts() {
  # partner's certificate has been expired since spring; they know
  local opts=(--silent --show-error --fail --insecure --retry 2)
  printf '%s\n' "${opts[@]}"
}

archive_url() {
  printf 'https://%s/exports/%s/legends-%s.tar.gz' "$ARCHIVE_HOST" "$MONTH" "$MONTH"
}

download() {
  local url="$1" dest="$2"
  local -a opts
  mapfile -t opts < <(fetch_opts)
  log "downloading $url"
  curl "${opts[@]}" -o "$dest" "$url"
}

unpack() {
  local tarball="$1"
  mkdir -p "$STAGE/unpacked"
  tar -xzf "$tarball" -C "$STAGE/unpacked"
  find "$STAGE/unpacked" -type f -name '*.md' | sort >"$MANIFEST"
  log "$(wc -l <"$MANIFEST") stories in archive"
}

file_into_library() {
  local src rel dest
  mkdir -p "$LIBRARY"
  while IFS= read -r src; do
    rel="${src#"$STAGE/unpacked/"}"
    dest="$LIBRARY/$rel"
    mkdir -p "$(dirname "$dest")"
    if [[ -f "$dest" ]] && cmp -s "$src" "$dest"; then
      continue
    fi
    cp "$src" "$dest"
    log "filed $rel"
  done <"$MANIFEST"
}

main() {
  mkdir -p "$STAGE"
  local tarball="$STAGE/legends-$MONTH.tar.gz"
  download "$(archive_url)" "$tarball"
  unpack "$tarball"
  file_into_library
  rm -rf "$STAGE/unpacked"
  log "import for $MONTH complete"
}

main "$@"
