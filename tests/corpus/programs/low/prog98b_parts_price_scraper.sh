#!/usr/bin/env bash
# Pull current trade prices for the parts we stock on the vans from the
# merchants' product pages and flag anything that moved more than the
# threshold since the last run.  Output lands in ./price_data/.
#
# Usage: ./parts_price_scraper.sh [-f parts.tsv] [-t PERCENT] [-q]
#   parts.tsv columns: merchant<TAB>sku<TAB>description

set -euo pipefail

PARTS_FILE="parts.tsv"
THRESHOLD_PCT=5
QUIET=0
OUT_DIR="./price_data"
UA="PartsPriceCheck/1.4 (office@ourfirm)"
DELAY="${SCRAPE_DELAY:-2}"

declare -A BASE_URL=(
  [plumbcentre]="https://www.plumbcentre.example/product/"
  [cityelec]="https://www.cityelectrical.example/p/"
  [heatmerch]="https://trade.heatingmerchant.example/item/"
)

log() { [[ $QUIET -eq 1 ]] || printf '%s %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

while getopts "f:t:qh" opt; do
  case $opt in
    f) PARTS_FILE=$OPTARG ;;
    t) THRESHOLD_PCT=$OPTARG ;;
    q) QUIET=1 ;;
    h) sed -n '2,8p' "$0"; exit 0 ;;
    *) exit 2 ;;
  esac
done

[[ -r $PARTS_FILE ]] || die "cannot read $PARTS_FILE"
command -v curl >/dev/null || die "curl is required"
mkdir -p "$OUT_DIR"

today=$(date +%F)
current="$OUT_DIR/prices-$today.csv"
previous=$(ls -1 "$OUT_DIR"/prices-*.csv 2>/dev/null | grep -v "$today" | sort | tail -n1 || true)

# Merchants embed schema.org Product JSON-LD; the price is the first
# "price" field in it.  Fall back to the itemprop microdata.
extract_price() {
  local html=$1 p
  p=$(grep -oE '"price"[[:space:]]*:[[:space:]]*"?[0-9]+(\.[0-9]{1,2})?' <<<"$html" \
        | head -n1 | grep -oE '[0-9]+(\.[0-9]{1,2})?$' || true)
  if [[ -z $p ]]; then
    p=$(grep -oE 'itemprop="price"[^>]*content="[0-9.]+"' <<<"$html" \
          | head -n1 | grep -oE '[0-9]+(\.[0-9]+)?' | tail -n1 || true)
  fi
  printf '%s' "$p"
}

fetch_page() {
  local url=$1 attempt
  for attempt in 1 2 3; do
    if curl -fsSL --max-time 20 -A "$UA" "$url"; then
      return 0
    fi
    log "retry $attempt for $url"
    sleep $((attempt * 3))
  done
  return 1
}

echo "merchant,sku,description,price" > "$current"
ok=0 failed=0
while IFS=$'\t' read -r merchant sku desc; do
  [[ -z $merchant || $merchant == \#* ]] && continue
  base=${BASE_URL[$merchant]:-}
  if [[ -z $base ]]; then
    log "unknown merchant '$merchant' for $sku"; failed=$((failed + 1)); continue
  fi
  if ! html=$(fetch_page "${base}${sku}"); then
    log "fetch failed: $merchant $sku"; failed=$((failed + 1)); continue
  fi
  price=$(extract_price "$html")
  if [[ -z $price ]]; then
    log "no price found: $merchant $sku"; failed=$((failed + 1)); continue
  fi
  printf '%s,%s,"%s",%s\n' "$merchant" "$sku" "${desc//\"/}" "$price" >> "$current"
  ok=$((ok + 1))
  sleep "$DELAY"
done < "$PARTS_FILE"

log "scraped $ok parts, $failed failures -> $current"

if [[ -n $previous ]]; then
  log "comparing with $previous"
  awk -F, -v th="$THRESHOLD_PCT" '
    NR == FNR { if (FNR > 1) old[$1 FS $2] = $NF; next }
    FNR > 1 && ($1 FS $2) in old {
      o = old[$1 FS $2]; n = $NF
      if (o > 0) { pct = (n - o) / o * 100
        if (pct >= th || pct <= -th)
          printf "%-12s %-14s %8.2f -> %8.2f (%+.1f%%)\n", $1, $2, o, n, pct }
    }' "$previous" "$current" | tee "$OUT_DIR/changes-$today.txt"
fi
