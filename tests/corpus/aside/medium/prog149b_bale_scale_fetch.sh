#!/bin/sh
# Pull the day's bale weights off the wool press controller and the
# broker's weighbridge, and merge them into one CSV for the clip book.
#
# The press controller only speaks FTP; the broker's site has a
# self-signed certificate.
#
# Usage: bale_scale_fetch.sh [-d YYYYMMDD] [-o out.csv]

DAY=$(date +%Y%m%d)
OUT="clip_book_${DAY}.csv"
PRESS_HOST="198.51.100.15"
PRESS_USER="press"
PRESS_PASS="${PRESS_PASS:-press}"
BROKER_URL="https://weighbridge.example.com/export"
STAGE="/tmp/bale_fetch"

log() { echo "bale-fetch: $*" >&2; }

while getopts "d:o:h" opt; do
    case "$opt" in
        d) DAY="$OPTARG"; OUT="clip_book_${DAY}.csv" ;;
        o) OUT="$OPTARG" ;;
        h) sed -n '2,8p' "$0"; exit 0 ;;
        *) exit 1 ;;
    esac
done

prepare() {
    mkdir -p "$STAGE"
    rm -f "$STAGE"/*.csv
}

fetch_press() {
    log "fetching press log for $DAY from $PRESS_HOST"
    ftp -n "$PRESS_HOST" <<EOF
user $PRESS_USER $PRESS_PASS
binary
cd logs
lcd $STAGE
get bales_${DAY}.csv
bye
EOF
    if [ ! -s "$STAGE/bales_${DAY}.csv" ]; then
        log "press log missing"
        return 1
    fi
}

fetch_broker() {
    log "fetching weighbridge export"
    curl -k -sS --max-time 60 -o "$STAGE/broker_${DAY}.csv" \
        "${BROKER_URL}?date=${DAY}" || return 1
}

# press log columns: bale,kg,time   broker columns: bale,kg_broker
merge() {
    {
        echo "bale,press_kg,broker_kg,diff"
        awk -F, 'NR==FNR { if (FNR>1) b[$1]=$2; next }
                 FNR>1 { d = ($1 in b) ? b[$1]-$2 : "";
                         printf "%s,%s,%s,%s\n", $1, $2, b[$1], d }' \
            "$STAGE/broker_${DAY}.csv" "$STAGE/bales_${DAY}.csv"
    } > "$OUT"
    log "wrote $OUT ($(($(wc -l < "$OUT") - 1)) bales)"
}

flag_differences() {
    awk -F, 'NR>1 && $4 != "" && ($4 > 2 || $4 < -2) {
                 printf "check bale %s: press %s kg, broker %s kg\n", $1, $2, $3 }' "$OUT"
}

main() {
    prepare
    fetch_press || exit 1
    if ! fetch_broker; then
        log "broker export unavailable, press weights only"
        cp "$STAGE/bales_${DAY}.csv" "$OUT"
        exit 0
    fi
    merge
    flag_differences
}

main
