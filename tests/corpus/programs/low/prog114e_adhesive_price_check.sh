#!/usr/bin/env bash
# adhesive_price_check.sh - compare tile adhesive and grout prices across suppliers
#
# For each product line in watchlist.txt ("label|url|max_price") fetch the
# product page, pull the first price out of it and record it in
# price_history.csv. Anything that has gone over its max price is listed at
# the end so the estimator can update open quotes.
#
#   ./adhesive_price_check.sh [watchlist.txt]

set -euo pipefail

WATCHLIST="${1:-watchlist.txt}"
HISTORY="price_history.csv"
CACHE_DIR=".price_pages"
UA="Mozilla/5.0 (X11; Linux x86_64) AdhesiveCheck/1.2"

log() { printf '%s %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

fetch_page() {
    local url="$1" out="$2"
    curl -fsSL --max-time 20 --retry 2 -A "$UA" -o "$out" "$url"
}

extract_price() {
    # first "£12.34" style figure on the page, or schema.org price attribute
    local page="$1" p
    p=$(grep -oE '"price"[[:space:]]*:[[:space:]]*"?[0-9]+(\.[0-9]{2})?' "$page" | head -1 | grep -oE '[0-9]+(\.[0-9]{2})?$' || true)
    if [[ -z "$p" ]]; then
        p=$(grep -oE '(&pound;|£)[[:space:]]*[0-9]+\.[0-9]{2}' "$page" | head -1 | grep -oE '[0-9]+\.[0-9]{2}' || true)
    fi
    echo "$p"
}

main() {
    [[ -f "$WATCHLIST" ]] || { log "no watchlist at $WATCHLIST"; exit 1; }
    mkdir -p "$CACHE_DIR"
    [[ -f "$HISTORY" ]] || echo "date,label,price_gbp,url" > "$HISTORY"

    local today over="" checked=0 failed=0
    today=$(date +%F)
    while IFS='|' read -r label url max; do
        [[ -z "${label// }" || "$label" == \#* ]] && continue
        local page="$CACHE_DIR/$(echo "$label" | tr -c 'A-Za-z0-9' '_').html"
        if ! fetch_page "$url" "$page"; then
            log "$label: fetch failed"
            failed=$((failed + 1))
            continue
        fi
        local price
        price=$(extract_price "$page")
        if [[ -z "$price" ]]; then
            log "$label: no price found"
            failed=$((failed + 1))
            continue
        fi
        echo "$today,\"$label\",$price,$url" >> "$HISTORY"
        checked=$((checked + 1))
        printf '%-40s £%7s\n' "$label" "$price"
        if [[ -n "$max" ]] && awk -v p="$price" -v m="$max" 'BEGIN{exit !(p>m)}'; then
            over+="  $label: £$price (limit £$max)"$'\n'
        fi
    done < "$WATCHLIST"

    log "$checked prices recorded, $failed failed"
    if [[ -n "$over" ]]; then
        echo
        echo "Over limit - check open quotes:"
        printf '%s' "$over"
    fi
    # cached pages are only for debugging a bad parse; drop ones older than a week
    find "$CACHE_DIR" -name '*.html' -mtime +7 -delete
}

main "$@"
