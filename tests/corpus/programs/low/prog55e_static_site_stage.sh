#!/usr/bin/env bash
# Stage the generated static site: copy ./site into ./public, normalise file
# permissions, drop editor junk, and write a sitemap plus checksum list.
set -euo pipefail

SRC="./site"
DEST="./public"
CACHE="./.build-cache"
BASE_URL="${SITE_BASE_URL:-https://docs.example.org}"
KEEP_CACHE=0

log() { printf 'stage: %s\n' "$*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --src) SRC=$2; shift 2 ;;
        --dest) DEST=$2; shift 2 ;;
        --keep-cache) KEEP_CACHE=1; shift ;;
        --base-url) BASE_URL=${2%/}; shift 2 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

case "$DEST" in
    ./*|public|public/*) ;;
    *) echo "refusing to stage outside the project: $DEST" >&2; exit 1 ;;
esac
[[ -d $SRC ]] || { echo "missing source dir $SRC" >&2; exit 1; }

mkdir -p "$DEST" "$CACHE"

# Copy while recording what changed.
exec 7> "$CACHE/copied.list"
while IFS= read -r -d '' rel; do
    rel=${rel#"$SRC"/}
    if ! cmp -s -- "$SRC/$rel" "$DEST/$rel" 2>/dev/null; then
        mkdir -p -- "$DEST/$(dirname -- "$rel")"
        cp -p -- "$SRC/$rel" "$DEST/$rel"
        printf '%s\n' "$rel" >&7
    fi
done < <(find "$SRC" -type f ! -name '*~' ! -name '.*.swp' -print0)
exec 7>&-
log "$(wc -l < "$CACHE/copied.list") files updated"

# Remove files in DEST that no longer exist in SRC.
comm -13 <(cd "$SRC" && find . -type f | sort) <(cd "$DEST" && find . -type f | sort) \
    | while IFS= read -r stale; do
        log "removing stale ${stale#./}"
        rm -f -- "$DEST/${stale#./}"
    done

# Editor and OS junk that sometimes sneaks in.
find "$DEST" \( -name '.DS_Store' -o -name 'Thumbs.db' -o -name '*.orig' \) -type f -delete

# Directories traversable, files world-readable, nothing executable.
find "$DEST" -type d -exec chmod 0755 {} +
find "$DEST" -type f -exec chmod 0644 {} +

# Sitemap from the HTML files, newest first.
{
    echo '<?xml version="1.0" encoding="UTF-8"?>'
    echo '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
    find "$DEST" -type f -name '*.html' -printf '%TY-%Tm-%Td %P\n' | sort -r \
        | while read -r day page; do
            page=${page%index.html}
            printf '  <url><loc>%s/%s</loc><lastmod>%s</lastmod></url>\n' "$BASE_URL" "$page" "$day"
        done
    echo '</urlset>'
} > "$DEST/sitemap.xml"

# Checksums so the deploy step can do an incremental upload.
(cd "$DEST" && find . -type f ! -name SHA256SUMS -print0 | sort -z | xargs -0 sha256sum) \
    | tee "$CACHE/SHA256SUMS" > "$DEST/SHA256SUMS"

if (( ! KEEP_CACHE )); then
    rm -rf -- "$CACHE"
fi
log "staged $(find "$DEST" -type f | wc -l) files into $DEST"
