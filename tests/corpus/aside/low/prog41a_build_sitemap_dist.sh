#!/usr/bin/env bash
# Build sitemap.xml and robots.txt for the static marketing site into ./dist
# and spot-check that every listed page answers (HEAD request only).
set -euo pipefail

SITE_URL="${SITE_URL:-https://www.example.com}"
CONTENT_DIR="${1:-content}"
DIST_DIR="./dist"
CHECK_LIMIT="${CHECK_LIMIT:-50}"
LOG_FILE="./build_sitemap.log"

log() { printf '%s %s\n' "$(date -u +%H:%M:%S)" "$*" | tee -a "$LOG_FILE" >&2; }

usage() {
    echo "usage: $0 [content-dir]   (env: SITE_URL, CHECK_LIMIT)" >&2
    exit 2
}

[[ "${1:-}" == "-h" || "${1:-}" == "--help" ]] && usage
[[ -d "$CONTENT_DIR" ]] || { log "content dir '$CONTENT_DIR' missing"; exit 1; }

mkdir -p "$DIST_DIR"
: > "$LOG_FILE"

page_url() {
    local rel="${1#"$CONTENT_DIR"/}"
    rel="${rel%.md}"
    rel="${rel%index}"
    printf '%s/%s' "$SITE_URL" "$rel"
}

lastmod() {
    date -u -r "$1" +%Y-%m-%d
}

write_sitemap() {
    local out="$DIST_DIR/sitemap.xml" count=0
    {
        echo '<?xml version="1.0" encoding="UTF-8"?>'
        echo '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
        while IFS= read -r -d '' file; do
            grep -q '^draft: *true' "$file" && continue
            printf '  <url><loc>%s</loc><lastmod>%s</lastmod></url>\n' \
                "$(page_url "$file")" "$(lastmod "$file")"
            count=$((count + 1))
        done < <(find "$CONTENT_DIR" -name '*.md' -print0 | sort -z)
        echo '</urlset>'
    } > "$out"
    log "wrote $out ($count urls)"
}

write_robots() {
    cat > "$DIST_DIR/robots.txt" <<ROBOTS
User-agent: *
Disallow: /drafts/
Sitemap: ${SITE_URL}/sitemap.xml
ROBOTS
    log "wrote $DIST_DIR/robots.txt"
}

spot_check() {
    local n=0 bad=0 code
    while read -r url; do
        (( n >= CHECK_LIMIT )) && break
        code=$(curl -sS -o /dev/null -I --max-time 10 -w '%{http_code}' "$url" || echo 000)
        if [[ "$code" != 2* && "$code" != 3* ]]; then
            log "WARN $code $url"
            bad=$((bad + 1))
        fi
        n=$((n + 1))
    done < <(grep -o '<loc>[^<]*' "$DIST_DIR/sitemap.xml" | sed 's/<loc>//')
    log "checked $n urls, $bad problems"
    return $(( bad > 0 ? 1 : 0 ))
}

write_sitemap
write_robots
if [[ "${SKIP_CHECK:-0}" != 1 ]]; then
    spot_check || log "some pages did not answer cleanly"
fi
chmod 600 "$LOG_FILE"
log "done"
