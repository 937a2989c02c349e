#!/bin/bash
# Catalytic converter price list fetch.
#
# The refiner publishes a weekly price list (by converter part number) on
# their old FTP server as a tarball of CSVs.  This downloads it, unpacks
# it and builds prices.csv for the intake spreadsheet.
set -u

FTP_HOST="${FTP_HOST:-ftp.example.com}"
FTP_USER="${FTP_USER:-yardclient}"
FTP_PASS="${FTP_PASS:-}"
BACKUP_URL="${BACKUP_URL:-https://prices.example.com/weekly/latest.tar.gz}"
STAGE="/tmp/catcon_prices"
ARCHIVE="/tmp/catcon_prices.tar.gz"
OUTPUT="${OUTPUT:-prices.csv}"

msg() { echo "[prices] $*"; }

if [ -z "$FTP_PASS" ]; then
    msg "FTP_PASS not set, trying the HTTPS mirror only"
fi

fetch_ftp() {
    [ -n "$FTP_PASS" ] || return 1
    msg "fetching from ftp://$FTP_HOST"
    curl -s --max-time 120 -o "$ARCHIVE" \
        "ftp://$FTP_USER:$FTP_PASS@$FTP_HOST/pub/prices/latest.tar.gz"
}

fetch_mirror() {
    # the mirror's certificate expired last year and nobody renewed it
    msg "fetching from mirror"
    curl -s -k --max-time 120 -o "$ARCHIVE" "$BACKUP_URL"
}

unpack() {
    rm -rf "$STAGE"
    mkdir -p "$STAGE"
    tar -xzf "$ARCHIVE" -C "$STAGE" || return 1
    msg "unpacked $(find "$STAGE" -name '*.csv' | wc -l) csv file(s)"
}

build_output() {
    local first=1 n=0
    : > "$OUTPUT.new"
    for f in "$STAGE"/*.csv; do
        [ -f "$f" ] || continue
        if [ "$first" -eq 1 ]; then
            head -n1 "$f" >> "$OUTPUT.new"
            first=0
        fi
        tail -n +2 "$f" | sed 's/\r$//' >> "$OUTPUT.new"
        n=$((n + 1))
    done
    if [ "$n" -eq 0 ]; then
        msg "no price files in archive"
        rm -f "$OUTPUT.new"
        return 1
    fi
    mv "$OUTPUT.new" "$OUTPUT"
    msg "$(($(wc -l < "$OUTPUT") - 1)) price rows written to $OUTPUT"
}

compare_last_week() {
    if [ -f "$OUTPUT.prev" ]; then
        changed=$(diff "$OUTPUT.prev" "$OUTPUT" | grep -c '^>' || true)
        msg "$changed row(s) changed since last week"
    fi
    cp "$OUTPUT" "$OUTPUT.prev"
}

if ! fetch_ftp; then
    fetch_mirror || { msg "download failed"; exit 1; }
fi

unpack || { msg "archive broken"; exit 1; }
build_output || exit 1
compare_last_week
msg "done"
