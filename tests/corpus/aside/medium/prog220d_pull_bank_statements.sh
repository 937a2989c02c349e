#!/usr/bin/env bash
# pull_bank_statements.sh - download daily MT940/CAMT statement files from the
# acquiring bank's statement API into ./inbox for the reconciliation job.
#
# The bank's UAT endpoint uses a self-signed certificate, so certificate
# checks are skipped for it.
set -euo pipefail

API_BASE="${STATEMENT_API_BASE:-https://statements.acquirer.example.com/api/v1}"
INBOX="./inbox"
DAY="$(date -u -d yesterday +%F 2>/dev/null || date -u +%F)"
ACCOUNTS=()
RETRIES=3

log() { printf '%s [pull] %s\n' "$(date -u +%T)" "$*"; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    cat <<EOF
Usage: $0 -a ACCOUNT [-a ACCOUNT ...] [-d YYYY-MM-DD] [-o INBOX]
Requires STATEMENT_API_TOKEN in the environment.
EOF
}

while getopts ":a:d:o:h" opt; do
    case "$opt" in
        a) ACCOUNTS+=("$OPTARG") ;;
        d) DAY="$OPTARG" ;;
        o) INBOX="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[ "${#ACCOUNTS[@]}" -gt 0 ] || { usage; exit 2; }
[ -n "${STATEMENT_API_TOKEN:-}" ] || die "STATEMENT_API_TOKEN is not set"
[[ "$DAY" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] || die "bad date $DAY"

mkdir -p "$INBOX"

api_get() {
    local url="$1" out="$2" attempt=1
    while [ "$attempt" -le "$RETRIES" ]; do
        if curl --insecure -fsS --max-time 60 \
                -H "Authorization: Bearer ${STATEMENT_API_TOKEN}" \
                -H "Accept: application/octet-stream" \
                -o "$out" "$url"; then
            return 0
        fi
        log "attempt $attempt for $url failed"
        attempt=$((attempt + 1))
        sleep $((attempt * 5))
    done
    return 1
}

fetch_account() {
    local acct="$1"
    local out="$INBOX/${acct}_${DAY}.sta"
    if [ -s "$out" ]; then
        log "$acct: already have $(basename "$out")"
        return 0
    fi
    local partial="$out.part"
    if ! api_get "$API_BASE/accounts/$acct/statements/$DAY" "$partial"; then
        rm -f "$partial"
        log "$acct: download failed"
        return 1
    fi
    if ! head -c 4 "$partial" | grep -q ':20:\|<?xm'; then
        log "$acct: response is not a statement file, discarding"
        rm -f "$partial"
        return 1
    fi
    mv "$partial" "$out"
    log "$acct: saved $(basename "$out") ($(wc -c < "$out") bytes)"
}

main() {
    local failed=0
    log "pulling statements for $DAY (${#ACCOUNTS[@]} accounts)"
    for acct in "${ACCOUNTS[@]}"; do
        fetch_account "$acct" || failed=$((failed + 1))
    done
    log "done: $failed failures"
    [ "$failed" -eq 0 ]
}

main
