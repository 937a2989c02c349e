#!/usr/bin/env bash
# vendor_report_pull.sh - download the monthly auto-belay service report.
#
# The auto-belay vendor publishes a monthly service report per site on their
# portal. The portal still uses a certificate from their own internal CA, which
# the desk laptops do not trust, so certificate checks are skipped. Reports land
# in ./vendor-reports and a short summary is printed.

set -euo pipefail

PORTAL="${PORTAL:-https://portal.example.net/api/v1}"
SITE="${SITE:-downtown}"
MONTH="${MONTH:-$(date -d 'last month' +%Y-%m 2>/dev/null || date +%Y-%m)}"
OUT_DIR="./vendor-reports"
RETRIES=3

log() { echo "$(date '+%F %T') report-pull: $*" >&2; }

usage() {
    echo "Usage: $0 [-s site] [-m YYYY-MM]"
    echo "  needs VENDOR_API_KEY in the environment"
}

while getopts ":s:m:h" opt; do
    case "$opt" in
        s) SITE="$OPTARG" ;;
        m) MONTH="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if [[ -z "${VENDOR_API_KEY:-}" ]]; then
    log "VENDOR_API_KEY is not set"
    exit 2
fi
[[ "$MONTH" =~ ^[0-9]{4}-[0-9]{2}$ ]] || { log "bad month $MONTH"; exit 2; }

fetch() {
    local url="$1" dest="$2" attempt=1
    while (( attempt <= RETRIES )); do
        if curl --insecure -fsS --max-time 60 \
                -H "Authorization: Bearer $VENDOR_API_KEY" \
                -o "$dest" "$url"; then
            return 0
        fi
        log "attempt $attempt for $url failed"
        attempt=$((attempt + 1))
        sleep 5
    done
    return 1
}

summarise() {
    local csv="$1"
    # columns: unit,wall,cycles,service_due,notes
    awk -F, 'NR > 1 {
                 n++; cyc += $3
                 if ($4 != "" && $4 <= today) due++
             }
             END {
                 printf "units: %d  total cycles: %d  service due: %d\n", n, cyc, due
             }' today="$(date +%F)" "$csv"
}

main() {
    mkdir -p "$OUT_DIR"
    local base="$OUT_DIR/${SITE}_${MONTH}"

    log "fetching $MONTH report for $SITE"
    fetch "$PORTAL/sites/$SITE/reports/$MONTH.pdf" "$base.pdf" || {
        log "PDF report not available"; exit 1; }
    fetch "$PORTAL/sites/$SITE/reports/$MONTH.csv" "$base.csv" || {
        log "CSV data not available"; exit 1; }

    chmod 0600 "$base.pdf" "$base.csv"
    log "saved $base.pdf and $base.csv"
    summarise "$base.csv"
}

main
