#!/usr/bin/env bash
# paywall_api_smoke.sh - smoke-test the paywall metering API after a deploy:
# health check, then a synthetic meter event for a test reader.
#
# Usage: PAYWALL_API_KEY=... prog221e_paywall_api_smoke.sh [--base URL] [--reader ID]
set -uo pipefail

BASE="https://paywall-api.example.com"
READER="smoke-test-reader"
TIMEOUT=10
RESULTS="./smoke_results.json"
FAILURES=0

log() { printf '%s smoke: %s\n' "$(date +%T)" "$*" >&2; }

parse_args() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --base)    BASE="$2"; shift 2 ;;
            --reader)  READER="$2"; shift 2 ;;
            --timeout) TIMEOUT="$2"; shift 2 ;;
            -h|--help) sed -n '2,5p' "$0"; exit 0 ;;
            *) log "unknown option $1"; exit 2 ;;
        esac
    done
    if [[ -z "${PAYWALL_API_KEY:-}" ]]; then
        log "PAYWALL_API_KEY is not set"
        exit 1
    fi
}

check_head() {
    local path="$1" code
    code="$(curl -sS -o /dev/null -I --max-time "$TIMEOUT" -w '%{http_code}' "$BASE$path")" || code="000"
    log "HEAD $path -> $code"
    [[ "$code" == 2* ]] || FAILURES=$(( FAILURES + 1 ))
}

check_health() {
    local body status
    body="$(curl -sS --max-time "$TIMEOUT" "$BASE/v1/health")" || { FAILURES=$(( FAILURES + 1 )); return; }
    status="$(HEALTH_BODY="$body" python3 -c '
import json, os
try:
    print(json.loads(os.environ["HEALTH_BODY"]).get("status", "unknown"))
except ValueError:
    print("invalid-json")
')"
    log "health status: $status"
    [[ "$status" == "ok" ]] || FAILURES=$(( FAILURES + 1 ))
}

post_meter_event() {
    local payload response code
    payload="$(SMOKE_READER="$READER" python3 -c '
import json, os, time, uuid
print(json.dumps({
    "reader_id": os.environ["SMOKE_READER"],
    "article": "/news/smoke-test-article",
    "event": "view",
    "ts": int(time.time()),
    "request_id": str(uuid.uuid4()),
    "synthetic": True,
}))
')"
    response="$(printf '%s' "$payload" | curl -sS --max-time "$TIMEOUT" \
        -H "Authorization: Bearer $PAYWALL_API_KEY" \
        -H "Content-Type: application/json" \
        --data-binary @- -w '\n%{http_code}' "$BASE/v1/meter/events")" || response=$'\n000'
    code="${response##*$'\n'}"
    log "POST /v1/meter/events -> $code"
    printf '%s\n' "${response%$'\n'*}" > "$RESULTS"
    [[ "$code" == 2* ]] || FAILURES=$(( FAILURES + 1 ))
}

main() {
    parse_args "$@"
    check_head "/"
    check_head "/v1/plans"
    check_health
    post_meter_event
    if (( FAILURES > 0 )); then
        log "$FAILURES check(s) failed"
        exit 1
    fi
    log "all checks passed; response saved to $RESULTS"
}

main "$@"
