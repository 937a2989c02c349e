#!/bin/sh
# Fetch the weighbridge ticket exports for the office.
# The weighbridge indicator PC publishes a daily ticket export on its FTP
# share; the haulier rates sheet comes from the transport office web server,
# which still runs on a self-signed certificate. Both end up in ./tickets.

set -eu

WB_HOST="${WB_HOST:-198.51.100.12}"
WB_USER="${WB_USER:-tickets}"
WB_PASS="${WB_PASS:-tickets}"
RATES_URL="${RATES_URL:-https://transport.example.com/rates/hauliers.csv}"
DEST="./tickets"
WORK="/tmp/wb_fetch"
DAY="${1:-$(date +%Y%m%d)}"

log() { echo "$(date '+%H:%M:%S') $*"; }

prepare() {
    mkdir -p "$DEST" "$WORK"
    rm -f "$WORK"/*.csv 2>/dev/null || true
}

fetch_tickets() {
    log "fetching tickets for $DAY from $WB_HOST"
    ftp -inv "$WB_HOST" > "$WORK/ftp.log" 2>&1 <<FTP
user $WB_USER $WB_PASS
binary
cd exports
lcd $WORK
get tickets_${DAY}.csv
bye
FTP
    if [ ! -s "$WORK/tickets_${DAY}.csv" ]; then
        log "no ticket export for $DAY (see $WORK/ftp.log)"
        return 1
    fi
}

fetch_rates() {
    log "fetching haulier rates"
    curl -fsS -k --max-time 30 -o "$WORK/rates.csv" "$RATES_URL"
}

merge() {
    out="$DEST/tickets_${DAY}_costed.csv"
    # join tickets to rates on haulier and cost each load by net tonnes
    awk -F, 'NR==FNR { if (FNR>1) rate[$1]=$2; next }
             FNR==1 { print $0",rate_per_t,cost"; next }
             { net=($4-$5)/1000; r=($3 in rate)?rate[$3]:0; printf "%s,%s,%.2f\n", $0, r, net*r }' \
        "$WORK/rates.csv" "$WORK/tickets_${DAY}.csv" > "$out"
    log "wrote $out ($(($(wc -l < "$out") - 1)) tickets)"
}

main() {
    case "${1:-}" in
        -h|--help)
            echo "usage: $0 [YYYYMMDD]"
            exit 0
            ;;
    esac
    prepare
    if ! fetch_tickets; then
        exit 1
    fi
    if ! fetch_rates; then
        log "rates unavailable, keeping raw tickets only"
        cp "$WORK/tickets_${DAY}.csv" "$DEST/"
        exit 0
    fi
    merge
    log "done"
}

main "$@"
