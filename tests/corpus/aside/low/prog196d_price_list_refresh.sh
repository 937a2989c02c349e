#!/usr/bin/env bash
# Refresh the foreign-currency price lists for the fair catalogue.
# Reads prices.csv (ref,title,gbp) and writes prices_<CUR>.csv for each currency.
set -euo pipefail

RATES_API="https://api.frankfurter.app/latest"
BASE="GBP"
CURRENCIES=(EUR USD CHF)
INPUT="prices.csv"
CACHE_DIR=".rates_cache"
KEEP_CACHE=0

log() { printf '[prices] %s\n' "$*" >&2; }

usage() {
  cat <<EOF
usage: $(basename "$0") [-i prices.csv] [-c EUR,USD] [-k]
  -i  input price sheet (default $INPUT)
  -c  comma separated target currencies
  -k  keep the downloaded rates file
EOF
}

fetch_rates() {
  local symbols out
  symbols="$(IFS=,; echo "${CURRENCIES[*]}")"
  out="$CACHE_DIR/rates_$(date +%F).json"
  mkdir -p "$CACHE_DIR"
  if [[ ! -s "$out" ]]; then
    curl -fsS --max-time 15 "${RATES_API}?from=${BASE}&to=${symbols}" -o "$out" \
      || { log "rate download failed"; return 1; }
  fi
  printf '%s' "$out"
}

rate_for() {
  local file="$1" cur="$2"
  python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["rates"][sys.argv[2]])' \
    "$file" "$cur" 2>/dev/null || grep -o "\"$cur\":[0-9.]*" "$file" | cut -d: -f2
}

convert() {
  local rate="$1" cur="$2"
  awk -F, -v r="$rate" -v c="$cur" 'NR==1 { print $1","$2","c; next }
    { printf "%s,%s,%.0f\n", $1, $2, ($3 * r) }' "$INPUT" >"prices_${cur}.csv"
}

main() {
  while getopts ":i:c:kh" opt; do
    case "$opt" in
      i) INPUT="$OPTARG" ;;
      c) IFS=, read -r -a CURRENCIES <<<"$OPTARG" ;;
      k) KEEP_CACHE=1 ;;
      h) usage; exit 0 ;;
      *) usage; exit 2 ;;
    esac
  done
  [[ -f "$INPUT" ]] || { log "missing $INPUT"; exit 1; }
  local rates cur r
  rates="$(fetch_rates)" || exit 1
  for cur in "${CURRENCIES[@]}"; do
    r="$(rate_for "$rates" "$cur")"
    if [[ -z "$r" ]]; then log "no rate for $cur, skipped"; continue; fi
    convert "$r" "$cur"
    log "$cur at $r -> prices_${cur}.csv ($(($(wc -l <"prices_${cur}.csv") - 1)) items)"
  done
  (( KEEP_CACHE )) || rm -rf "$CACHE_DIR"
}

main "$@"
