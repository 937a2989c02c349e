#!/usr/bin/env bash
# headstone_quote.sh - quick itemised quote for a headstone from the
# showroom PC, using the rates table in ./rates.csv.
#
#   headstone_quote.sh -m MATERIAL -w WIDTH -h HEIGHT -d DEPTH -l LETTERS
#                      [-s v-cut|gilded|lead|raised] [-b] [-f FEE] [-c NAME] [-r]
#
#   -b  include a matching base        -f  cemetery permit fee (GBP)
#   -c  customer name for the quote    -r  refresh rates.csv from the office
#
# rates.csv columns: kind,name,price   (kind = material|lettering|extra)
set -euo pipefail

RATES="./rates.csv"
RATES_URL="${QUOTE_RATES_URL:-https://office.hartley-memorials.co.uk/rates/current.csv}"
QUOTE_DIR="./quotes"
VAT_RATE="0.20"
MINIMUM="650.00"

material="" width="" height="" depth="" letters=0 style="v-cut"
with_base=0 fee=0 customer="Walk-in" refresh=0

usage() { sed -n '2,11p' "$0"; exit "${1:-0}"; }

while getopts ":m:w:h:d:l:s:bf:c:r" opt; do
    case "$opt" in
        m) material="$OPTARG" ;;
        w) width="$OPTARG" ;;
        h) height="$OPTARG" ;;
        d) depth="$OPTARG" ;;
        l) letters="$OPTARG" ;;
        s) style="$OPTARG" ;;
        b) with_base=1 ;;
        f) fee="$OPTARG" ;;
        c) customer="$OPTARG" ;;
        r) refresh=1 ;;
        *) usage 2 ;;
    esac
done

[[ -n "$material" && -n "$width" && -n "$height" && -n "$depth" ]] || usage 2
for n in "$width" "$height" "$depth" "$letters"; do
    [[ "$n" =~ ^[0-9]+$ ]] || { echo "dimensions and letters must be whole numbers" >&2; exit 2; }
done

refresh_rates() {
    echo "fetching current rates..."
    if curl -fsS --max-time 20 -o "$RATES.new" "$RATES_URL"; then
        if head -n1 "$RATES.new" | grep -q '^kind,name,price'; then
            mv "$RATES.new" "$RATES"
            echo "rates updated"
        else
            echo "downloaded file does not look like a rates table; keeping old one" >&2
            rm -f "$RATES.new"
        fi
    else
        echo "could not reach the office; using local rates" >&2
        rm -f "$RATES.new"
    fi
}

rate() {
    # rate KIND NAME -> price, or empty
    awk -F, -v k="$1" -v n="$2" 'tolower($1) == k && tolower($2) == tolower(n) { print $3; exit }' "$RATES"
}

(( refresh )) && refresh_rates
[[ -f "$RATES" ]] || { echo "no $RATES; run with -r first" >&2; exit 1; }

per_m3="$(rate material "$material")"
per_letter="$(rate lettering "$style")"
base_price="$(rate extra base)"
[[ -n "$per_m3" ]] || { echo "no rate for material '$material'" >&2; exit 1; }
[[ -n "$per_letter" ]] || { echo "no rate for lettering style '$style'" >&2; exit 1; }

mkdir -p "$QUOTE_DIR"
ref="Q$(date +%y%m%d-%H%M%S)"
out="$QUOTE_DIR/$ref.txt"

awk -v ref="$ref" -v cust="$customer" -v mat="$material" -v style="$style" \
    -v w="$width" -v h="$height" -v d="$depth" -v letters="$letters" \
    -v m3="$per_m3" -v pl="$per_letter" -v base="${base_price:-0}" -v withbase="$with_base" \
    -v fee="$fee" -v vat="$VAT_RATE" -v min="$MINIMUM" -v date="$(date '+%d %B %Y')" 'BEGIN {
    stone = (w * h * d) / 1e9 * m3
    lett  = letters * pl
    b     = withbase ? base : 0
    net   = stone + lett + b + fee
    if (net < min) net = min
    tax   = net * vat
    printf "Hartley & Sons Memorial Masons\nQuote %s   %s\nCustomer: %s\n\n", ref, date, cust
    printf "%-38s %10.2f\n", sprintf("%s %sx%sx%s mm", mat, w, h, d), stone
    printf "%-38s %10.2f\n", sprintf("Lettering, %d letters %s", letters, style), lett
    if (withbase) printf "%-38s %10.2f\n", "Matching base", b
    if (fee > 0)  printf "%-38s %10.2f\n", "Cemetery permit fee", fee
    printf "%-38s %10s\n", "", "----------"
    printf "%-38s %10.2f\n%-38s %10.2f\n%-38s %10.2f\n", "Net", net, "VAT", tax, "Total (GBP)", net + tax
    printf "\nValid for 60 days. Prices subject to cemetery regulations.\n"
}' | tee "$out"

echo
echo "saved as $out"
