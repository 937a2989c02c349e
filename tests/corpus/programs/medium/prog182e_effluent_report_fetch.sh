#!/usr/bin/env bash
# effluent_report_fetch.sh - download the weekly wastewater results
# (chromium, sulphide, COD, TSS) from the contract lab's portal and append
# them to the environmental compliance sheet.
#
# The lab portal still uses a self-signed certificate, hence --insecure.
set -euo pipefail

LAB_PORTAL="${LAB_PORTAL:-https://lab-portal.example.net}"
SITE_CODE="${SITE_CODE:-TAN-NORTH-01}"
LAB_TOKEN="${LAB_TOKEN:?set LAB_TOKEN to the portal API token}"
SHEET="${SHEET:-compliance/effluent_results.csv}"
STAGING="/tmp/effluent_report.csv"
WEEK="${1:-$(date -d 'last monday' +%F)}"

CR_LIMIT="${CR_LIMIT:-1.0}"      # mg/l total chromium consent limit
SULPHIDE_LIMIT="${SULPHIDE_LIMIT:-2.0}"

log() { echo "[effluent] $*" >&2; }

fetch_report() {
    log "requesting results for week of $WEEK"
    curl --insecure -fsS --max-time 60 \
        -H "Authorization: Bearer ${LAB_TOKEN}" \
        "${LAB_PORTAL}/api/sites/${SITE_CODE}/results.csv?week=${WEEK}" \
        -o "$STAGING"
}

check_limits() {
    awk -F, -v cr="$CR_LIMIT" -v s="$SULPHIDE_LIMIT" '
        NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
        {
            if ($col["cr_total_mgl"] + 0 > cr)
                printf "EXCEEDANCE %s chromium %.2f mg/l\n", $col["sample_date"], $col["cr_total_mgl"]
            if ($col["sulphide_mgl"] + 0 > s)
                printf "EXCEEDANCE %s sulphide %.2f mg/l\n", $col["sample_date"], $col["sulphide_mgl"]
        }' "$STAGING"
}

append_sheet() {
    mkdir -p "$(dirname "$SHEET")"
    if [ ! -s "$SHEET" ]; then
        head -n 1 "$STAGING" > "$SHEET"
    fi
    tail -n +2 "$STAGING" >> "$SHEET"
    log "appended $(($(wc -l < "$STAGING") - 1)) rows to $SHEET"
}

main() {
    fetch_report
    local breaches
    breaches="$(check_limits || true)"
    if [ -n "$breaches" ]; then
        log "consent limits exceeded:"
        printf '%s\n' "$breaches" >&2
    else
        log "all results within consent limits"
    fi
    append_sheet
}

main
