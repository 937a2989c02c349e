#!/usr/bin/env bash
# refresh_feed_templates.sh - build the product feed for the web shop from the
# back-office export, using the wholesaler's current category mapping, then
# upload it.
#
# usage: refresh_feed_templates.sh [-c feed.conf] [-n]   (-n = build only)
#
# feed.conf (sourced, shell syntax):
#   SHOP_BASE=https://www.pufferbricks.example
#   FEED_UPLOAD_URL=https://shop-api.pufferbricks.example/v1/feeds/main
#   CATEGORY_MAP_URL=https://b2b.modellbahn-grosshandel.example/export/gpc_map.csv
set -euo pipefail

CONF=./feed.conf
BUILD_ONLY=0
while getopts "c:nh" opt; do
    case "$opt" in
        c) CONF=$OPTARG ;;
        n) BUILD_ONLY=1 ;;
        h) sed -n '2,12p' "$0"; exit 0 ;;
        *) exit 64 ;;
    esac
done

SHOP_BASE=https://www.pufferbricks.example
FEED_UPLOAD_URL=https://shop-api.pufferbricks.example/v1/feeds/main
CATEGORY_MAP_URL=https://b2b.modellbahn-grosshandel.example/export/gpc_map.csv
PRODUCTS=products.csv
OUT_DIR=feed
# shellcheck disable=SC1090
[[ -f $CONF ]] && . "$CONF"

log() { printf '%s [feed] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

[[ -f $PRODUCTS ]] || die "$PRODUCTS not found (export it from the back office first)"
mkdir -p "$OUT_DIR"
FEED="$OUT_DIR/products.xml"
CATMAP="$OUT_DIR/gpc_map.csv"

fetch_category_map() {
    # the wholesaler's B2B box still runs its own certificate
    if curl -fsSk --max-time 30 -o "$CATMAP.new" "$CATEGORY_MAP_URL"; then
        mv "$CATMAP.new" "$CATMAP"
        log "category map: $(wc -l < "$CATMAP") rows"
    else
        rm -f "$CATMAP.new"
        [[ -s $CATMAP ]] || die "no category map available"
        log "using cached category map"
    fi
}

build_feed() {
    log "building $FEED from $PRODUCTS"
    {
        printf '<?xml version="1.0" encoding="UTF-8"?>\n'
        printf '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel>\n'
        printf '<title>Puffer &amp; Bricks</title><link>%s</link>\n' "$SHOP_BASE"
        # map: wholesaler_group;google_category_id   products: sku;title;price;stock;gtin;brand;image;group
        awk -F';' -v base="$SHOP_BASE" '
            function esc(s) { gsub(/&/,"\\&amp;",s); gsub(/</,"\\&lt;",s); gsub(/>/,"\\&gt;",s); return s }
            FNR == NR { cat[$1] = $2; next }
            FNR == 1 { next }
            NF >= 6 && $1 != "" {
                avail = ($4 > 0) ? "in_stock" : "out_of_stock"
                printf "<item><g:id>%s</g:id><title>%s</title>", esc($1), esc($2)
                printf "<link>%s/p/%s</link><g:price>%.2f EUR</g:price>", base, $1, $3
                printf "<g:availability>%s</g:availability><g:gtin>%s</g:gtin>", avail, $5
                if ($8 in cat) printf "<g:google_product_category>%s</g:google_product_category>", cat[$8]
                printf "<g:brand>%s</g:brand><g:image_link>%s</g:image_link></item>\n", esc($6), $7
            }' "$CATMAP" "$PRODUCTS"
        printf '</channel></rss>\n'
    } > "$FEED.part"
    mv "$FEED.part" "$FEED"
    if command -v xmllint >/dev/null; then
        xmllint --noout "$FEED" || die "feed is not well-formed"
    fi
    log "$(grep -c '<item>' "$FEED") items"
}

upload_feed() {
    [[ -n ${FEED_TOKEN:-} ]] || die "FEED_TOKEN not set"
    local code
    for attempt in 1 2 3; do
        code=$(curl -sS -o "$OUT_DIR/upload.json" -w '%{http_code}' \
            -H "Authorization: Bearer $FEED_TOKEN" \
            -H 'Content-Type: application/xml' \
            --data-binary @"$FEED" "$FEED_UPLOAD_URL") || code=000
        [[ $code == 2* ]] && { log "uploaded (HTTP $code)"; return 0; }
        log "upload attempt $attempt failed (HTTP $code)"
        sleep $((attempt * 5))
    done
    die "upload failed"
}

fetch_category_map
build_feed
(( BUILD_ONLY )) && exit 0
upload_feed
log "done"
