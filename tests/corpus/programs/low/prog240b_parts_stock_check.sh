#!/usr/bin/env bash
# Checks stock levels for parts at the regional warehouse before a
# technician promises a same-day fit. Results are cached for a few minutes
# in ./.stock_cache so repeated checks from the bay do not hammer the API.
set -euo pipefail

STOCK_API="${STOCK_API:-https://stock.example.com/api/v1/stock}"
CACHE_DIR="${CACHE_DIR:-.stock_cache}"
CACHE_TTL="${CACHE_TTL:-300}"
OUT_FILE="${OUT_FILE:-stock_check.txt}"
WAREHOUSE="${WAREHOUSE:-north}"

usage() {
    cat >&2 <<EOF
usage: $0 [--clear-cache] SKU [SKU...]
  e.g. $0 TYR-2055516-MIC BRK-PAD-F-0456
EOF
}

if [[ "${1:-}" == "--clear-cache" ]]; then
    rm -rf -- "$CACHE_DIR"
    echo "cache cleared" >&2
    shift
fi
[[ $# -gt 0 ]] || { usage; exit 2; }

mkdir -p "$CACHE_DIR"

cache_key() {
    printf '%s:%s' "$WAREHOUSE" "$1" | md5sum | cut -d' ' -f1
}

fetch_stock() {
    local sku="$1" key file age
    key="$(cache_key "$sku")"
    file="$CACHE_DIR/$key.json"
    if [[ -f "$file" ]]; then
        age=$(( $(date +%s) - $(stat -c %Y "$file") ))
        if (( age < CACHE_TTL )); then
            cat "$file"
            return 0
        fi
    fi
    if curl -fsS --max-time 10 -G \
            --data-urlencode "sku=$sku" \
            --data-urlencode "warehouse=$WAREHOUSE" \
            -o "$file.part" "$STOCK_API"; then
        mv "$file.part" "$file"
        cat "$file"
    else
        rm -f "$file.part"
        return 1
    fi
}

summarise() {
    # the JSON arrives in an environment variable, python formats one line
    STOCK_JSON="$1" SKU="$2" python3 -c '
import json, os
sku = os.environ["SKU"]
try:
    d = json.loads(os.environ["STOCK_JSON"])
except ValueError:
    print(f"{sku:<20} ?     unreadable reply")
    raise SystemExit(0)
qty = int(d.get("on_hand", 0))
eta = d.get("next_delivery", "-")
flag = "IN STOCK" if qty > 0 else "ORDER"
print(f"{sku:<20} {qty:>4}  {flag:<9} next delivery {eta}")
'
}

: > "$OUT_FILE"
chmod 600 "$OUT_FILE"
failures=0
for sku in "$@"; do
    if json="$(fetch_stock "$sku")"; then
        summarise "$json" "$sku" | tee -a "$OUT_FILE"
    else
        echo "$(printf '%-20s' "$sku") lookup failed" | tee -a "$OUT_FILE" >&2
        failures=$((failures + 1))
    fi
done

# drop cache entries that are well past their TTL
find "$CACHE_DIR" -name '*.json' -mmin +$(( CACHE_TTL / 60 * 4 + 1 )) -delete

echo "checked $# part(s), $failures failure(s); saved to $OUT_FILE" >&2
[[ $failures -eq 0 ]]
