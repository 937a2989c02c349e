#!/usr/bin/env bash
# lms_health_check.sh - morning check of the school's e-learning platform
# before the first lessons: is the site up, is the API healthy, how fast
# do the course pages answer. Writes a small report in the working dir.
set -uo pipefail

BASE_URL="${LMS_BASE_URL:-https://lms.example.org}"
HEALTH_PATH="/api/v1/health"
PAGES=("/" "/login" "/courses" "/media/ping.txt")
TIMEOUT="${CHECK_TIMEOUT:-10}"
REPORT="./health_$(date +%Y%m%d).txt"
HEADERS_FILE="./.health_last_headers.txt"
ERR_LOG="./health_curl_errors.log"
SLOW_MS="${SLOW_MS:-1500}"
FAILS=0

log() { echo "$(date '+%T') $*" | tee -a "$REPORT"; }

check_tools() {
    local t
    for t in curl python3; do
        [[ -n "$(command -v "$t")" ]] || { echo "missing tool: $t" >&2; exit 1; }
    done
}

head_check() {
    local path="$1" code ms
    # HEAD request, status code and total time come back on one line
    read -r code ms < <(curl -sS -o "$HEADERS_FILE" -I --max-time "$TIMEOUT" \
        -w '%{http_code} %{time_total}\n' "$BASE_URL$path" 2>>"$ERR_LOG" || echo "000 0")
    ms="$(MS_IN="$ms" python3 -c 'import os; print(int(float(os.environ["MS_IN"]) * 1000))')"
    if [[ "$code" =~ ^(2|3)[0-9][0-9]$ ]]; then
        if (( ms > SLOW_MS )); then
            log "SLOW  $path  $code  ${ms}ms"
        else
            log "OK    $path  $code  ${ms}ms"
        fi
    else
        log "FAIL  $path  $code"
        FAILS=$((FAILS + 1))
    fi
}

api_health() {
    local body
    if ! body="$(curl -sS --fail --max-time "$TIMEOUT" -H 'Accept: application/json' \
            "$BASE_URL$HEALTH_PATH")"; then
        log "FAIL  API health endpoint unreachable"
        FAILS=$((FAILS + 1))
        return
    fi
    # The JSON body is piped to Python, which prints one line per component.
    printf '%s' "$body" | python3 -c '
import json, sys
try:
    data = json.load(sys.stdin)
except json.JSONDecodeError:
    print("FAIL  API returned non-JSON")
    sys.exit(1)
bad = 0
for name, info in sorted(data.get("components", {}).items()):
    status = info.get("status", "unknown") if isinstance(info, dict) else str(info)
    flag = "OK  " if status in ("ok", "up", "healthy") else "WARN"
    bad += flag != "OK  "
    print(f"{flag}  component {name}: {status}")
version = data.get("version", "?")
print(f"INFO  version {version}")
sys.exit(1 if bad else 0)
' | while IFS= read -r line; do log "$line"; done
    if (( PIPESTATUS[1] != 0 )); then
        FAILS=$((FAILS + 1))
    fi
}

main() {
    check_tools
    : >"$REPORT"
    log "health check of $BASE_URL (timeout ${TIMEOUT}s)"
    local p
    for p in "${PAGES[@]}"; do
        head_check "$p"
    done
    api_health
    if (( FAILS )); then
        log "RESULT: $FAILS problem(s) found"
        exit 1
    fi
    log "RESULT: all checks passed"
}

main
