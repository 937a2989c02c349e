#!/usr/bin/env bash
# Fetches this week's diesel index from the fuel price service and works
# out the per-tonne fuel surcharge to add to haulage quotes.
set -euo pipefail

API_URL="${FUEL_API_URL:-https://api.example.com/v1/diesel/weekly}"
BASE_PRICE="1.35"      # per litre, the price our rates were set at
LITRES_PER_KM="0.38"   # 8-wheel tipper, loaded
LOAD_T="20"
DISTANCE_KM=""
CACHE_DIR="./.fuel_cache"

usage() { echo "usage: $0 -k distance_km [-b base_price] [-p load_t]" >&2; exit 2; }

while getopts "k:b:p:h" opt; do
    case "$opt" in
        k) DISTANCE_KM="$OPTARG" ;;
        b) BASE_PRICE="$OPTARG" ;;
        p) LOAD_T="$OPTARG" ;;
        *) usage ;;
    esac
done
[[ -n "$DISTANCE_KM" ]] || usage
: "${FUEL_API_KEY:?FUEL_API_KEY must be set}"

mkdir -p "$CACHE_DIR"
OS_NAME="$(awk -F= '$1=="ID"{gsub(/"/,"",$2); print $2}' /etc/os-release 2>/dev/null || true)"
OS_NAME="${OS_NAME:-linux}"
WEEK="$(date +%G-W%V)"
CACHE_FILE="$CACHE_DIR/diesel_${WEEK}.json"

if [[ ! -s "$CACHE_FILE" ]]; then
    echo "fetching diesel index for $WEEK" >&2
    if ! curl -fsS --max-time 20 \
        -H "Authorization: Bearer ${FUEL_API_KEY}" \
        -H "User-Agent: haul-surcharge/1.2 ($OS_NAME)" \
        "${API_URL}?week=${WEEK}" -o "$CACHE_FILE.part"; then
        echo "fuel API request failed" >&2
        rm -f "$CACHE_FILE.part"
        exit 1
    fi
    mv "$CACHE_FILE.part" "$CACHE_FILE"
    chmod 0600 "$CACHE_FILE"
fi

RESULT="$(BASE_PRICE="$BASE_PRICE" LITRES_PER_KM="$LITRES_PER_KM" \
    LOAD_T="$LOAD_T" DISTANCE_KM="$DISTANCE_KM" \
    python3 -c '
import json, os, sys
try:
    data = json.load(sys.stdin)
    price = float(data["price_per_litre"])
except (ValueError, KeyError, TypeError) as exc:
    sys.exit(f"unexpected API response: {exc}")
base = float(os.environ["BASE_PRICE"])
litres = float(os.environ["LITRES_PER_KM"]) * float(os.environ["DISTANCE_KM"]) * 2
extra = max(price - base, 0.0) * litres
per_t = extra / float(os.environ["LOAD_T"])
print(f"{price:.3f} {extra:.2f} {per_t:.2f}")
' < "$CACHE_FILE")" || exit 1

read -r PRICE EXTRA PER_T <<< "$RESULT"
cat <<EOF
Week:            $WEEK
Diesel index:    $PRICE per litre (base $BASE_PRICE)
Round trip:      $(( ${DISTANCE_KM%.*} * 2 )) km
Extra per load:  $EXTRA
Surcharge:       $PER_T per tonne
EOF
