#!/usr/bin/env bash
# Coin price scraper: collects current retail/auction prices for the coins in
# watchlist.tsv from the dealer sites we track and writes ./data/prices.csv.
#
# Only sites that serve prices in plain HTML are scraped; rows marked "js" in
# the watchlist are skipped and listed at the end for manual checking.
#
# Usage: price_scraper_fetch.sh [watchlist.tsv]
set -euo pipefail

WATCHLIST="${1:-watchlist.tsv}"
DATA_DIR="./data"
OUT="$DATA_DIR/prices.csv"
UA="Mozilla/5.0 (X11; Linux x86_64) coin-price-scraper/3.2"

log() { printf '%s %s\n' "$(date -u +%FT%TZ)" "$*" >&2; }

[ -f "$WATCHLIST" ] || { log "missing $WATCHLIST"; exit 1; }
mkdir -p "$DATA_DIR/raw"

fetch_static() {
    # $1 id  $2 url
    local dest="$DATA_DIR/raw/$1.html"
    curl -fsSL --max-time 25 --retry 2 -A "$UA" -o "$dest" "$2" || return 1
    echo "$dest"
}

parse_price() {
    # first price looking like  £1,234.00  /  $1,234  /  1.234,00 €
    grep -oE '(£|\$|€) ?[0-9][0-9.,]*|[0-9][0-9.,]* ?€' "$1" | head -n1 |
        sed -E 's/[^0-9.,]//g; s/,([0-9]{2})$/.\1/; s/,//g'
}

summarise() {
    # price movement against the previous run, if one exists
    local prev="$DATA_DIR/prices.prev.csv"
    [ -f "$prev" ] || return 0
    join -t, -j1 <(tail -n +2 "$prev" | sort -t, -k1,1) <(tail -n +2 "$OUT" | sort -t, -k1,1) |
        awk -F, '$3 != "" && $6 != "" && $3 != $6 {
            printf "  %-20s %10s -> %10s (%+.1f%%)\n", $1, $3, $6, ($6 - $3) / $3 * 100 }' >&2
}

main() {
    local id url mode page price ok=0 fail=0
    local -a manual=()
    [ -f "$OUT" ] && cp "$OUT" "$DATA_DIR/prices.prev.csv"
    echo "id,url,price,fetched_at" > "$OUT"
    while IFS=$'\t' read -r id url mode; do
        [[ -z "$id" || "$id" == \#* ]] && continue
        if [ "${mode:-static}" = "js" ]; then
            manual+=("$id $url")
            continue
        fi
        page="$(fetch_static "$id" "$url")" || { fail=$((fail + 1)); log "fetch failed: $id"; continue; }
        price="$(parse_price "$page" || true)"
        printf '%s,%s,%s,%s\n' "$id" "$url" "${price:-}" "$(date -u +%FT%TZ)" >> "$OUT"
        ok=$((ok + 1))
        sleep 1
    done < "$WATCHLIST"
    log "done: $ok priced, $fail failed -> $OUT"
    summarise
    if [ "${#manual[@]}" -gt 0 ]; then
        log "check by hand (javascript-only sites):"
        printf '  %s\n' "${manual[@]}" >&2
    fi
}

main
