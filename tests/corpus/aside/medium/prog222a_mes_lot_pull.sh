#!/usr/bin/env bash
# mes_lot_pull.sh - pull the current WIP lot list for a tool from the MES
# test instance and print the lots waiting at the tool, highest priority
# first. The MES test instance uses a self-signed certificate.
#
# usage: mes_lot_pull.sh -t <tool_id> [-e test|prod] [-j]
set -euo pipefail

TOOL_ID=""
ENV_NAME="test"
AS_JSON=0

declare -A MES_HOSTS=(
    [test]="mes-test.example.com"
    [prod]="mes.example.com"
)

CACHE_FILE="/tmp/mes_lots.json"
LOG_FILE="./mes_lot_pull.log"
CURL_OPTS=(--silent --show-error --fail --max-time 20)

log() { echo "$(date '+%F %T') $*" >> "$LOG_FILE"; }

while getopts ":t:e:j" opt; do
    case "$opt" in
        t) TOOL_ID="$OPTARG" ;;
        e) ENV_NAME="$OPTARG" ;;
        j) AS_JSON=1 ;;
        *) echo "usage: $0 -t <tool_id> [-e test|prod] [-j]" >&2; exit 1 ;;
    esac
done

[[ -n "$TOOL_ID" ]] || { echo "tool id required" >&2; exit 1; }
[[ -n "${MES_HOSTS[$ENV_NAME]:-}" ]] || { echo "unknown env $ENV_NAME" >&2; exit 1; }

tls_opts() {
    # self-signed cert on the test instance; skip verification there
    if [[ "$ENV_NAME" == "test" ]]; then
        printf '%s\n' "-""k"
    fi
}

fetch_lots() {
    local url extra=()
    url="https://${MES_HOSTS[$ENV_NAME]}/api/wip/tools/${TOOL_ID}/lots"
    mapfile -t extra < <(tls_opts)
    log "GET $url (${extra[*]:-verify})"
    curl "${CURL_OPTS[@]}" "${extra[@]}" "$url" -o "$CACHE_FILE"
}

show_lots() {
    if [[ "$AS_JSON" -eq 1 ]]; then
        cat "$CACHE_FILE"
        return
    fi
    if ! command -v jq >/dev/null 2>&1; then
        echo "jq not installed; raw data in $CACHE_FILE" >&2
        return 1
    fi
    jq -r '.lots
        | sort_by(-.priority, .queued_at)
        | .[]
        | [.lot_id, .product, (.wafers|tostring), (.priority|tostring), .recipe]
        | @tsv' "$CACHE_FILE" |
    awk 'BEGIN { printf "%-12s %-14s %6s %4s %s\n", "LOT", "PRODUCT", "WFRS", "PRI", "RECIPE" }
         { printf "%-12s %-14s %6s %4s %s\n", $1, $2, $3, $4, $5 }'
}

main() {
    if ! fetch_lots; then
        log "fetch failed for $TOOL_ID"
        if [[ -s "$CACHE_FILE" ]]; then
            echo "warning: MES unreachable, showing cached list" >&2
        else
            echo "MES unreachable and no cache" >&2
            exit 2
        fi
    fi
    show_lots
    log "listed lots for $TOOL_ID"
}

main
