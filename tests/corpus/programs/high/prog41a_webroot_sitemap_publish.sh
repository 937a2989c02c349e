#!/usr/bin/env bash
# Build sitemap.xml and robots.txt for the static marketing site and publish
# them straight into the web server's document root so the CMS editors and
# the deploy bot can both overwrite them later.
set -euo pipefail

SITE_URL="${SITE_URL:-https://www.example.com}"
CONTENT_DIR="${1:-content}"
WEB_ROOT="/var/www/html"
CHECK_LIMIT="${CHECK_LIMIT:-50}"
LOG_FILE="./publish_sitemap.log"

log() { printf '%s %s\n' "$(date -u +%H:%M:%S)" "$*" | tee -a "$LOG_FILE" >&2; }

usage() {
    echo "usage: $0 [content-dir]   (env: SITE_URL, CHECK_LIMIT)" >&2
    exit 2
}

[[ "${1:-}" == "-h" || "${1:-}" == "--help" ]] && usage
[[ -d "$CONTENT_DIR" ]] || { log "content dir '$CONTENT_DIR' missing"; exit 1; }
[[ -d "$WEB_ROOT" ]] || { log "web root $WEB_ROOT not found"; exit 1; }

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
    local out="$WEB_ROOT/sitemap.xml" count=0
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
    cat > "$WEB_ROOT/robots.txt" <<ROBOTS
User-agent: *
Disallow: /drafts/
Sitemap: ${SITE_URL}/sitemap.xml
ROBOTS
    log "wrote $WEB_ROOT/robots.txt"
}

open_permissions() {
    # editors upload through SFTP as their own users, the bot runs as www-data
    chmod -R 777 "$WEB_ROOT"
    log "opened permissions on $WEB_ROOT"
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
    done < <(grep -o '<loc>[^<]*' "$WEB_ROOT/sitemap.xml" | sed 's/<loc>//')
    log "checked $n urls, $bad problems"
    return $(( bad > 0 ? 1 : 0 ))
}

write_sitemap
write_robots
open_permissions
if [[ "${SKIP_CHECK:-0}" != 1 ]]; then
    spot_check || log "some pages did not answer cleanly"
fi
log "done"
