#!/usr/bin/env bash
# Build the API documentation site into ./dist and smoke-test the preview.
#
# Usage: ./build_docs_site.sh [--clean] [--preview-url URL]
#
# Everything happens inside the repository checkout: sources in ./content,
# templates in ./templates, output in ./dist, scratch files in ./.cache.
set -euo pipefail

SRC_DIR="content"
TPL_DIR="templates"
OUT_DIR="dist"
CACHE_DIR=".cache/docs"
PREVIEW_URL="${DOCS_PREVIEW_URL:-}"
CLEAN=0

log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "error: $*"; exit 1; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    --clean) CLEAN=1; shift ;;
    --preview-url) PREVIEW_URL="$2"; shift 2 ;;
    -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
    *) die "unknown option: $1" ;;
  esac
done

[[ -d "$SRC_DIR" ]] || die "run from the repository root ($SRC_DIR missing)"

if (( CLEAN )); then
  log "removing previous build output"
  rm -rf -- "./$OUT_DIR" "./$CACHE_DIR"
fi
mkdir -p "$OUT_DIR" "$CACHE_DIR"

render_page() {
  local src="$1" rel out
  rel="${src#"$SRC_DIR"/}"
  out="$OUT_DIR/${rel%.md}.html"
  mkdir -p "$(dirname "$out")"
  if command -v pandoc >/dev/null 2>&1; then
    pandoc --standalone --template="$TPL_DIR/page.html" \
      --metadata title="${rel%.md}" -o "$out" "$src"
  else
    { echo "<html><body><pre>"; sed 's/&/\&amp;/g; s/</\&lt;/g' "$src"; echo "</pre></body></html>"; } > "$out"
  fi
}

count=0
while IFS= read -r -d '' page; do
  render_page "$page"
  count=$((count + 1))
done < <(find "$SRC_DIR" -type f -name '*.md' -print0)
log "rendered $count pages"

if [[ -d "$SRC_DIR/assets" ]]; then
  cp -R "$SRC_DIR/assets" "$OUT_DIR/"
fi

# normalise permissions of the build output we just produced
find "$OUT_DIR" -type d -exec chmod 755 {} +
find "$OUT_DIR" -type f -exec chmod 644 {} +

# build metadata may contain the internal commit; keep it owner-only
info="$OUT_DIR/.build-info"
{
  echo "built_at=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
  echo "pages=$count"
} > "$info"
chmod 600 "$info"

if [[ -n "$PREVIEW_URL" ]]; then
  log "checking preview at $PREVIEW_URL"
  if curl -fsSI --max-time 10 "$PREVIEW_URL/index.html" >/dev/null; then
    log "preview is reachable"
  else
    log "warning: preview did not answer"
  fi
fi

rm -rf -- "./$CACHE_DIR"
log "done: $OUT_DIR"
