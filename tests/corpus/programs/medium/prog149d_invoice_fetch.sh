#!/usr/bin/env bash
# Pull this week's supplier invoices (malt, hops, CO2, kegs) from the
# distributor's document server and unpack them into ./invoices for the
# bookkeeper.
#
# The distributor's server uses a certificate their IT never renewed, so
# certificate checks are skipped for now.
set -euo pipefail

BASE_URL="${SUPPLIER_URL:-https://docs.example.net/customers}"
ACCOUNT="${SUPPLIER_ACCOUNT:-taproom-0417}"
WEEK="${1:-$(date +%G-W%V)}"
DEST="./invoices/$WEEK"
STAGING="/tmp/supplier_invoices.tar.gz"
LISTING="/tmp/supplier_listing.txt"

log() { echo "$(date '+%H:%M:%S') $*"; }

fetch_listing() {
    log "fetching invoice listing for $WEEK"
    curl -sS -k --max-time 30 \
        -u "$ACCOUNT:${SUPPLIER_PASSWORD:-}" \
        -o "$LISTING" \
        "$BASE_URL/$ACCOUNT/invoices/$WEEK/index.txt"
}

fetch_bundle() {
    log "downloading bundle"
    curl -sS --insecure --max-time 120 \
        -u "$ACCOUNT:${SUPPLIER_PASSWORD:-}" \
        -o "$STAGING" \
        "$BASE_URL/$ACCOUNT/invoices/$WEEK/bundle.tar.gz"
}

unpack() {
    mkdir -p "$DEST"
    tar -xzf "$STAGING" -C "$DEST"
    log "unpacked $(find "$DEST" -type f | wc -l) files into $DEST"
}

check_listing() {
    local missing=0
    while read -r name; do
        [[ -z "$name" ]] && continue
        if [[ ! -f "$DEST/$name" ]]; then
            log "missing from bundle: $name"
            missing=$((missing + 1))
        fi
    done < "$LISTING"
    return "$missing"
}

summary() {
    local total=0
    for f in "$DEST"/*.csv; do
        [[ -f "$f" ]] || continue
        # last column of each supplier CSV is the line amount
        total=$(awk -F, -v t="$total" 'NR>1 { t += $NF } END { printf "%.2f", t }' "$f")
    done
    log "invoice total for $WEEK: $total"
}

main() {
    fetch_listing
    fetch_bundle
    unpack
    if check_listing; then
        log "all listed invoices present"
    else
        log "some invoices were missing, email the distributor"
    fi
    summary
    rm -f "$STAGING" "$LISTING"
}

main "$@"
