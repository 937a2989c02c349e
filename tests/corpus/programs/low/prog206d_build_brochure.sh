#!/usr/bin/env bash
# Build the one-page HTML brochure for the sauna trailer fleet from the
# plain-text sections in ./content.
# Usage: prog206d_build_brochure.sh [--clean] [--title TEXT]
set -euo pipefail

CONTENT_DIR="./content"
BUILD_DIR="./build"
CACHE_DIR="./.brochure_cache"
TITLE="Mobile Sauna Rentals"
SECTIONS=(intro trailers pricing booking contact)

log() { printf '[brochure] %s\n' "$*" >&2; }

clean() {
  rm -rf "$BUILD_DIR" "$CACHE_DIR"
  log "removed build output and cache"
}

escape_html() {
  sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g'
}

render_section() {
  local name="$1" src="$CONTENT_DIR/$1.txt"
  [[ -f "$src" ]] || { log "missing section $name, skipped"; return 0; }
  local heading body
  heading="$(head -n1 "$src" | escape_html)"
  body="$(tail -n +2 "$src" | escape_html | awk 'BEGIN{RS=""} {gsub(/\n/," "); print "<p>" $0 "</p>"}')"
  cat <<EOF
<section id="$name">
  <h2>$heading</h2>
  $body
</section>
EOF
}

cached_render() {
  local name="$1" key
  key="$(cat "$CONTENT_DIR/$name.txt" 2>/dev/null | md5sum | cut -d' ' -f1)"
  local hit="$CACHE_DIR/$name-$key.html"
  if [[ -f "$hit" ]]; then
    cat "$hit"
  else
    mkdir -p "$CACHE_DIR"
    render_section "$name" | tee "$hit"
  fi
}

page() {
  cat <<EOF
<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>$TITLE</title>
<style>body{font-family:sans-serif;max-width:46em;margin:auto}h2{color:#8a3b12}</style>
</head><body>
<h1>$TITLE</h1>
$(for s in "${SECTIONS[@]}"; do cached_render "$s"; done)
<footer>Generated $(date +%F)</footer>
</body></html>
EOF
}

main() {
  while (( $# )); do
    case "$1" in
      --clean) clean; exit 0 ;;
      --title) TITLE="$2"; shift 2 ;;
      *) log "unknown option $1"; exit 2 ;;
    esac
  done
  [[ -d "$CONTENT_DIR" ]] || { log "no $CONTENT_DIR directory"; exit 1; }
  mkdir -p "$BUILD_DIR"
  page > "$BUILD_DIR/index.html"
  [[ -d "$CONTENT_DIR/img" ]] && cp -r "$CONTENT_DIR/img" "$BUILD_DIR/"
  log "wrote $BUILD_DIR/index.html ($(wc -c < "$BUILD_DIR/index.html") bytes)"
}

main "$@"
