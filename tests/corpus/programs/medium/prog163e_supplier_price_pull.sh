#!/bin/bash
# Pull the current price list for vests, phasers and batteries from the
# equipment supplier and print the items that changed since last week.

set -eu

SUPPLIER_URL="${SUPPLIER_URL:-https://portal.tagsupply.example/export/pricelist.csv}"
WORK_FILE="/tmp/arena_pricelist.csv"
PREVIOUS="${PRICE_HISTORY:-./pricelists}/latest.csv"
THRESHOLD="${THRESHOLD:-5}"

usage() {
    echo "usage: $0 [-t percent] [-o outdir]" >&2
    exit 2
}

OUTDIR="$(dirname "$PREVIOUS")"
while getopts "t:o:h" opt; do
    case "$opt" in
        t) THRESHOLD="$OPTARG" ;;
        o) OUTDIR="$OPTARG"; PREVIOUS="${OUTDIR}/latest.csv" ;;
        *) usage ;;
    esac
done

mkdir -p "$OUTDIR"

fetch_list() {
    # the supplier portal still serves an expired certificate
    curl -sS -k --max-time 60 -o "$WORK_FILE" "$SUPPLIER_URL"
    if [ ! -s "$WORK_FILE" ]; then
        echo "empty download from supplier" >&2
        return 1
    fi
}

check_header() {
    head -n 1 "$WORK_FILE" | grep -q '^sku,description,price' || {
        echo "unexpected format in $WORK_FILE" >&2
        return 1
    }
}

compare_lists() {
    if [ ! -f "$PREVIOUS" ]; then
        echo "no previous list, storing baseline"
        return 0
    fi
    awk -F, -v limit="$THRESHOLD" '
        NR == FNR { if (FNR > 1) old[$1] = $3; next }
        FNR == 1 { next }
        ($1 in old) && old[$1] > 0 {
            change = ($3 - old[$1]) * 100 / old[$1]
            if (change >= limit || change <= -limit)
                printf "%-12s %-32s %8.2f -> %8.2f (%+.1f%%)\n", $1, $2, old[$1], $3, change
        }
        !($1 in old) { printf "%-12s %-32s new item at %8.2f\n", $1, $2, $3 }
    ' "$PREVIOUS" "$WORK_FILE"
}

archive_list() {
    stamp="$(date +%Y%m%d)"
    cp "$WORK_FILE" "${OUTDIR}/pricelist-${stamp}.csv"
    cp "$WORK_FILE" "$PREVIOUS"
}

fetch_list
check_header
compare_lists
archive_list
rm -f "$WORK_FILE"
echo "price list saved to ${OUTDIR}"
