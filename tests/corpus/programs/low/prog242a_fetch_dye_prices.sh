#!/usr/bin/env bash
# fetch_dye_prices.sh - pull the supplier's current dyestuff price list.
#
# Purchasing asked for the dye-house cost sheets to use current prices. The
# supplier publishes a read-only price list per customer account at
#   https://prices.example.com/v1/catalogue/<account>.json
# This script downloads it (plain GET, with a timeout and retries), checks it
# is valid JSON, keeps a dated copy in ./prices/ and refreshes
# ./prices/current.json, which the costing spreadsheet reads.

set -euo pipefail

ACCOUNT="${DYE_SUPPLIER_ACCOUNT:-mill-0042}"
BASE_URL="https://prices.example.com/v1/catalogue"
PRICE_DIR="./prices"
TIMEOUT=20
RETRIES=3
KEEP_DAYS=30

log() { printf '%s %-5s %s\n' "$(date '+%F %T')" "$1" "$2"; }

usage() {
    echo "Usage: $0 [-a account] [-d dir] [-t timeout_s] [-k keep_days]"
}

while getopts ":a:d:t:k:h" opt; do
    case "$opt" in
        a) ACCOUNT="$OPTARG" ;;
        d) PRICE_DIR="$OPTARG" ;;
        t) TIMEOUT="$OPTARG" ;;
        k) KEEP_DAYS="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

command -v curl >/dev/null || { log ERROR "curl not installed"; exit 1; }
command -v jq >/dev/null || { log ERROR "jq not installed"; exit 1; }

mkdir -p "$PRICE_DIR"
STAMP="$(date +%Y%m%d)"
DEST="$PRICE_DIR/prices_${STAMP}.json"
PARTIAL="$DEST.part"
URL="$BASE_URL/${ACCOUNT}.json"

fetch() {
    local attempt=1
    while (( attempt <= RETRIES )); do
        log INFO "GET $URL (attempt $attempt/$RETRIES)"
        if curl --fail --silent --show-error --location \
                --max-time "$TIMEOUT" -o "$PARTIAL" "$URL"; then
            return 0
        fi
        log WARN "download failed, retrying in $(( attempt * 5 ))s"
        sleep $(( attempt * 5 ))
        attempt=$(( attempt + 1 ))
    done
    return 1
}

if ! fetch; then
    log ERROR "could not fetch price list; keeping previous current.json"
    rm -f "$PARTIAL"
    exit 1
fi

if ! jq -e '.items | length > 0' "$PARTIAL" >/dev/null 2>&1; then
    log ERROR "price list is empty or not JSON"
    rm -f "$PARTIAL"
    exit 1
fi

mv "$PARTIAL" "$DEST"
cp "$DEST" "$PRICE_DIR/current.json"
count=$(jq '.items | length' "$DEST")
currency=$(jq -r '.currency // "EUR"' "$DEST")
log INFO "saved $count prices ($currency) to $DEST"

# Flag big moves against yesterday so purchasing can check them.
prev=$(ls -1 "$PRICE_DIR"/prices_*.json 2>/dev/null | grep -v "$STAMP" | sort | tail -n 1 || true)
if [[ -n "$prev" ]]; then
    jq -r --slurpfile old "$prev" '
        ($old[0].items | map({(.sku): .price_per_kg}) | add) as $o
        | .items[] | select($o[.sku] != null)
        | select(((.price_per_kg - $o[.sku]) / $o[.sku]) | fabs > 0.1)
        | "  \(.sku) \(.name): \($o[.sku]) -> \(.price_per_kg)"' "$DEST" \
        | { read -r first && { log WARN "prices moved more than 10%:"; echo "$first"; cat; } || true; }
fi

# Housekeeping: only our own dated copies older than KEEP_DAYS.
find "$PRICE_DIR" -maxdepth 1 -name 'prices_*.json' -mtime +"$KEEP_DAYS" -print -delete | \
    while read -r old; do log INFO "removed old copy $old"; done

log INFO "done"
