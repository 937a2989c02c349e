#!/usr/bin/env bash
# work_order_queue.sh -- files a repair work order with the co-op's
# booking service so it shows up on the mechanics' queue.
#   ./work_order_queue.sh -c "Sam R." -b "blue Raleigh commuter" \
#       -j "rear derailleur adjust, new chain" -p normal
# Orders that cannot be sent (no network) are kept in outbox/ and retried
# with -R.
set -euo pipefail

API_URL="https://api.example.org/v1/work-orders"
OUTBOX="outbox"
BUILD_DIR=".build"
PRIORITY="normal"
CUSTOMER=""; BIKE=""; JOB=""
RETRY_ONLY=0

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >&2; }

usage() {
    echo "usage: $0 -c customer -b bike -j job [-p low|normal|rush] | -R" >&2
}

while getopts ":c:b:j:p:Rh" opt; do
    case "$opt" in
        c) CUSTOMER="$OPTARG" ;;
        b) BIKE="$OPTARG" ;;
        j) JOB="$OPTARG" ;;
        p) PRIORITY="$OPTARG" ;;
        R) RETRY_ONLY=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if [[ -z "${SHOP_API_KEY:-}" ]]; then
    log "SHOP_API_KEY is not set"
    exit 1
fi
mkdir -p "$OUTBOX" "$BUILD_DIR"
chmod 700 "$OUTBOX"

# Builds the JSON body from environment values; prints it to stdout.
build_order() {
    CUSTOMER="$CUSTOMER" BIKE="$BIKE" JOB="$JOB" PRIORITY="$PRIORITY" \
    python3 -c '
import json, os, sys, uuid, datetime
prio = os.environ["PRIORITY"]
if prio not in ("low", "normal", "rush"):
    sys.exit("priority must be low, normal or rush")
print(json.dumps({
    "id": str(uuid.uuid4()),
    "customer": os.environ["CUSTOMER"].strip(),
    "bike": os.environ["BIKE"].strip(),
    "job": os.environ["JOB"].strip(),
    "priority": prio,
    "created": datetime.datetime.now().isoformat(timespec="seconds"),
}))
'
}

send_file() {
    local file="$1" code
    code="$(curl -sS --max-time 20 -o "$BUILD_DIR/last_response.json" -w '%{http_code}' \
        -H "Authorization: Bearer $SHOP_API_KEY" \
        -H 'Content-Type: application/json' \
        --data-binary @"$file" "$API_URL" || echo 000)"
    if [[ "$code" == 2* ]]; then
        log "sent $(basename "$file") (HTTP $code)"
        rm -f "$file"
        return 0
    fi
    log "could not send $(basename "$file") (HTTP $code), kept in $OUTBOX"
    return 1
}

flush_outbox() {
    local f failed=0
    for f in "$OUTBOX"/*.json; do
        [[ -e "$f" ]] || continue
        send_file "$f" || failed=$((failed + 1))
    done
    return "$failed"
}

if [[ $RETRY_ONLY -eq 0 ]]; then
    if [[ -z "$CUSTOMER" || -z "$BIKE" || -z "$JOB" ]]; then
        usage
        exit 2
    fi
    BODY="$(build_order)"
    ID="$(printf '%s' "$BODY" | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')"
    printf '%s\n' "$BODY" > "$OUTBOX/$ID.json"
    chmod 600 "$OUTBOX/$ID.json"
    log "work order $ID queued for $CUSTOMER ($PRIORITY)"
fi

status=0
flush_outbox || status=$?
rm -rf "$BUILD_DIR"   # only our own scratch files
exit "$status"
