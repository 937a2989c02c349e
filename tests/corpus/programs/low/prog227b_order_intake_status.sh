#!/usr/bin/env bash
# order_intake_status.sh - morning status board for the branch: pulls the
# open web orders from the order-intake API and summarises them by product
# and due date into ./status/. The API key comes from ORDER_API_KEY and is
# only ever sent to the order API itself.
set -euo pipefail

API_BASE="${ORDER_API_BASE:-https://orders.example.com/api/v1}"
BRANCH="${BRANCH_ID:-BR-014}"
OUT_DIR="./status"
CACHE_DIR="./.status_cache"
TIMEOUT=20

log() { printf '%s %s\n' "$(date '+%T')" "$*" >&2; }

if [[ -z "${ORDER_API_KEY:-}" ]]; then
    log "ORDER_API_KEY is not set"
    exit 1
fi

mkdir -p "$OUT_DIR" "$CACHE_DIR"

fetch() {
    # $1 = status filter; response body to stdout
    local status="$1"
    curl -fsS --max-time "$TIMEOUT" \
        -H "Authorization: Bearer $ORDER_API_KEY" \
        -H "Accept: application/json" \
        "$API_BASE/branches/$BRANCH/orders?status=$status"
}

# Fetch each status into the cache folder; keep going if one fails.
for status in new proofing printing ready; do
    if fetch "$status" > "$CACHE_DIR/$status.json.part"; then
        mv "$CACHE_DIR/$status.json.part" "$CACHE_DIR/$status.json"
        log "fetched $status"
    else
        rm -f "$CACHE_DIR/$status.json.part"
        log "could not fetch $status orders, using last cached copy if any"
    fi
done

if ! ls "$CACHE_DIR"/*.json >/dev/null 2>&1; then
    log "no order data available"
    exit 1
fi

today="$(date +%F)"
summary="$(cat "$CACHE_DIR"/*.json | STATUS_TODAY="$today" python3 -c '
import json, os, sys
from collections import Counter
today = os.environ["STATUS_TODAY"]
dec = json.JSONDecoder()
text = sys.stdin.read()
orders, pos = [], 0
while pos < len(text):
    while pos < len(text) and text[pos].isspace():
        pos += 1
    if pos >= len(text):
        break
    obj, pos = dec.raw_decode(text, pos)
    orders.extend(obj.get("orders", []) if isinstance(obj, dict) else obj)
by_status = Counter(o.get("status", "?") for o in orders)
by_product = Counter(o.get("product", "?") for o in orders)
due_today = [o for o in orders if str(o.get("due_date", ""))[:10] == today]
overdue = [o for o in orders if str(o.get("due_date", "9999"))[:10] < today
           and o.get("status") != "ready"]
print(f"date\t{today}")
print(f"total\t{len(orders)}")
for k, v in sorted(by_status.items()):
    print(f"status:{k}\t{v}")
for k, v in by_product.most_common(10):
    print(f"product:{k}\t{v}")
print(f"due_today\t{len(due_today)}")
print(f"overdue\t{len(overdue)}")
for o in overdue:
    order_no = o.get("order_no", "?")
    print(f"overdue_order\t{order_no}")
')"

out="$OUT_DIR/status_$today.tsv"
printf '%s\n' "$summary" > "$out"
log "summary written to $out"

overdue="$(printf '%s\n' "$summary" | awk -F'\t' '$1 == "overdue" {print $2}')"
if [[ "${overdue:-0}" -gt 0 ]]; then
    log "WARNING: $overdue overdue order(s)"
fi

# tidy our own cache: drop files older than a day
find "$CACHE_DIR" -type f -name '*.json' -mtime +1 -delete
