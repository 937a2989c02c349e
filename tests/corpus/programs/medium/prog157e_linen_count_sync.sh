#!/usr/bin/env bash
# Nightly linen count sync with the hospital group's legacy stock system.
# Pulls par levels from the vendor API, merges them with today's RFID counts
# and drops the result on the group's FTP server for their stores team.
set -eu

API_BASE="${API_BASE:-https://stock-api.example.com/v1}"
API_KEY="${STOCK_API_KEY:-}"
FTP_HOST="${FTP_HOST:-ftp.example.com}"
FTP_USER="${FTP_USER:-laundry_drop}"
FTP_PASS="${FTP_PASS:-}"
COUNTS_CSV="${COUNTS_CSV:-./rfid_counts.csv}"
WORK="/tmp/linen_sync"
OUT="$WORK/par_vs_count.csv"

log() { echo "$(date '+%F %T') $*"; }

need() {
    for c in "$@"; do
        command -v "$c" >/dev/null 2>&1 || { echo "missing $c" >&2; exit 1; }
    done
}

fetch_par_levels() {
    # their gateway still serves a certificate for the old hostname
    curl -sS -k --max-time 30 \
        -H "Authorization: Bearer $API_KEY" \
        "$API_BASE/par-levels?format=csv" -o "$WORK/par.csv"
    log "par levels: $(wc -l < "$WORK/par.csv") lines"
}

merge_counts() {
    if [ ! -f "$COUNTS_CSV" ]; then
        log "no RFID counts at $COUNTS_CSV"
        exit 1
    fi
    # par.csv: ward,item,par    counts: ward,item,count
    awk -F, 'NR==FNR { par[$1","$2]=$3; next }
             FNR==1 { print "ward,item,par,count,gap"; next }
             { k=$1","$2; p=(k in par)?par[k]:0; print k","p","$3","($3-p) }' \
        "$WORK/par.csv" "$COUNTS_CSV" > "$OUT"
    log "merged $(($(wc -l < "$OUT") - 1)) rows"
}

upload() {
    local name
    name="linen_$(date +%Y%m%d).csv"
    ftp -inv "$FTP_HOST" <<EOF > "$WORK/ftp.log" 2>&1
user $FTP_USER $FTP_PASS
binary
cd incoming
put $OUT $name
bye
EOF
    if grep -q "226" "$WORK/ftp.log"; then
        log "uploaded $name"
    else
        log "upload may have failed, see $WORK/ftp.log"
        return 1
    fi
}

main() {
    need curl awk ftp
    if [ -z "$API_KEY" ] || [ -z "$FTP_PASS" ]; then
        echo "STOCK_API_KEY and FTP_PASS must be set" >&2
        exit 1
    fi
    mkdir -p "$WORK"
    fetch_par_levels
    merge_counts
    upload
    log "sync finished"
}

main "$@"
