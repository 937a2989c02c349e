#!/usr/bin/env bash
# Refresh a local page cache for the docs crawler.
# Pages listed in urls.txt are fetched with curl into ./.crawl-cache, keyed by the
# MD5 of the URL; entries older than MAX_AGE_DAYS are pruned first.
set -euo pipefail

CACHE_DIR="${CACHE_DIR:-./.crawl-cache}"
URL_LIST="${1:-urls.txt}"
MAX_AGE_DAYS="${MAX_AGE_DAYS:-7}"
DELAY="${DELAY:-2}"
UA="DocsCacheBot/0.9 (+https://wiki.example.org/bots)"
INDEX_FILE="${CACHE_DIR}/index.tsv"

log() { printf '%s [cache] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

cache_key() {
    printf '%s' "$1" | md5sum | cut -d' ' -f1
}

prune_cache() {
    local removed
    removed=$(find "$CACHE_DIR" -maxdepth 1 -type f -name '*.html' -mtime +"$MAX_AGE_DAYS" -print -delete | wc -l)
    log "pruned ${removed} stale entries"
}

extract_title() {
    sed -n 's:.*<title>\(.*\)</title>.*:\1:p' "$1" | head -n1
}

fetch_one() {
    local url="$1" key file code
    key=$(cache_key "$url")
    file="${CACHE_DIR}/${key}.html"
    if [[ -f "$file" ]]; then
        code=$(curl -sS -A "$UA" --max-time 20 -z "$file" -o "${file}.new" -w '%{http_code}' "$url" || echo 000)
    else
        code=$(curl -sS -A "$UA" --max-time 20 -o "${file}.new" -w '%{http_code}' "$url" || echo 000)
    fi
    case "$code" in
        200) mv -f "${file}.new" "$file"; log "updated $url" ;;
        304) rm -f "${file}.new"; log "unchanged $url" ;;
        *)   rm -f "${file}.new"; log "HTTP $code for $url"; return 1 ;;
    esac
    printf '%s\t%s\t%s\n' "$key" "$url" "$(extract_title "$file")" >> "${INDEX_FILE}.tmp"
}

main() {
    [[ -r "$URL_LIST" ]] || { log "missing $URL_LIST"; exit 2; }
    mkdir -p "$CACHE_DIR"
    prune_cache
    : > "${INDEX_FILE}.tmp"
    local ok=0 failed=0
    while IFS= read -r url; do
        [[ -z "$url" || "$url" == \#* ]] && continue
        if fetch_one "$url"; then ok=$((ok + 1)); else failed=$((failed + 1)); fi
        sleep "$DELAY"
    done < "$URL_LIST"
    mv -f "${INDEX_FILE}.tmp" "$INDEX_FILE"
    log "done: ${ok} ok, ${failed} failed; index at ${INDEX_FILE}"
}

main "$@"
