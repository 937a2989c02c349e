#!/usr/bin/env bash
# Send legal-hold notices for a matter through the firm's matter-management API.
# Reads custodians from a CSV in the working directory and posts one JSON
# notice per custodian.  The API token is taken from the environment and is
# only sent to the matter API host.
set -euo pipefail

MATTER_API="${MATTER_API:-https://matters.example-firm.com/api/v2}"
CUSTODIANS_CSV="${1:-custodians.csv}"
MATTER_ID="${2:-}"
LOG_DIR="./hold_logs"
DRY_RUN="${DRY_RUN:-0}"

log() { printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$1" "$2" | tee -a "$LOG_DIR/dispatch.log" >&2; }

usage() {
    echo "usage: $0 custodians.csv MATTER-ID" >&2
    exit 64
}

require() {
    for bin in "$@"; do
        command -v "$bin" >/dev/null 2>&1 || { echo "missing $bin" >&2; exit 69; }
    done
}

build_payload() {
    local name="$1" email="$2" dept="$3"
    jq -n --arg m "$MATTER_ID" --arg n "$name" --arg e "$email" --arg d "$dept" \
        '{matter: $m, custodian: {name: $n, email: $e, department: $d},
          template: "standard-preservation-v3", acknowledge_within_days: 5}'
}

post_notice() {
    local payload="$1"
    curl --silent --show-error --fail --max-time 30 \
        -H "Authorization: Bearer ${MATTER_API_TOKEN}" \
        -H "Content-Type: application/json" \
        --data-binary "$payload" \
        "${MATTER_API}/matters/${MATTER_ID}/holds"
}

main() {
    [[ -n "$MATTER_ID" && -f "$CUSTODIANS_CSV" ]] || usage
    : "${MATTER_API_TOKEN:?MATTER_API_TOKEN must be set}"
    require curl jq
    mkdir -p "$LOG_DIR"

    local sent=0 failed=0
    while IFS=, read -r name email dept; do
        [[ "$name" == "name" || -z "$email" ]] && continue
        payload="$(build_payload "$name" "$email" "$dept")"
        if [[ "$DRY_RUN" == "1" ]]; then
            log INFO "dry-run: would notify $email"
            continue
        fi
        if response="$(post_notice "$payload")"; then
            hold_id="$(jq -r '.hold_id // "?"' <<<"$response")"
            log INFO "notified $email (hold $hold_id)"
            sent=$((sent + 1))
        else
            log WARN "failed for $email"
            failed=$((failed + 1))
        fi
        sleep 1
    done < "$CUSTODIANS_CSV"

    log INFO "matter $MATTER_ID: $sent sent, $failed failed"
    [[ "$failed" -eq 0 ]]
}

main "$@"
