#!/usr/bin/env bash
# publish_feed_webroot.sh - build the merchant XML feed for the knife and
# hat catalogue and publish it on the shop's own web server, where the
# marketplaces fetch it from https://<shop>/feeds/products.xml.
#
#   publish_feed_webroot.sh [-s products.csv] [-w /var/www/shop] [-n]

set -euo pipefail

SRC="products.csv"
WEBROOT="/var/www/shop"
SITE_URL="${SHOP_SITE_URL:-https://www.bladeandbrim.co.uk}"
DRY=0
BUILD_DIR="./build/feed"

log() { echo "[$(date +%H:%M:%S)] $*"; }

while getopts ':s:w:nh' opt; do
    case $opt in
        s) SRC=$OPTARG ;;
        w) WEBROOT=$OPTARG ;;
        n) DRY=1 ;;
        *) sed -n '2,7p' "$0"; exit 2 ;;
    esac
done

[[ -r "$SRC" ]] || { log "cannot read $SRC"; exit 1; }
mkdir -p "$BUILD_DIR"

build_xml() {
    local out="$BUILD_DIR/products.xml"
    python3 - "$SRC" "$SITE_URL" > "$out" <<'PY'
import csv, sys
from xml.sax.saxutils import escape
src, site = sys.argv[1], sys.argv[2].rstrip("/")
print('<?xml version="1.0" encoding="UTF-8"?>')
print('<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel>')
print(f"<title>Blade and Brim</title><link>{escape(site)}</link>")
with open(src, newline="", encoding="utf-8") as fh:
    for row in csv.DictReader(fh):
        avail = "in_stock" if int(row.get("stock") or 0) > 0 else "out_of_stock"
        print("<item>")
        print(f"<g:id>{escape(row['sku'])}</g:id><title>{escape(row['title'])}</title>")
        print(f"<link>{escape(site)}/p/{escape(row['slug'])}</link>")
        print(f"<g:price>{float(row['price']):.2f} GBP</g:price><g:availability>{avail}</g:availability>")
        if row.get("image_url"):
            print(f"<g:image_link>{escape(row['image_url'])}</g:image_link>")
        print("</item>")
print("</channel></rss>")
PY
    xmllint --noout "$out" 2>/dev/null || log "xmllint not available or feed invalid, check $out"
    echo "$out"
}

publish() {
    local feed="$1"
    local dest="$WEBROOT/feeds"
    if [[ $DRY -eq 1 ]]; then
        log "dry run: would install $feed into $dest"
        return
    fi
    sudo install -d -o www-data -g www-data -m 0755 "$dest"
    sudo install -o www-data -g www-data -m 0644 "$feed" "$dest/products.xml.new"
    sudo mv -f "$dest/products.xml.new" "$dest/products.xml"
    if sudo nginx -t >/dev/null 2>&1; then
        sudo systemctl reload nginx
        log "nginx reloaded"
    else
        log "nginx config test failed, feed copied but server not reloaded"
    fi
}

check_live() {
    local code
    code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 15 "$SITE_URL/feeds/products.xml" || echo 000)
    log "live feed check: HTTP $code"
}

items=$(($(grep -c . "$SRC") - 1))
log "building feed for $items products"
feed_file=$(build_xml)
publish "$feed_file"
[[ $DRY -eq 1 ]] || check_live
