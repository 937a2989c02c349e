#!/bin/sh
# Summarise the day's takings from the till export.
# Reads ./exports/takings-YYYY-MM-DD.csv and writes a short report to
# ./reports, split by tyres, exhausts, labour and other.

set -eu

DAY="${1:-$(date +%F)}"
EXPORT_DIR="${EXPORT_DIR:-./exports}"
REPORT_DIR="${REPORT_DIR:-./reports}"
INPUT="$EXPORT_DIR/takings-$DAY.csv"
OUTPUT="$REPORT_DIR/summary-$DAY.txt"

usage() {
    echo "usage: $0 [YYYY-MM-DD]" >&2
    exit 2
}

check_input() {
    case "$DAY" in
        [0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]) ;;
        *) usage ;;
    esac
    if [ ! -f "$INPUT" ]; then
        echo "no till export for $DAY at $INPUT" >&2
        exit 1
    fi
}

summarise() {
    awk -F, '
        NR == 1 { next }
        {
            cat = tolower($3)
            amount = $5 + 0
            if (cat ~ /tyre/)         tyres += amount
            else if (cat ~ /exhaust/) exhausts += amount
            else if (cat ~ /labour/)  labour += amount
            else                      other += amount
            if ($4 == "card") card += amount; else cash += amount
            jobs[$2] = 1
        }
        END {
            n = 0; for (j in jobs) n++
            printf "Jobs:      %d\n", n
            printf "Tyres:     %10.2f\n", tyres
            printf "Exhausts:  %10.2f\n", exhausts
            printf "Labour:    %10.2f\n", labour
            printf "Other:     %10.2f\n", other
            printf "Card:      %10.2f\n", card
            printf "Cash:      %10.2f\n", cash
            printf "Total:     %10.2f\n", tyres + exhausts + labour + other
        }' "$INPUT"
}

main() {
    check_input
    mkdir -p "$REPORT_DIR"
    {
        echo "Takings summary for $DAY"
        echo "------------------------------"
        summarise
    } > "$OUTPUT"
    cat "$OUTPUT"
    echo "report written to $OUTPUT"
}

main
