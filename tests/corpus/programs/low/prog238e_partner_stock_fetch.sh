#!/usr/bin/env bash
# partner_stock_fetch.sh - collect surplus listings from partner pantries.
#
# Partner pantries publish their surplus stock as JSON on their public
# listing pages. Each morning the warehouse coordinator runs this to pull
# every partner's listing (partners.txt in the working directory, one
# "code URL" pair per line) and build a combined surplus.csv for the
# transfer planning meeting.
set -euo pipefail

PARTNERS_FILE="${PARTNERS_FILE:-./partners.txt}"
OUT_DIR="${OUT_DIR:-./partner_stock}"
COMBINED="./surplus.csv"
LOG_FILE="./partner_fetch.log"
TIMEOUT=20
MIN_QTY=1

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >> "$LOG_FILE"; }

usage() {
    echo "Usage: $0 [-p partners_file] [-m min_qty] [-t timeout_seconds]"
}

while getopts ":p:m:t:h" opt; do
    case "$opt" in
        p) PARTNERS_FILE="$OPTARG" ;;
        m) MIN_QTY="$OPTARG" ;;
        t) TIMEOUT="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

command -v jq >/dev/null || { echo "jq is required" >&2; exit 1; }
[[ -f "$PARTNERS_FILE" ]] || { echo "missing $PARTNERS_FILE" >&2; exit 1; }
mkdir -p "$OUT_DIR"

fetch_partner() {
    local code="$1" url="$2" dest="$OUT_DIR/$1.json"
    if curl -fsS --max-time "$TIMEOUT" -H 'Accept: application/json' \
            "$url" -o "$dest.new"; then
        if jq -e '.items | type == "array"' "$dest.new" >/dev/null 2>&1; then
            mv "$dest.new" "$dest"
            log "$code: listing updated"
            return 0
        fi
        log "$code: response was not a listing"
    else
        log "$code: fetch failed"
    fi
    rm -f "$dest.new"
    return 1
}

combine() {
    local f code
    echo "partner,item,category,quantity,best_before" > "$COMBINED"
    for f in "$OUT_DIR"/*.json; do
        [[ -f "$f" ]] || continue
        code="$(basename "$f" .json)"
        jq -r --arg code "$code" --argjson min "$MIN_QTY" '
            .items[]
            | select(.quantity >= $min)
            | [$code, .name, (.category // "other"), .quantity, (.best_before // "")]
            | @csv' "$f" >> "$COMBINED"
    done
}

ok=0 failed=0
while read -r code url; do
    [[ -z "$code" || "$code" == \#* ]] && continue
    if fetch_partner "$code" "$url"; then
        ok=$((ok + 1))
    else
        failed=$((failed + 1))
    fi
done < "$PARTNERS_FILE"

combine
rows="$(($(wc -l < "$COMBINED") - 1))"
log "run finished: $ok ok, $failed failed, $rows surplus lines"
echo "Fetched $ok partner listings ($failed failed); $rows surplus lines in $COMBINED"
