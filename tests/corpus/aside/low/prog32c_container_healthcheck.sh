#!/bin/sh
# container_healthcheck.sh - HEALTHCHECK for the report-renderer image.
#
#   HEALTHCHECK --interval=30s --timeout=5s --retries=3 \
#     CMD ["/app/bin/container_healthcheck.sh"]
#
# Exit 0 = healthy, 1 = unhealthy (Docker only distinguishes those two).
# Checks, in order:
#   1. the HTTP liveness endpoint answers 200 within HC_TIMEOUT seconds
#   2. the worker heartbeat file in the work dir is fresher than HC_MAX_AGE
#   3. the work dir has at least HC_MIN_FREE_MB free
# Everything is configurable through the environment so the same script
# works in compose files and in Kubernetes exec probes.

set -u

HC_URL=${HC_URL:-http://127.0.0.1:${PORT:-8080}/healthz}
HC_TIMEOUT=${HC_TIMEOUT:-3}
HC_MAX_AGE=${HC_MAX_AGE:-120}
HC_MIN_FREE_MB=${HC_MIN_FREE_MB:-200}
WORK_DIR=${WORK_DIR:-.}
HEARTBEAT=${HEARTBEAT:-$WORK_DIR/.worker-heartbeat}
HC_VERBOSE=${HC_VERBOSE:-0}

failures=0

say() {
    [ "$HC_VERBOSE" = 1 ] && printf 'healthcheck: %s\n' "$*"
    return 0
}

fail() {
    printf 'healthcheck: FAIL %s\n' "$*" >&2
    failures=$((failures + 1))
}

check_http() {
    if command -v curl >/dev/null 2>&1; then
        code=$(curl -s -o /dev/null -w '%{http_code}' \
                    --max-time "$HC_TIMEOUT" "$HC_URL") || code=000
    elif command -v wget >/dev/null 2>&1; then
        if wget -q -T "$HC_TIMEOUT" -O /dev/null "$HC_URL"; then
            code=200
        else
            code=000
        fi
    else
        say "neither curl nor wget available, skipping HTTP probe"
        return 0
    fi
    if [ "$code" = 200 ]; then
        say "http ok ($HC_URL)"
    else
        fail "http status $code from $HC_URL"
    fi
}

check_heartbeat() {
    if [ ! -f "$HEARTBEAT" ]; then
        fail "heartbeat file $HEARTBEAT missing"
        return
    fi
    now=$(date +%s)
    mtime=$(stat -c %Y "$HEARTBEAT" 2>/dev/null || echo 0)
    age=$((now - mtime))
    if [ "$age" -gt "$HC_MAX_AGE" ]; then
        fail "heartbeat is ${age}s old (limit ${HC_MAX_AGE}s)"
    else
        say "heartbeat ${age}s old"
    fi
}

check_disk() {
    free_kb=$(df -Pk "$WORK_DIR" 2>/dev/null | awk 'NR==2 {print $4}')
    if [ -z "$free_kb" ]; then
        say "could not determine free space of $WORK_DIR"
        return
    fi
    free_mb=$((free_kb / 1024))
    if [ "$free_mb" -lt "$HC_MIN_FREE_MB" ]; then
        fail "only ${free_mb} MiB free in $WORK_DIR"
    else
        say "${free_mb} MiB free in $WORK_DIR"
    fi
}

for probe in check_http check_heartbeat check_disk; do
    "$probe"
done

if [ "$failures" -gt 0 ]; then
    exit 1
fi
say "healthy"
exit 0
