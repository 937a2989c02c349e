#!/usr/bin/env bash
# Probe every URL of a site's sitemap with HEAD requests before the
# nightly Playwright run, so the suite can skip pages that are already down.
# Writes ./reports/link-probe-<date>.tsv and clears its own ./.probe-cache.
set -euo pipefail

SITEMAP_URL="${1:-https://www.example.org/sitemap.xml}"
MAX_URLS="${MAX_URLS:-300}"
TIMEOUT="${TIMEOUT:-8}"
CACHE_DIR="./.probe-cache"
REPORT_DIR="./reports"
STAMP="$(date +%Y%m%d)"
REPORT="${REPORT_DIR}/link-probe-${STAMP}.tsv"

log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

cleanup() {
    rm -rf -- "$CACHE_DIR"
}
trap cleanup EXIT

fetch_sitemap() {
    local url="$1" out="$2"
    log "fetching sitemap $url"
    if ! curl -fsSL --max-time "$TIMEOUT" -o "$out" "$url"; then
        log "could not download sitemap"
        return 1
    fi
}

extract_locs() {
    # crude but dependency-free <loc> extraction
    grep -o '<loc>[^<]*</loc>' "$1" | sed -e 's#<loc>##' -e 's#</loc>##' | head -n "$MAX_URLS"
}

probe() {
    local url="$1" code time_total
    read -r code time_total < <(curl -s -o "$CACHE_DIR/last.hdr" -I -L \
        --max-time "$TIMEOUT" -w '%{http_code} %{time_total}\n' "$url" || echo "000 0")
    printf '%s\t%s\t%s\n' "$code" "$time_total" "$url"
}

main() {
    mkdir -p "$CACHE_DIR" "$REPORT_DIR"
    local sitemap="$CACHE_DIR/sitemap.xml"
    fetch_sitemap "$SITEMAP_URL" "$sitemap"

    local total=0 broken=0
    printf 'status\tseconds\turl\n' > "$REPORT"
    while IFS= read -r url; do
        [[ -z "$url" ]] && continue
        line="$(probe "$url")"
        printf '%s\n' "$line" >> "$REPORT"
        total=$((total + 1))
        case "${line%%$'\t'*}" in
            2??|3??) ;;
            *) broken=$((broken + 1)); log "broken: $line" ;;
        esac
    done < <(extract_locs "$sitemap")

    log "probed $total url(s), $broken broken; report at $REPORT"
    if (( broken > 0 )); then
        awk -F'\t' 'NR>1 && $1 !~ /^[23]/ {print $3}' "$REPORT" > "$REPORT_DIR/skip-list.txt"
        log "skip list written to $REPORT_DIR/skip-list.txt"
    fi
}

main "$@"
