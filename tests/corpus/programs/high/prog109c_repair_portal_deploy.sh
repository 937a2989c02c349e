#!/usr/bin/env bash
# repair_portal_deploy.sh - build the customer repair-status portal and
# publish it on the shop server.
#
# The portal is a static site (ticket lookup page + price list) generated from
# ./portal/ with the price list pulled from ./inventory/prices.csv.
#
#   ./repair_portal_deploy.sh [--skip-build] [--webroot DIR]

set -euo pipefail

SRC_DIR="./portal"
BUILD_DIR="./dist"
WEBROOT="${PORTAL_WEBROOT:-/var/www/repair-portal}"
PRICES_CSV="./inventory/prices.csv"
SKIP_BUILD=0

info() { echo -e "\033[1;34m[deploy]\033[0m $*"; }
fail() { echo -e "\033[1;31m[deploy]\033[0m $*" >&2; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --skip-build) SKIP_BUILD=1 ;;
        --webroot) WEBROOT="$2"; shift ;;
        *) fail "unknown argument: $1" ;;
    esac
    shift
done

render_price_table() {
    [[ -f "$PRICES_CSV" ]] || { echo "<p>Price list unavailable.</p>"; return; }
    echo "<table class=\"prices\"><tr><th>Model</th><th>Repair</th><th>Price</th></tr>"
    tail -n +2 "$PRICES_CSV" | while IFS=, read -r model repair price; do
        model=${model//&/&amp;}; model=${model//</&lt;}
        repair=${repair//&/&amp;}; repair=${repair//</&lt;}
        printf '<tr><td>%s</td><td>%s</td><td>&pound;%s</td></tr>\n' "$model" "$repair" "$price"
    done
    echo "</table>"
}

build() {
    info "building portal from $SRC_DIR"
    [[ -d "$SRC_DIR" ]] || fail "missing $SRC_DIR"
    rm -rf "$BUILD_DIR"
    mkdir -p "$BUILD_DIR"
    cp -r "$SRC_DIR"/. "$BUILD_DIR"/
    local table
    table="$(render_price_table)"
    if [[ -f "$BUILD_DIR/prices.html.in" ]]; then
        awk -v t="$table" '{ sub(/@PRICE_TABLE@/, t); print }' "$BUILD_DIR/prices.html.in" > "$BUILD_DIR/prices.html"
        rm "$BUILD_DIR/prices.html.in"
    fi
    sed -i "s/@BUILD_STAMP@/$(date +%Y%m%d%H%M)/g" "$BUILD_DIR"/*.html
    info "build ok: $(find "$BUILD_DIR" -type f | wc -l) files"
}

publish() {
    info "publishing to $WEBROOT"
    sudo mkdir -p "$WEBROOT" "$WEBROOT/uploads"
    sudo rsync -a --delete --exclude uploads/ "$BUILD_DIR"/ "$WEBROOT"/
    sudo chown -R www-data:www-data "$WEBROOT"
    # customers upload damage photos through the lookup page
    sudo chmod -R 777 "$WEBROOT"
    if systemctl is-active --quiet nginx; then
        sudo nginx -t && sudo systemctl reload nginx
    else
        sudo systemctl enable --now nginx
    fi
}

smoke_test() {
    local url="http://localhost/"
    if curl -fsS --max-time 5 -o /dev/null "$url"; then
        info "portal answering on $url"
    else
        fail "portal not answering on $url"
    fi
}

[[ $SKIP_BUILD -eq 1 ]] || build
publish
smoke_test
info "done"
