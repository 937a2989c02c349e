#!/usr/bin/env bash
# till_kiosk_rebuild.sh - rebuild the farm shop till bundle for a new season.
#
# Run from the farmtill checkout.  Clears the previous build output and
# cached price lists, renders the receipt templates with this season's shop
# details, pulls the current price list and packs everything into
# dist/till-bundle-<date>.tar.gz for copying onto the kiosk.
#
# Usage: till_kiosk_rebuild.sh [-n] [-c season.conf]
#   -n  dry run: show what would be removed
#   -c  season settings (default ./season.conf)
set -uo pipefail

CONFIG="./season.conf"
DRY_RUN=0
LOG_FILE="./till_rebuild.log"
BUILD_DIR="./build"
DIST_DIR="./dist"
CACHE_DIR="./.cache"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2; }

while getopts ":nc:h" opt; do
    case $opt in
        n) DRY_RUN=1 ;;
        c) CONFIG=$OPTARG ;;
        h) sed -n '2,13p' "$0"; exit 0 ;;
        *) echo "bad option -$OPTARG" >&2; exit 2 ;;
    esac
done

[[ -f ./till/__init__.py ]] || { echo "run this from the farmtill checkout" >&2; exit 1; }

# season.conf may set SHOP_NAME, SHOP_PHONE, VAT_NO, PRICE_LIST_URL
SHOP_NAME="Farm Shop"
SHOP_PHONE=""
VAT_NO=""
PRICE_LIST_URL="https://office.example-farm.co.uk/prices/current.csv"
if [[ -r "$CONFIG" ]]; then
    while IFS='=' read -r key value; do
        [[ $key =~ ^[A-Z_]+$ ]] || continue
        case $key in
            SHOP_NAME|SHOP_PHONE|VAT_NO|PRICE_LIST_URL) printf -v "$key" '%s' "$value" ;;
        esac
    done < "$CONFIG"
fi

run() {
    if (( DRY_RUN )); then
        log "[dry-run] $*"
    else
        "$@"
    fi
}

clean_previous() {
    local d
    for d in "$BUILD_DIR" "$DIST_DIR" "$CACHE_DIR/prices" "$CACHE_DIR/receipts"; do
        if [[ -e "$d" ]]; then
            log "removing $d"
            run rm -rf -- "$d"
        fi
    done
    run find ./till -name '__pycache__' -type d -prune -exec rm -rf {} +
}

render_templates() {
    run mkdir -p "$BUILD_DIR/templates"
    local tpl out
    for tpl in ./templates/*.tpl; do
        [[ -e $tpl ]] || continue
        out="$BUILD_DIR/templates/$(basename "${tpl%.tpl}")"
        if (( DRY_RUN )); then
            log "[dry-run] render $tpl -> $out"
            continue
        fi
        sed -e "s|@SHOP_NAME@|${SHOP_NAME//|/\\|}|g" \
            -e "s|@SHOP_PHONE@|${SHOP_PHONE}|g" \
            -e "s|@VAT_NO@|${VAT_NO}|g" \
            -e "s|@SEASON@|$(date +%Y)|g" "$tpl" > "$out"
    done
    log "receipt templates rendered"
}

fetch_prices() {
    run mkdir -p "$BUILD_DIR/data"
    (( DRY_RUN )) && { log "[dry-run] fetch $PRICE_LIST_URL"; return 0; }
    if curl -fsS --max-time 20 --retry 2 -o "$BUILD_DIR/data/prices.csv" "$PRICE_LIST_URL"; then
        log "price list: $(($(wc -l < "$BUILD_DIR/data/prices.csv") - 1)) lines"
    else
        log "price list download failed; using the copy in the repo"
        cp ./data/prices.csv "$BUILD_DIR/data/prices.csv"
    fi
}

package() {
    run mkdir -p "$DIST_DIR"
    run cp -r ./till "$BUILD_DIR/"
    local bundle
    bundle="$DIST_DIR/till-bundle-$(date +%Y%m%d).tar.gz"
    run tar -czf "$bundle" -C "$BUILD_DIR" .
    (( DRY_RUN )) || log "bundle ready: $bundle ($(du -h "$bundle" | cut -f1))"
}

main() {
    log "till rebuild starting (dry_run=$DRY_RUN)"
    clean_previous
    render_templates
    fetch_prices
    package
    log "till rebuild complete"
}

main "$@"
