#!/usr/bin/env bash
# fuel_till_export_daily.sh - pull the day's fuel dock till transactions and
# post the totals to the marina accounting API.
#
# Usage: fuel_till_export_daily.sh [-d YYYY-MM-DD] [-o DIR] [-q]
#
# Config is read from ./fuel_till.conf if present:
#   TILL_URL=http://fueldock-till.local:8080
#   ACCOUNTS_URL=https://accounts.marinaledger.com/api/v1
# ACCOUNTS_TOKEN must be exported in the environment.
set -euo pipefail

WORKDIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
TILL_URL="http://fueldock-till.local:8080"
ACCOUNTS_URL="https://accounts.marinaledger.com/api/v1"
DAY="$(date -d yesterday +%F)"
OUTDIR="$WORKDIR/exports"
QUIET=0

read_conf() {
  local f="$WORKDIR/fuel_till.conf" k v
  [ -f "$f" ] || return 0
  while IFS='=' read -r k v; do
    case "$k" in
      TILL_URL) TILL_URL="$v" ;;
      ACCOUNTS_URL) ACCOUNTS_URL="$v" ;;
      OUTDIR) OUTDIR="$v" ;;
    esac
  done < "$f"
}
read_conf

log() { [ "$QUIET" -eq 1 ] || printf '%s %s\n' "$(date +%T)" "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

while [ $# -gt 0 ]; do
  case "$1" in
    -d) DAY="$2"; shift 2 ;;
    -o) OUTDIR="$2"; shift 2 ;;
    -q|--quiet) QUIET=1; shift ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) die "unknown option $1" ;;
  esac
done

command -v jq >/dev/null || die "jq is required"
mkdir -p "$OUTDIR"
RAW="$OUTDIR/till-$DAY.json"
CSV="$OUTDIR/till-$DAY.csv"

fetch_transactions() {
  local tries=0
  until curl -fsS --max-time 30 "$TILL_URL/api/transactions?date=$DAY" -o "$RAW"; do
    tries=$((tries + 1))
    [ "$tries" -ge 3 ] && die "till at $TILL_URL not answering"
    log "till fetch failed, retrying ($tries)"
    sleep $((tries * 5))
  done
}

to_csv() {
  jq -r '.transactions[] | [.id, .time, .pump, .grade, .litres, .unit_price, .total, .berth // ""] | @csv' \
    "$RAW" > "$CSV"
  log "wrote $(wc -l < "$CSV") transactions to $CSV"
}

summarise() {
  awk -F, '
    { gsub(/"/, ""); litres[$4] += $5; takings[$4] += $7 }
    END {
      printf "{\"grades\":["
      sep = ""
      for (g in litres) { printf "%s{\"grade\":\"%s\",\"litres\":%.2f,\"takings\":%.2f}", sep, g, litres[g], takings[g]; sep = "," }
      printf "]}"
    }' "$CSV"
}

post_totals() {
  [ -n "${ACCOUNTS_TOKEN:-}" ] || die "ACCOUNTS_TOKEN not set"
  summarise | jq --arg day "$DAY" '. + {date: $day, source: "fuel-dock"}' > "$OUTDIR/totals-$DAY.json"
  curl -fsS --max-time 30 -X POST "$ACCOUNTS_URL/daily-takings" \
    -H "Authorization: Bearer $ACCOUNTS_TOKEN" \
    -H "Content-Type: application/json" \
    --data @"$OUTDIR/totals-$DAY.json" >/dev/null
  log "posted totals for $DAY"
}

fetch_transactions
to_csv
post_totals
log "done"
