#!/usr/bin/env bash
# check_booking_site_health.sh - probe the public booking site endpoints.
#
# Sends HEAD/GET requests (with timeouts) to each studio's booking pages and
# the availability API, and appends one line per check to health_checks.log
# in the current directory. Exit status is non-zero if any check failed, so
# the front-desk dashboard can show a red light.

set -euo pipefail

BASE_URL="${BOOKING_BASE_URL:-https://booking.example.com}"
TIMEOUT="${TIMEOUT:-10}"
LOG_FILE="./health_checks.log"
STUDIOS=(shoreditch camden brighton leeds)
VERBOSE=0

usage() {
    cat <<EOF
Usage: $0 [-b base_url] [-t timeout_seconds] [-v]
  -b  base URL of the booking site (default: $BASE_URL)
  -t  per-request timeout in seconds (default: $TIMEOUT)
  -v  print every result, not just failures
EOF
}

log() {
    local level="$1"; shift
    printf '%s %-5s %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$level" "$*" >> "$LOG_FILE"
    if [[ "$level" != "OK" || "$VERBOSE" -eq 1 ]]; then
        printf '%-5s %s\n' "$level" "$*" >&2
    fi
}

while getopts ":b:t:vh" opt; do
    case "$opt" in
        b) BASE_URL="$OPTARG" ;;
        t) TIMEOUT="$OPTARG" ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 64 ;;
    esac
done

if ! command -v curl >/dev/null 2>&1; then
    echo "curl is required" >&2
    exit 69
fi

failures=0

# head_check URL EXPECTED_STATUS
head_check() {
    local url="$1" expected="$2" code
    code=$(curl -s -o /dev/null -I --max-time "$TIMEOUT" -w '%{http_code}' "$url" || echo "000")
    if [[ "$code" == "$expected" ]]; then
        log OK "HEAD $url -> $code"
    else
        log FAIL "HEAD $url -> $code (expected $expected)"
        failures=$((failures + 1))
    fi
}

# json_check URL - GET and confirm the body looks like an availability payload
json_check() {
    local url="$1" body
    if ! body=$(curl -sf --max-time "$TIMEOUT" -H 'Accept: application/json' "$url"); then
        log FAIL "GET $url failed"
        failures=$((failures + 1))
        return
    fi
    if grep -q '"slots"' <<<"$body"; then
        local count
        count=$(grep -o '"start"' <<<"$body" | wc -l | tr -d ' ')
        log OK "GET $url -> $count open slots"
    else
        log FAIL "GET $url -> unexpected body (${#body} bytes)"
        failures=$((failures + 1))
    fi
}

head_check "$BASE_URL/" 200
head_check "$BASE_URL/aftercare" 200

for studio in "${STUDIOS[@]}"; do
    head_check "$BASE_URL/studios/$studio" 200
    json_check "$BASE_URL/api/availability?studio=$studio&days=7"
done

if [[ "$failures" -gt 0 ]]; then
    log WARN "$failures check(s) failed"
    exit 1
fi
log OK "all checks passed"
