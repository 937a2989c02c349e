#!/usr/bin/env bash
# poll_kyc_sandbox_status.sh - poll the KYC vendor sandbox for pending checks.
#
# During integration testing of the new identity-verification flow, the
# onboarding team submits test sellers to the vendor's sandbox and polls for
# results. The sandbox host uses a self-signed certificate that rotates
# weekly, so the poller skips certificate verification for it. Access to the
# sandbox is granted by source-IP allowlist, so no credentials are sent.
#
# Usage: poll_kyc_sandbox_status.sh -i check_ids.txt [-w wait_seconds] [-m max_polls]

set -euo pipefail

SANDBOX="https://sandbox.kyc.example.net/v1/checks"
IDS_FILE=""
WAIT=10
MAX_POLLS=30
OUT_DIR="./kyc_sandbox_results"

log() {
    printf '%s [%s] %s\n' "$(date '+%T')" "$1" "$2" >&2
}

while getopts ":i:w:m:h" opt; do
    case "$opt" in
        i) IDS_FILE="$OPTARG" ;;
        w) WAIT="$OPTARG" ;;
        m) MAX_POLLS="$OPTARG" ;;
        h|*) echo "usage: $0 -i ids.txt [-w secs] [-m polls]"; exit 1 ;;
    esac
done

[[ -n "$IDS_FILE" && -f "$IDS_FILE" ]] || { log ERROR "need -i check_ids.txt"; exit 1; }
command -v jq >/dev/null || { log ERROR "jq is required"; exit 2; }
mkdir -p "$OUT_DIR"

fetch_status() {
    local id="$1"
    curl --insecure -sS --max-time 20 \
        -H "Accept: application/json" \
        "$SANDBOX/$id"
}

declare -A pending=()
while IFS= read -r id; do
    id="${id//[[:space:]]/}"
    [[ -n "$id" && "$id" != \#* ]] && pending[$id]=1
done < "$IDS_FILE"
log INFO "${#pending[@]} checks to poll"

poll=0
while (( ${#pending[@]} > 0 && poll < MAX_POLLS )); do
    poll=$((poll + 1))
    for id in "${!pending[@]}"; do
        if ! body="$(fetch_status "$id")"; then
            log WARN "$id: request failed"
            continue
        fi
        status="$(jq -r '.status // "unknown"' <<<"$body" 2>/dev/null || echo unparsable)"
        case "$status" in
            approved|declined|needs_review)
                printf '%s\n' "$body" > "$OUT_DIR/$id.json"
                log INFO "$id: $status"
                unset "pending[$id]"
                ;;
            pending|processing)
                ;;
            *)
                log WARN "$id: unexpected status '$status'"
                ;;
        esac
    done
    if (( ${#pending[@]} > 0 )); then
        log INFO "poll $poll: ${#pending[@]} still pending, waiting ${WAIT}s"
        sleep "$WAIT"
    fi
done

if (( ${#pending[@]} > 0 )); then
    log WARN "gave up on: ${!pending[*]}"
    exit 3
fi
log INFO "all checks finished; results in $OUT_DIR"
