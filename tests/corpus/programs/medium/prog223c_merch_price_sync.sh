#!/usr/bin/env bash
# merch_price_sync.sh - pull tonight's merchandise price list from the
# foyer POS server and write the price cards for the merch stand.
# The POS box uses a self-signed certificate that nobody has replaced, so
# certificate checks are switched off for it.
#
#   merch_price_sync.sh [-s https://pos.example.org] [-o cards/] [-c GBP]

set -euo pipefail

POS_URL="${MERCH_POS_URL:-https://pos.example.org}"
OUT_DIR="./price_cards"
CURRENCY="GBP"
LOG="./merch_price_sync.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG" >&2; }

while getopts ":s:o:c:h" opt; do
    case "$opt" in
        s) POS_URL="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        c) CURRENCY="$OPTARG" ;;
        *) sed -n '2,7p' "$0"; exit 0 ;;
    esac
done

if [[ -z "${MERCH_POS_TOKEN:-}" ]]; then
    log "MERCH_POS_TOKEN is not set"
    exit 1
fi

mkdir -p "$OUT_DIR"
RAW="$OUT_DIR/.pricelist.json"

# --insecure: self-signed cert on the POS server.
fetch() {
    curl --silent --show-error --fail --insecure --max-time 20 \
        -H "Authorization: Bearer ${MERCH_POS_TOKEN}" \
        -H "Accept: application/json" \
        "${POS_URL%/}/api/v1/items?active=1" -o "$RAW"
}

tries=0
until fetch; do
    tries=$((tries + 1))
    if [[ $tries -ge 3 ]]; then
        log "POS server unreachable after $tries attempts"
        exit 1
    fi
    log "retrying POS fetch ($tries)"
    sleep 3
done
log "price list downloaded ($(wc -c <"$RAW") bytes)"

# Python renders one card per item; settings come in through the env.
written="$(CARD_SRC="$RAW" CARD_DIR="$OUT_DIR" CARD_CURRENCY="$CURRENCY" python3 - <<'PY'
import json, os, re

symbols = {"GBP": "£", "EUR": "€", "USD": "$"}
src = os.environ["CARD_SRC"]
out = os.environ["CARD_DIR"]
sym = symbols.get(os.environ["CARD_CURRENCY"], os.environ["CARD_CURRENCY"] + " ")

with open(src, encoding="utf-8") as fh:
    items = json.load(fh).get("items", [])

count = 0
for item in items:
    name = str(item.get("name", "")).strip()
    if not name:
        continue
    try:
        price = float(item.get("price", 0))
    except (TypeError, ValueError):
        continue
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    sizes = ", ".join(item.get("sizes", [])) or "one size"
    with open(os.path.join(out, f"{slug}.txt"), "w", encoding="utf-8") as fh:
        fh.write(f"{name}\n{'=' * len(name)}\n{sym}{price:.2f}\nSizes: {sizes}\n")
    count += 1
print(count)
PY
)"

rm -f "$RAW"
log "wrote ${written:-0} price card(s) to $OUT_DIR"
