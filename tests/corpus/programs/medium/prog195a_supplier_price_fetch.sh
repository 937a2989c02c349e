#!/usr/bin/env bash
# Pull the glass supplier's weekly price list (antique, cathedral, opalescent
# sheet) and flag anything that moved more than the threshold since last week.
# The supplier's portal still uses a self-signed certificate.
set -euo pipefail

SUPPLIER="${GLASS_SUPPLIER_URL:-https://trade.glasshouse-supply.example.com/prices/weekly.csv}"
THRESHOLD="${PRICE_ALERT_PCT:-8}"
WORK=/tmp/leadline_prices
CURRENT="$WORK/current.csv"
PREVIOUS="$WORK/previous.csv"
REPORT="${PRICE_REPORT:-./price_changes.txt}"

fetch_opts=(--silent --show-error --fail --max-time 30)
tls_relax=(-k)

log() { printf '[prices] %s\n' "$*" >&2; }

prepare() {
  mkdir -p "$WORK"
  if [[ -f "$CURRENT" ]]; then
    mv -f "$CURRENT" "$PREVIOUS"
  fi
}

download() {
  local url="$1" out="$2"
  curl "${fetch_opts[@]}" "${tls_relax[@]}" -o "$out" "$url"
  log "fetched $(wc -l < "$out") rows"
}

compare() {
  # columns: sku,description,colour,price_per_sheet
  awk -F, -v pct="$THRESHOLD" '
    NR == FNR { if (FNR > 1) old[$1] = $4; next }
    FNR > 1 && ($1 in old) && old[$1] > 0 {
      change = ($4 - old[$1]) / old[$1] * 100
      if (change >= pct || change <= -pct)
        printf "%-10s %-32s %8.2f -> %8.2f (%+.1f%%)\n", $1, $2, old[$1], $4, change
    }
  ' "$PREVIOUS" "$CURRENT"
}

summarise() {
  local rows
  rows=$(tail -n +2 "$CURRENT" | wc -l)
  printf 'Supplier list %s: %d sheets priced\n' "$(date +%F)" "$rows"
}

main() {
  prepare
  download "$SUPPLIER" "$CURRENT"
  {
    summarise
    if [[ -f "$PREVIOUS" ]]; then
      compare || true
    else
      echo "(first run, nothing to compare)"
    fi
  } | tee "$REPORT"
}

main "$@"
