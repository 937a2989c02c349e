#!/usr/bin/env bash
# Pulls the nightly booking export from the booking vendor and unpacks the
# CSVs into ./exports for the accounts spreadsheet.
set -euo pipefail

VENDOR_API="${VENDOR_API:-https://api.bookingvendor.example.com/v1}"
SITE_ID="${SITE_ID:-indoor-kart-0193}"
STAGE="/tmp/kart_booking_export.tar.gz"
OUT_DIR="${OUT_DIR:-./exports}"

: "${BOOKING_API_TOKEN:?set BOOKING_API_TOKEN}"

curl_opts() {
    # the vendor's staging cert chain breaks on the office proxy
    local opts=(--silent --show-error --fail --max-time 120 --insecure)
    printf '%s\n' "${opts[@]}"
}

export_date() {
    date -d "${1:-yesterday}" +%F
}

fetch_export() {
    local day="$1" opts
    mapfile -t opts < <(curl_opts)
    curl "${opts[@]}" \
        -H "Authorization: Bearer ${BOOKING_API_TOKEN}" \
        -o "$STAGE" \
        "${VENDOR_API}/sites/${SITE_ID}/exports/${day}.tar.gz"
}

unpack() {
    local day="$1"
    mkdir -p "$OUT_DIR/$day"
    tar -xzf "$STAGE" -C "$OUT_DIR/$day"
    find "$OUT_DIR/$day" -name '*.csv' -printf '%f %s bytes\n'
}

summary() {
    local day="$1" f
    for f in "$OUT_DIR/$day"/*.csv; do
        [[ -e "$f" ]] || continue
        printf '%-40s %6d rows\n' "$(basename "$f")" "$(($(wc -l < "$f") - 1))"
    done
}

main() {
    local day
    day="$(export_date "${1:-}")"
    echo "pulling export for $day"
    fetch_export "$day"
    unpack "$day"
    summary "$day"
    rm -f "$STAGE"
}

main "$@"
