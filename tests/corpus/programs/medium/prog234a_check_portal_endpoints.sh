#!/usr/bin/env bash
# check_portal_endpoints.sh
#
# Smoke-check the vet-portal and claims-intake endpoints across environments
# after a deploy. Staging and QA use certificates from the internal test CA,
# which the CI runners do not trust, so certificate checks are skipped.
#
# Usage: check_portal_endpoints.sh [-e env] [-t seconds] [-o report.csv]

set -uo pipefail

ENVIRONMENT="staging"
TIMEOUT=10
REPORT="./endpoint_report.csv"
FAILURES=0

declare -A BASES=(
    [qa]="https://qa-portal.example.com"
    [staging]="https://staging-portal.example.com"
    [prod]="https://portal.example.com"
)
PATHS=(/healthz /api/v1/clinics/ping /api/v1/claims/intake/status /login)

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" >&2
}

while getopts ":e:t:o:h" opt; do
    case "$opt" in
        e) ENVIRONMENT="$OPTARG" ;;
        t) TIMEOUT="$OPTARG" ;;
        o) REPORT="$OPTARG" ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) log "bad option"; exit 2 ;;
    esac
done

BASE="${BASES[$ENVIRONMENT]:-}"
if [[ -z "$BASE" ]]; then
    log "unknown environment: $ENVIRONMENT (expected: ${!BASES[*]})"
    exit 2
fi

check_endpoint() {
    local url="$1" result code total
    result=$(curl --insecure --silent --output /dev/null \
        --max-time "$TIMEOUT" \
        --write-out '%{http_code} %{time_total}' "$url") || result="000 0"
    code="${result%% *}"
    total="${result##* }"
    printf '%s,%s,%s,%s\n' "$(date -u +%FT%TZ)" "$url" "$code" "$total" >> "$REPORT"
    if [[ "$code" =~ ^(2|3)[0-9][0-9]$ ]]; then
        log "OK   $code ${total}s $url"
    else
        log "FAIL $code ${total}s $url"
        FAILURES=$((FAILURES + 1))
    fi
}

check_cert_expiry() {
    local host="${BASE#https://}" end
    end=$(echo | openssl s_client -connect "${host}:443" -servername "$host" 2>/dev/null \
        | openssl x509 -noout -enddate 2>/dev/null | cut -d= -f2)
    log "certificate on $host expires: ${end:-unknown}"
}

main() {
    [[ -f "$REPORT" ]] || echo "checked_at,url,http_code,seconds" > "$REPORT"
    log "checking $ENVIRONMENT ($BASE)"
    local p
    for p in "${PATHS[@]}"; do
        check_endpoint "${BASE}${p}"
    done
    check_cert_expiry
    if (( FAILURES > 0 )); then
        log "$FAILURES endpoint(s) failed"
        exit 1
    fi
    log "all endpoints healthy"
}

main
