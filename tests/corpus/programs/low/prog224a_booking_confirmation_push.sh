#!/usr/bin/env bash
# Push pending booking confirmations from the local outbox to the
# notification API, which emails/SMSes the passengers.
set -euo pipefail

API_URL="${CONFIRM_API_URL:-https://api.example.com/v2/confirmations}"
OUTBOX="${OUTBOX_DIR:-./outbox}"
SENT_DIR="$OUTBOX/sent"
FAILED_DIR="$OUTBOX/failed"
BATCH_SIZE="${BATCH_SIZE:-25}"
LOG="./confirmation_push.log"

log() { printf '%s %s\n' "$(date -u +%FT%TZ)" "$*" | tee -a "$LOG" >&2; }

if [[ -z "${BOOKING_API_KEY:-}" ]]; then
    log "BOOKING_API_KEY is not set"
    exit 1
fi

mkdir -p "$SENT_DIR" "$FAILED_DIR"

build_payload() {
    # Turn one outbox record into the API's request shape.
    REC_FILE="$1" CHANNEL="${DEFAULT_CHANNEL:-email}" python3 -c '
import json, os, sys
with open(os.environ["REC_FILE"]) as fh:
    rec = json.load(fh)
missing = [k for k in ("booking_ref", "sailing", "contact") if not rec.get(k)]
if missing:
    sys.exit("missing fields: " + ",".join(missing))
print(json.dumps({
    "booking_ref": rec["booking_ref"],
    "sailing": rec["sailing"],
    "channel": rec.get("channel") or os.environ["CHANNEL"],
    "recipient": rec["contact"],
    "template": "booking-confirmed-v3",
    "locale": rec.get("locale", "en"),
}))
'
}

post_one() {
    local payload="$1" code
    code=$(printf '%s' "$payload" | curl -sS --max-time 20 -o /dev/null -w '%{http_code}' \
        -X POST "$API_URL" \
        -H "Authorization: Bearer ${BOOKING_API_KEY}" \
        -H 'Content-Type: application/json' \
        --data-binary @- ) || code="000"
    echo "$code"
}

main() {
    local files=() f
    while IFS= read -r f; do files+=("$f"); done < <(find "$OUTBOX" -maxdepth 1 -name '*.json' | sort | head -n "$BATCH_SIZE")
    log "${#files[@]} confirmation(s) pending"
    local ok=0 fail=0 payload code
    for f in "${files[@]}"; do
        if ! payload=$(build_payload "$f" 2>&1); then
            log "invalid record $(basename "$f"): $payload"
            mv "$f" "$FAILED_DIR/"
            fail=$((fail + 1))
            continue
        fi
        code=$(post_one "$payload")
        case "$code" in
            200|201|202)
                mv "$f" "$SENT_DIR/"; ok=$((ok + 1)) ;;
            429|5*)
                log "retry later $(basename "$f") (http $code)"; fail=$((fail + 1)) ;;
            *)
                log "rejected $(basename "$f") (http $code)"
                mv "$f" "$FAILED_DIR/"; fail=$((fail + 1)) ;;
        esac
    done
    log "sent=$ok failed_or_deferred=$fail"
}

main "$@"
