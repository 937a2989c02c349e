#!/bin/bash
# Nightly run-sheet export for the billing contractor.
# Pulls yesterday's completed run sheets from the ePCR reporting endpoint,
# trims them to the billing columns and drops the CSV on the contractor's
# FTP server. Connection details live in ./export.conf next to this script.

set -u

CONF="${CONF:-./export.conf}"
REPORT_URL="https://epcr-reports.example.com/export/runsheets"
WORK="/tmp/runsheet_export"
OUT="/tmp/runsheet_export/billing.csv"
DAY="$(date -d yesterday +%F 2>/dev/null || date -v-1d +%F)"

log() {
    echo "$(date '+%F %T') runsheet-export: $*"
}

fail() {
    log "ERROR: $*"
    exit 1
}

load_conf() {
    [ -f "$CONF" ] || fail "missing $CONF"
    # expected keys: FTP_HOST FTP_USER FTP_PASS FTP_DIR
    # shellcheck disable=SC1090
    . "$CONF"
    : "${FTP_HOST:?}" "${FTP_USER:?}" "${FTP_PASS:?}"
    FTP_DIR="${FTP_DIR:-incoming}"
}

download() {
    mkdir -p "$WORK"
    # reporting server still has the vendor's self-signed cert
    curl -s -k --max-time 120 \
        -o "$WORK/raw.csv" \
        "${REPORT_URL}?date=${DAY}" || fail "download failed"
    local lines
    lines=$(wc -l < "$WORK/raw.csv")
    log "downloaded ${lines} lines for ${DAY}"
    [ "$lines" -gt 1 ] || fail "empty export"
}

trim_columns() {
    # incident, unit, date, level of service, loaded miles, payer
    awk -F',' 'BEGIN { OFS="," }
        NR == 1 { print "incident,unit,date,los,miles,payer"; next }
        { print $1, $2, $3, $9, $14, $17 }' "$WORK/raw.csv" > "$OUT"
    log "billing file has $(($(wc -l < "$OUT") - 1)) rows"
}

upload() {
    local name="runsheets_${DAY}.csv"
    ftp -inv "$FTP_HOST" > "$WORK/ftp.log" 2>&1 <<EOF
user $FTP_USER $FTP_PASS
binary
cd $FTP_DIR
put $OUT $name
bye
EOF
    if grep -q "226" "$WORK/ftp.log"; then
        log "uploaded $name to $FTP_HOST"
    else
        fail "upload failed, see $WORK/ftp.log"
    fi
}

cleanup() {
    rm -f "$WORK/raw.csv"
}

main() {
    load_conf
    download
    trim_columns
    upload
    cleanup
    log "done"
}

trap cleanup EXIT
main "$@"
