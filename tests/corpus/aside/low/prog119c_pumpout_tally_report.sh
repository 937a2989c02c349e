#!/usr/bin/env bash
# pumpout_tally_report.sh - end-of-day fuel and pump-out tally for the service pontoon
#
# Reads the day's sales from ./tally/YYYY-MM-DD.csv (written by the pump
# controller), totals diesel litres, pump-outs and gas bottles, prices them
# with head office's current rate card and writes a summary into ./reports
# for the office to pick up.
#
# Usage: pumpout_tally_report.sh [-d YYYY-MM-DD] [-c]
set -euo pipefail

DAY="$(date +%F)"
CLEAN=0
CACHE_DIR="./.tally_cache"
REPORT_DIR="./reports"
SITE="${SITE:-unknown-site}"
RATES_BASE="${RATES_BASE:-https://rates.cutwater-fleet.net/pontoon}"

log() { printf '%s %s\n' "$(date +%T)" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts "d:c" opt; do
  case "$opt" in
    d) DAY="$OPTARG" ;;
    c) CLEAN=1 ;;
    *) echo "usage: $0 [-d YYYY-MM-DD] [-c]" >&2; exit 2 ;;
  esac
done

mkdir -p "$CACHE_DIR" "$REPORT_DIR"

refresh_rate_card() {
  local tries=0
  until curl -fsS --max-time 15 -o "$CACHE_DIR/rates.csv.new" "$RATES_BASE/$SITE/rates.csv"; do
    tries=$((tries + 1))
    (( tries >= 3 )) && { log "rate card refresh failed, using cached"; return 0; }
    sleep $((tries * 5))
  done
  mv "$CACHE_DIR/rates.csv.new" "$CACHE_DIR/rates.csv"
}

# rates.csv lines look like: item,price  (diesel_ppl,1.12 / pumpout,18.00 / gas,42.50)
rate_for() {
  awk -F, -v item="$1" '$1 == item { print $2; found = 1 } END { if (!found) exit 1 }' \
      "$CACHE_DIR/rates.csv"
}

totals() {
  awk -F, 'NR > 1 {
      if ($2 == "diesel")  { litres += $3; dsales++ }
      if ($2 == "pumpout") { pumpouts++ }
      if ($2 == "gas")     { gas++ }
    }
    END { printf "%.1f %d %d %d\n", litres, dsales, pumpouts, gas }' "$1"
}

main() {
  local csv="./tally/$DAY.csv"
  [[ -f "$csv" ]] || die "no tally file $csv"

  refresh_rate_card
  [[ -f "$CACHE_DIR/rates.csv" ]] || die "no rate card available"
  local dp pp gp
  dp=$(rate_for diesel_ppl) || die "rate card missing diesel_ppl"
  pp=$(rate_for pumpout)    || die "rate card missing pumpout"
  gp=$(rate_for gas)        || die "rate card missing gas"

  read -r litres dsales pumpouts gas < <(totals "$csv")
  local value
  value=$(awk -v l="$litres" -v p="$pumpouts" -v g="$gas" \
              -v dp="$dp" -v pp="$pp" -v gp="$gp" \
              'BEGIN { printf "%.2f", l*dp + p*pp + g*gp }')

  local out="$REPORT_DIR/tally-$SITE-$DAY.txt"
  {
    printf 'Site:          %s\n' "$SITE"
    printf 'Day:           %s\n' "$DAY"
    printf 'Diesel:        %s L over %d sales @ %s/L\n' "$litres" "$dsales" "$dp"
    printf 'Pump-outs:     %d @ %s\n' "$pumpouts" "$pp"
    printf 'Gas bottles:   %d @ %s\n' "$gas" "$gp"
    printf 'Total (GBP):   %s\n' "$value"
  } > "$out"
  chmod 600 "$out"
  log "wrote $out"

  if (( CLEAN )); then
    rm -f "$CACHE_DIR"/rates.csv.new
    rm -rf "$CACHE_DIR"
    log "cleared rate card cache"
  fi
}

main "$@"
