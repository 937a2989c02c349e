#!/usr/bin/env bash
# Grab the coral farm's daily availability sheet and turn it into a short
# list of frags under our price ceiling for the morning order.
# Their site's certificate expired months ago, hence -k.

set -euo pipefail

FARM_URL="${CORAL_FARM_URL:-https://frags.reefgrown.example.org/availability.csv}"
MAX_PRICE="${MAX_PRICE:-45}"
WORK="/tmp/coral_pricelist"
RAW="$WORK/availability.csv"
OUT="${OUT:-./coral_order_candidates.txt}"

usage() {
    echo "usage: $0 [-m max_price] [-o output]" >&2
    exit 1
}

while getopts "m:o:h" opt; do
    case "$opt" in
        m) MAX_PRICE="$OPTARG" ;;
        o) OUT="$OPTARG" ;;
        *) usage ;;
    esac
done

mkdir -p "$WORK"

echo "fetching availability from $FARM_URL"
if ! curl -k -fsS --max-time 60 -o "$RAW" "$FARM_URL"; then
    echo "download failed" >&2
    exit 2
fi

lines=$(wc -l < "$RAW")
echo "got $((lines - 1)) rows"

# columns: code,name,type,size_cm,price,qty
awk -F',' -v max="$MAX_PRICE" '
    NR == 1 { next }
    $6 > 0 && $5 + 0 <= max {
        printf "%-8s %-34s %-6s %5s cm  %7.2f  x%d\n", $1, $2, $3, $4, $5, $6
        n++
        total += $5
    }
    END {
        if (n) printf "\n%d frags, avg %.2f\n", n, total / n
        else print "nothing under the price ceiling today"
    }
' "$RAW" > "$WORK/candidates.txt"

cp "$WORK/candidates.txt" "$OUT"

echo "candidates written to $OUT"
head -n 15 "$OUT"
