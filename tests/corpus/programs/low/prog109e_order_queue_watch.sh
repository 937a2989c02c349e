#!/usr/bin/env bash
# order_queue_watch.sh - pull new print/embroidery orders from the storefront
# queue and drop them as JSON job tickets for the production floor.
#
# Usage: order_queue_watch.sh [--once] [--since CURSOR]
#   Reads settings from ./orderq.conf if present. ORDERQ_API_KEY must be set.

set -euo pipefail

SCRIPT_PATH="$(readlink -f "${BASH_SOURCE[0]}")"
WORKDIR="${ORDERQ_WORKDIR:-$(pwd)}"
CONF="${WORKDIR}/orderq.conf"
# shellcheck disable=SC1090
[[ -f "$CONF" ]] && source "$CONF"

API_BASE="${API_BASE:-https://shop.stitchandink.co/api/v2}"
API_KEY="${ORDERQ_API_KEY:-}"
QUEUE_DIR="${WORKDIR}/queue"
STATE_FILE="${WORKDIR}/.orderq_cursor"
POLL_INTERVAL="${POLL_INTERVAL:-5}"
ONCE=0

log() { printf '%s [orderq] %s\n' "$(date '+%F %T')" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    --once) ONCE=1; shift ;;
    --since) echo "$2" > "$STATE_FILE"; shift 2 ;;
    -h|--help) sed -n '2,7p' "$SCRIPT_PATH"; exit 0 ;;
    *) die "unknown option $1" ;;
  esac
done

[[ -n "$API_KEY" ]] || die "ORDERQ_API_KEY not set"
command -v jq >/dev/null || die "jq is required"
mkdir -p "$QUEUE_DIR"

fetch_page() {
  local cursor="$1"
  curl -fsS --max-time 20 \
    -H "Authorization: Bearer ${API_KEY}" \
    -H "Accept: application/json" \
    "${API_BASE}/orders?status=paid&after=${cursor}&limit=50"
}

write_ticket() {
  local order_json="$1" id
  id="$(jq -r '.id' <<<"$order_json")"
  [[ -f "${QUEUE_DIR}/${id}.json" ]] && return 0
  jq '{id, created_at, customer: .customer.name,
       lines: [.line_items[] | {sku, qty: .quantity, method: (.properties.decoration // "print"),
                               artwork: .properties.artwork_url}]}' \
     <<<"$order_json" > "${QUEUE_DIR}/${id}.json.part"
  mv "${QUEUE_DIR}/${id}.json.part" "${QUEUE_DIR}/${id}.json"
  log "queued order ${id}"
}

poll_once() {
  local cursor page count last
  cursor="$(cat "$STATE_FILE" 2>/dev/null || echo 0)"
  for attempt in 1 2 3; do
    if page="$(fetch_page "$cursor")"; then break; fi
    log "fetch failed (attempt ${attempt}), retrying"
    sleep $((attempt * 3))
    page=""
  done
  [[ -n "$page" ]] || { log "giving up this cycle"; return 1; }

  count="$(jq '.orders | length' <<<"$page")"
  [[ "$count" -gt 0 ]] || return 0
  while IFS= read -r order; do
    write_ticket "$order"
  done < <(jq -c '.orders[]' <<<"$page")
  last="$(jq -r '.orders[-1].id' <<<"$page")"
  echo "$last" > "$STATE_FILE"
  log "${count} order(s) processed, cursor=${last}"
}

if [[ "$ONCE" == "1" ]]; then
  poll_once
else
  log "watching ${API_BASE} every ${POLL_INTERVAL} min (Ctrl-C to stop)"
  while true; do
    poll_once || true
    sleep $((POLL_INTERVAL * 60))
  done
fi
