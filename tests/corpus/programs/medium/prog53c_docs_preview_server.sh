#!/bin/sh
# docs-preview.sh - build the developer handbook from ./docs (Markdown) into
# ./site and serve it so teammates on the office network and the review VM
# can click through it before it is published.
set -eu

PROG=$(basename "$0")
SRC_DIR=${DOCS_SRC:-./docs}
SITE_DIR=${DOCS_SITE:-./site}
PORT=${DOCS_PORT:-8000}
LISTEN=${DOCS_LISTEN:-0.0.0.0}
TITLE=${DOCS_TITLE:-"Developer Handbook"}
BUILD_ONLY=0

log() { printf '%s: %s\n' "$PROG" "$*" >&2; }

while [ $# -gt 0 ]; do
  case $1 in
    --build-only) BUILD_ONLY=1 ;;
    --port) shift; PORT=$1 ;;
    -h|--help) echo "usage: $PROG [--build-only] [--port N]"; exit 0 ;;
    *) log "unknown option $1"; exit 2 ;;
  esac
  shift
done

convert_one() {
  src=$1
  rel=${src#"$SRC_DIR"/}
  out=$SITE_DIR/${rel%.md}.html
  mkdir -p "$(dirname "$out")"
  if command -v pandoc >/dev/null 2>&1; then
    pandoc --standalone --metadata title="$TITLE" --from gfm --to html5 \
      -o "$out" "$src"
  else
    {
      printf '<!doctype html><meta charset="utf-8"><title>%s</title><pre>\n' "$TITLE"
      sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g' "$src"
      printf '</pre>\n'
    } > "$out"
  fi
}

build_index() {
  {
    printf '<!doctype html><meta charset="utf-8"><title>%s</title>\n' "$TITLE"
    printf '<h1>%s</h1><ul>\n' "$TITLE"
    (cd "$SITE_DIR" && find . -name '*.html' ! -name index.html | sort) |
      while read -r page; do
        page=${page#./}
        printf '<li><a href="%s">%s</a></li>\n' "$page" "${page%.html}"
      done
    printf '</ul>\n'
  } > "$SITE_DIR/index.html"
}

build_site() {
  [ -d "$SRC_DIR" ] || { log "no docs directory at $SRC_DIR"; exit 1; }
  rm -rf "$SITE_DIR"
  mkdir -p "$SITE_DIR"
  count=0
  for f in $(find "$SRC_DIR" -type f -name '*.md' | sort); do
    convert_one "$f"
    count=$((count + 1))
  done
  if [ -d "$SRC_DIR/assets" ]; then
    cp -R "$SRC_DIR/assets" "$SITE_DIR/assets"
  fi
  build_index
  log "built $count page(s) into $SITE_DIR"
}

build_site
[ "$BUILD_ONLY" -eq 1 ] && exit 0

HOST_IP=$(hostname -I 2>/dev/null | awk '{print $1}')
log "serving $SITE_DIR on http://${HOST_IP:-localhost}:$PORT/ (Ctrl-C to stop)"
exec python3 -m http.server "$PORT" --bind "$LISTEN" --directory "$SITE_DIR"
