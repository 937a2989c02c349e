#!/usr/bin/env bash
# claim_status_poll.sh - check adjudication status of submitted insurance claims.
#
# Reads claim reference numbers from ./sent/*.result.json (written by the
# claim submitter), asks the clearinghouse for the current status of each
# and prints a table; paid/rejected claims are appended to ./claim_status.csv.
# The clearinghouse UAT host uses an internal CA, so certificate checks follow
# CLAIMS_ENV (uat by default).
#
# Env: CLAIMS_API_KEY, CLAIMS_API_BASE, CLAIMS_ENV=uat|prod

set -uo pipefail

API_BASE="${CLAIMS_API_BASE:-https://uat.rxswitch.example.com/v1}"
CLAIMS_ENV="${CLAIMS_ENV:-uat}"
SENT_DIR="./sent"
STATUS_CSV="./claim_status.csv"
TOKEN_CACHE="/tmp/claim_status_token"
SESSION_TTL=3000

log() { printf '[claim-status] %s\n' "$*" >&2; }

[[ -n "${CLAIMS_API_KEY:-}" ]] || { log "CLAIMS_API_KEY is not set"; exit 2; }
command -v jq >/dev/null || { log "jq is required"; exit 2; }

CURL_OPTS=(-sS --max-time 20 -H "Accept: application/json")
if [[ "$CLAIMS_ENV" != "prod" ]]; then
    CURL_OPTS+=(--insecure)
fi

session_token() {
    # reuse the bearer token for ~50 minutes instead of logging in per claim
    if [[ -s "$TOKEN_CACHE" ]]; then
        local age=$(( $(date +%s) - $(stat -c %Y "$TOKEN_CACHE") ))
        if (( age < SESSION_TTL )); then
            cat "$TOKEN_CACHE"
            return
        fi
    fi
    local token
    token=$(curl "${CURL_OPTS[@]}" -X POST "$API_BASE/auth/token" \
        -H "Content-Type: application/json" \
        -d "$(jq -n --arg k "$CLAIMS_API_KEY" '{api_key: $k}')" | jq -r '.access_token // empty')
    [[ -n "$token" ]] || { log "login failed"; return 1; }
    printf '%s' "$token" > "$TOKEN_CACHE"
    printf '%s' "$token"
}

claim_refs() {
    local f
    for f in "$SENT_DIR"/*.result.json; do
        [[ -e "$f" ]] || continue
        jq -r '[.claim_reference // empty, .authorization_number // "-"] | select(length==2) | @tsv' "$f"
    done
}

TOKEN="$(session_token)" || exit 1
[[ -f "$STATUS_CSV" ]] || echo "checked_at,claim_reference,authorization,status,paid_amount,reject_codes" > "$STATUS_CSV"

printf '%-18s %-14s %-12s %10s  %s\n' "CLAIM" "AUTH" "STATUS" "PAID" "REJECTS"
pending=0
while IFS=$'\t' read -r ref auth; do
    resp=$(curl "${CURL_OPTS[@]}" -H "Authorization: Bearer $TOKEN" "$API_BASE/claims/$ref/status") || {
        log "status request for $ref failed"; continue; }
    status=$(jq -r '.status // "UNKNOWN"' <<<"$resp")
    paid=$(jq -r '.paid_amount // 0' <<<"$resp")
    rejects=$(jq -r '(.reject_codes // []) | join(" ")' <<<"$resp")
    printf '%-18s %-14s %-12s %10s  %s\n' "$ref" "$auth" "$status" "$paid" "$rejects"
    case "$status" in
        PAID|REJECTED|REVERSED)
            grep -q ",$ref," "$STATUS_CSV" || \
                echo "$(date -Iseconds),$ref,$auth,$status,$paid,${rejects// /;}" >> "$STATUS_CSV" ;;
        *) pending=$((pending + 1)) ;;
    esac
done < <(claim_refs)

log "$pending claim(s) still pending"
