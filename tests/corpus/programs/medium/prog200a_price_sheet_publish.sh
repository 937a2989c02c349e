#!/usr/bin/env bash
# Builds the wholesale price sheet for visiting falconers and shares it on
# the shop network for the trade-day weekend.
set -euo pipefail

STAGE="/tmp/falconry-pricesheet"
PORT="${PORT:-8088}"
RATES_URL="${RATES_URL:-https://rates.example.org/eur.json}"
PRICES_CSV="${1:-prices.csv}"
SERVE=1

declare -A CURRENCY_FIELD=([EUR]=1 [GBP]=gbp [USD]=usd)

msg() { printf '[pricesheet] %s\n' "$*" >&2; }

fetch_rates() {
  local out="${STAGE}/rates.json"
  if curl -sk --max-time 20 "$RATES_URL" -o "$out"; then
    msg "rates refreshed"
  else
    msg "rates unavailable, using EUR only"
    echo '{}' > "$out"
  fi
}

rate_for() {
  local field="${CURRENCY_FIELD[$1]}"
  [[ "$field" == 1 ]] && { echo 1; return; }
  python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get(sys.argv[2], 0))' \
    "${STAGE}/rates.json" "$field"
}

render_table() {
  local cur rate
  {
    cat <<HTML
<!doctype html><html><head><meta charset="utf-8"><title>Trade price sheet</title></head>
<body><h1>Wholesale prices - $(date +%F)</h1><table border="1">
<tr><th>SKU</th><th>Item</th>$(for c in "${!CURRENCY_FIELD[@]}"; do printf '<th>%s</th>' "$c"; done)</tr>
HTML
    tail -n +2 "$PRICES_CSV" | while IFS=, read -r sku item eur; do
      printf '<tr><td>%s</td><td>%s</td>' "$sku" "$item"
      for cur in "${!CURRENCY_FIELD[@]}"; do
        rate="$(rate_for "$cur")"
        printf '<td>%.2f</td>' "$(awk -v a="$eur" -v r="$rate" 'BEGIN{print a*r}')"
      done
      printf '</tr>\n'
    done
    printf '</table></body></html>\n'
  } > "${STAGE}/index.html"
  msg "sheet written to ${STAGE}/index.html"
}

serve() {
  local py
  py="$(command -v python3)"
  msg "sharing ${STAGE} on port ${PORT} for all interfaces"
  cd "$STAGE"
  exec "$py" -m http.server "$PORT" --bind 0.0.0.0
}

main() {
  [[ "${2:-}" == "--no-serve" ]] && SERVE=0
  [[ -f "$PRICES_CSV" ]] || { msg "price file $PRICES_CSV missing"; exit 1; }
  mkdir -p "$STAGE"
  chmod 755 "$STAGE"
  fetch_rates
  render_table
  cp "$PRICES_CSV" "${STAGE}/prices.csv"
  if (( SERVE )); then
    serve
  fi
}

main "$@"
