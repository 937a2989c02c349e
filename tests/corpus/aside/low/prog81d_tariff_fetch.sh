#!/usr/bin/env bash
# Fetch half-hourly import prices for a dynamic tariff and store them as CSV.
#
# Output goes to ./tariffs/<product>-<region>-<date>.csv with columns
# valid_from,valid_to,p_per_kwh_inc_vat.  The cheapest N slots are printed
# so the battery scheduler (or a human) can pick a charge window.
set -euo pipefail

API_BASE="${TARIFF_API_BASE:-https://api.octopus.energy/v1}"
PRODUCT="${TARIFF_PRODUCT:-AGILE-24-10-01}"
REGION="${TARIFF_REGION:-C}"
OUTDIR="${TARIFF_OUTDIR:-./tariffs}"
CHEAPEST=6
DAY="$(date -d tomorrow +%F 2>/dev/null || date -v+1d +%F)"

die() { echo "tariff_fetch: $*" >&2; exit 1; }

while getopts "p:r:d:n:o:h" opt; do
    case "$opt" in
        p) PRODUCT="$OPTARG" ;;
        r) REGION="$OPTARG" ;;
        d) DAY="$OPTARG" ;;
        n) CHEAPEST="$OPTARG" ;;
        o) OUTDIR="$OPTARG" ;;
        h|*) echo "usage: $0 [-p product] [-r region] [-d YYYY-MM-DD] [-n slots] [-o dir]"; exit 2 ;;
    esac
done

command -v curl >/dev/null || die "curl not found"
command -v jq >/dev/null || die "jq not found"

TARIFF_CODE="E-1R-${PRODUCT}-${REGION}"
URL="${API_BASE}/products/${PRODUCT}/electricity-tariffs/${TARIFF_CODE}/standard-unit-rates/"
URL+="?period_from=${DAY}T00:00Z&period_to=${DAY}T23:59Z&page_size=100"

mkdir -p "$OUTDIR"
RAW="$OUTDIR/.${TARIFF_CODE}-${DAY}.json.part"
OUT="$OUTDIR/${PRODUCT}-${REGION}-${DAY}.csv"

fetch() {
    local attempt
    for attempt in 1 2 3 4; do
        if curl -fsS --max-time 20 -H 'Accept: application/json' -o "$RAW" "$URL"; then
            return 0
        fi
        echo "attempt $attempt failed, retrying" >&2
        sleep $((attempt * 5))
    done
    return 1
}

fetch || die "could not fetch $URL"

COUNT="$(jq '.results | length' "$RAW")"
[[ "$COUNT" -gt 0 ]] || { rm -f "$RAW"; die "no prices published for $DAY yet"; }

{
    echo "valid_from,valid_to,p_per_kwh_inc_vat"
    jq -r '.results | sort_by(.valid_from)[] | [.valid_from, .valid_to, .value_inc_vat] | @csv' "$RAW"
} >"$OUT"
rm -f "$RAW"

echo "wrote $COUNT slots to $OUT"
echo "cheapest $CHEAPEST slots:"
tail -n +2 "$OUT" | sort -t, -k3 -g | head -n "$CHEAPEST" | \
    awk -F, '{gsub(/"/, ""); printf "  %s  %6.2f p/kWh\n", substr($1, 12, 5), $3}'

AVG="$(tail -n +2 "$OUT" | awk -F, '{s += $3; n++} END {if (n) printf "%.2f", s / n}')"
echo "daily average: ${AVG} p/kWh"
