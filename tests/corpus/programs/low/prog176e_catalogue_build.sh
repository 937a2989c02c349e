#!/usr/bin/env bash
# Builds the quarterly sale catalogue (HTML) from stock.csv in this folder.
# Prices are shown in GBP with EUR/USD conversions from a public rates API.
set -euo pipefail

BUILD_DIR="./build"
STOCK_CSV="${STOCK_CSV:-./stock.csv}"
RATES_URL="${RATES_URL:-https://rates.example.com/latest?base=GBP}"
TITLE="${TITLE:-Harrow & Vane - Quarterly Sale}"
declare -a CURRENCIES=(EUR USD)

log() { printf '[catalogue] %s\n' "$*" >&2; }

clean() { rm -rf -- "$BUILD_DIR"; mkdir -p "$BUILD_DIR"; }

fetch_rates() {
  local out="$BUILD_DIR/rates.json"
  if ! curl -fsS --max-time 15 "$RATES_URL" -o "$out"; then
    log "rates unavailable, using 1.0"
    printf '{"rates":{"EUR":1.0,"USD":1.0}}' >"$out"
  fi
  local c
  for c in "${CURRENCIES[@]}"; do
    printf '%s=%s\n' "$c" "$(python3 -c 'import json,sys;print(json.load(open(sys.argv[1]))["rates"].get(sys.argv[2],1.0))' "$out" "$c")"
  done >"$BUILD_DIR/rates.env"
}

rate_of() {
  local v
  v="$(awk -F'=' -v c="$1" '$1==c {print $2}' "$BUILD_DIR/rates.env")"
  [[ "$v" =~ ^[0-9]+(\.[0-9]+)?$ ]] && echo "$v" || echo 1.0
}

render_rows() {
  awk -F',' -v eur="$(rate_of EUR)" -v usd="$(rate_of USD)" 'NR>1 {
      printf "<tr><td>%s</td><td>%s</td><td>%s</td><td>£%d</td><td>€%d</td><td>$%d</td></tr>\n",
             $1, $2, $3, $4, $4*eur, $4*usd
    }' "$STOCK_CSV"
}

render_page() {
  cat <<HTML >"$BUILD_DIR/catalogue.html"
<!doctype html>
<html><head><meta charset="utf-8"><title>${TITLE}</title>
<link rel="stylesheet" href="catalogue.css"></head>
<body><h1>${TITLE}</h1>
<p>Generated $(date '+%d %B %Y')</p>
<table><tr><th>Lot</th><th>Description</th><th>Period</th><th>GBP</th><th>EUR</th><th>USD</th></tr>
$(render_rows)
</table></body></html>
HTML
  [[ -f catalogue.css ]] && cp catalogue.css "$BUILD_DIR/"
}

checksum() {
  (cd "$BUILD_DIR" && sha256sum catalogue.html >SHA256SUMS)
}

declare -a STEPS=(clean fetch_rates render_page checksum)

[[ -f "$STOCK_CSV" ]] || { log "no $STOCK_CSV here"; exit 1; }
for s in "${STEPS[@]}"; do
  log "$s"
  "$s"
done
log "catalogue at $BUILD_DIR/catalogue.html ($(grep -c '<tr><td>' "$BUILD_DIR/catalogue.html") lots)"
