#!/usr/bin/env bash
# booking_export_pull.sh - pull tonight's ad-booking export for pagination.
#
# The hosted booking system publishes a per-edition export of placed ads
# (size, page request, colour) that the pagination desk loads into the
# dummy planner.  The booking host still presents the certificate from
# the old domain, so the pull skips verification until IT renews it.

set -euo pipefail

BOOKING_HOST="${BOOKING_HOST:-https://booking.example.com}"
EDITION="${EDITION:-$(date -d tomorrow +%F 2>/dev/null || date +%F)}"
WORK_FILE="/tmp/booking_export.csv"
OUT_DIR="${OUT_DIR:-./dummy_planner}"
LOG_FILE="${LOG_FILE:-./booking_pull.log}"
MAX_TIME=60

log() { printf '%s [booking-pull] %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"; }

usage() {
    echo "usage: $0 [-e YYYY-MM-DD] [-o out_dir]" >&2
    exit 2
}

while getopts ":e:o:" opt; do
    case "$opt" in
        e) EDITION="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        *) usage ;;
    esac
done

[[ "$EDITION" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] || { log "bad edition date $EDITION"; exit 2; }

fetch_export() {
    local url="$BOOKING_HOST/exports/placed-ads?edition=$EDITION&format=csv"
    log "fetching $url"
    if ! curl -sS -k --max-time "$MAX_TIME" -o "$WORK_FILE" "$url"; then
        log "download failed"
        return 1
    fi
}

validate_export() {
    local header
    header="$(head -n1 "$WORK_FILE")"
    if [[ "$header" != *"ad_id"*"columns"*"depth_cm"* ]]; then
        log "unexpected header: $header"
        return 1
    fi
    local rows
    rows=$(( $(wc -l < "$WORK_FILE") - 1 ))
    log "export has $rows placed ads"
    (( rows > 0 ))
}

summarise() {
    awk -F, 'NR > 1 { cc += $3 * $4; n++ } END { printf "%d ads, %d column-cm\n", n, cc }' "$WORK_FILE"
}

install_export() {
    mkdir -p "$OUT_DIR"
    local dest="$OUT_DIR/placed_ads_$EDITION.csv"
    cp "$WORK_FILE" "$dest"
    log "installed $dest ($(summarise))"
}

main() {
    fetch_export || exit 1
    if validate_export; then
        install_export
    else
        log "export rejected, leaving previous planner file in place"
        exit 3
    fi
}

main
