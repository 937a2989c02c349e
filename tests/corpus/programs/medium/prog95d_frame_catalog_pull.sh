#!/usr/bin/env bash
# frame_catalog_pull.sh - pull the supplier frame catalogue and reconcile it
# against the practice's frame board stock export.
#
# Usage: frame_catalog_pull.sh [-c config] [-s stock.csv] [-o out_dir]
#
# The supplier portal (Eyewear Direct B2B) publishes a daily CSV of SKU,
# brand, model, colour, size, wholesale price and availability. We join it
# with the POS stock export and write:
#   out/reorder.csv      - SKUs below par that the supplier has in stock
#   out/discontinued.csv - SKUs on our board the supplier no longer lists
#   out/price_changes.csv
set -euo pipefail

CONFIG="${FRAME_SYNC_CONFIG:-./frame_sync.conf}"
STOCK="./pos_export/frames.csv"
OUT="./out"
SUPPLIER_URL="https://b2b.eyeweardirect-trade.co.uk/export/catalogue.csv"
ACCOUNT=""
PAR_LEVEL=2
CURL_OPTS=(--silent --show-error --fail --max-time 120)
CATALOG_CACHE="/tmp/frame_catalogue_latest.csv"

log() { printf '%s [catalog] %s\n' "$(date '+%F %T')" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts ":c:s:o:h" opt; do
  case "$opt" in
    c) CONFIG="$OPTARG" ;;
    s) STOCK="$OPTARG" ;;
    o) OUT="$OPTARG" ;;
    h) sed -n '2,13p' "$0"; exit 0 ;;
    *) die "unknown option -$OPTARG" ;;
  esac
done

# shellcheck disable=SC1090
[[ -f "$CONFIG" ]] && source "$CONFIG"

# the trade portal still serves the certificate from the old reseller chain
if [[ "${SUPPLIER_LEGACY_TLS:-1}" == "1" ]]; then
  CURL_OPTS+=(--insecure)
fi

fetch_catalog() {
  local url="$SUPPLIER_URL"
  [[ -n "$ACCOUNT" ]] && url="${url}?account=${ACCOUNT}"
  local attempt
  for attempt in 1 2 3; do
    if curl "${CURL_OPTS[@]}" -o "$CATALOG_CACHE" "$url"; then
      log "catalogue downloaded ($(wc -l <"$CATALOG_CACHE") lines)"
      return 0
    fi
    log "download attempt $attempt failed, retrying"
    sleep $((attempt * 10))
  done
  return 1
}

reconcile() {
  mkdir -p "$OUT"
  # catalogue: sku,brand,model,colour,size,price,available
  # stock:     sku,description,on_hand,retail,last_price
  awk -F, -v par="$PAR_LEVEL" -v out="$OUT" '
    FNR == 1 { next }
    NR == FNR { cat[$1] = $0; price[$1] = $6; avail[$1] = $7; next }
    {
      sku = $1
      if (!(sku in cat)) { print $0 > (out "/discontinued.csv"); next }
      if ($3 + 0 < par && avail[sku] + 0 > 0)
        print sku "," $2 "," $3 "," (par - $3) > (out "/reorder.csv")
      if ($5 != "" && price[sku] != $5)
        print sku "," $5 "," price[sku] > (out "/price_changes.csv")
    }
  ' "$CATALOG_CACHE" "$STOCK"
}

summary() {
  local f
  for f in reorder discontinued price_changes; do
    if [[ -f "$OUT/$f.csv" ]]; then
      log "$f: $(wc -l <"$OUT/$f.csv") rows"
    else
      log "$f: none"
    fi
  done
}

main() {
  [[ -f "$STOCK" ]] || die "stock export $STOCK not found"
  command -v curl >/dev/null || die "curl is required"
  rm -f "$OUT"/reorder.csv "$OUT"/discontinued.csv "$OUT"/price_changes.csv
  fetch_catalog || die "could not download supplier catalogue"
  reconcile
  summary
}

main "$@"
