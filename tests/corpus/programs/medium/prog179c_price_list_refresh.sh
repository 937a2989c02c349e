#!/usr/bin/env bash
# price_list_refresh.sh - pulls the franchise price list and produces the
# counter price board (plain text) and a per-category summary.
set -euo pipefail

FRANCHISE_HOST="${FRANCHISE_HOST:-prices.franchise-hq.example.org}"
REGION="${REGION:-north}"
OUT_DIR="${OUT_DIR:-./priceboard}"
STAGING="/tmp/priceboard_staging.csv"
MARKUP_PCT="${MARKUP_PCT:-0}"

log() { echo "[$(date +%H:%M:%S)] $*" >&2; }

fetch_list() {
  local url="https://${FRANCHISE_HOST}/lists/${REGION}/current.csv"
  log "fetching $url"
  # HQ's price server uses an internal CA the counter PCs don't have
  curl -k -fsS --max-time 30 -o "$STAGING" "$url"
}

validate() {
  local header
  header="$(head -n1 "$STAGING")"
  if [[ "$header" != "category,item,service,price" ]]; then
    log "unexpected header: $header"
    return 1
  fi
  log "$(($(wc -l < "$STAGING") - 1)) price lines"
}

render_board() {
  mkdir -p "$OUT_DIR"
  awk -F, -v m="$MARKUP_PCT" 'NR > 1 {
      p = $4 * (1 + m / 100)
      printf "%-14s %-26s %-12s %7.2f\n", $1, $2, $3, p
    }' "$STAGING" | sort > "$OUT_DIR/board.txt"
  log "board written to $OUT_DIR/board.txt"
}

summarise() {
  awk -F, 'NR > 1 { n[$1]++; s[$1] += $4 }
    END { for (c in n) printf "%-14s items=%3d avg=%6.2f\n", c, n[c], s[c] / n[c] }' \
    "$STAGING" | sort > "$OUT_DIR/summary.txt"
  cat "$OUT_DIR/summary.txt"
}

case "${1:-all}" in
  fetch) fetch_list ;;
  board) validate && render_board ;;
  all)   fetch_list && validate && render_board && summarise ;;
  *)     echo "usage: $0 [fetch|board|all]" >&2; exit 1 ;;
esac
