#!/usr/bin/env bash
# notify_crew_changes.sh - read today's roster change list and post one
# notification per affected crew member to the crew notification API.
# The API key is taken from CREW_NOTIFY_API_KEY and sent only to that API.
set -euo pipefail

NOTIFY_API="${NOTIFY_API:-https://api.example.org/v1/crew-notifications}"
CHANGES="${1:-roster_changes.csv}"
SENT_LOG="./notify_sent.log"
DRY_RUN="${DRY_RUN:-0}"

log() { echo "$(date '+%F %T') notify: $*" >&2; }

if [ -z "${CREW_NOTIFY_API_KEY:-}" ]; then
    log "CREW_NOTIFY_API_KEY is not set"
    exit 2
fi
[ -f "$CHANGES" ] || { log "change list $CHANGES not found"; exit 1; }

build_payloads() {
    # one compact JSON object per line, grouped by crew member
    CHANGES_FILE="$CHANGES" python3 - <<'PY'
import csv, json, os, sys
from collections import defaultdict

grouped = defaultdict(list)
with open(os.environ["CHANGES_FILE"], newline="") as fh:
    for row in csv.DictReader(fh):
        crew = (row.get("crew_id") or "").strip()
        if not crew:
            continue
        grouped[crew].append({
            "date": row.get("date"),
            "old": row.get("old_pairing") or None,
            "new": row.get("new_pairing") or None,
            "reason": row.get("reason", "operational"),
        })
for crew, changes in sorted(grouped.items()):
    body = {
        "crew_id": crew,
        "channel": "app",
        "template": "roster_change",
        "changes": changes,
    }
    print(json.dumps(body, separators=(",", ":")))
PY
}

already_sent() {
    local digest="$1"
    [ -f "$SENT_LOG" ] && grep -q "^$digest " "$SENT_LOG"
}

post_one() {
    local payload="$1"
    curl -fsS --max-time 15 -X POST "$NOTIFY_API" \
        -H "Authorization: Bearer ${CREW_NOTIFY_API_KEY}" \
        -H 'Content-Type: application/json' \
        --data-binary "$payload" -o /dev/null -w '%{http_code}'
}

main() {
    local sent=0 skipped=0 failed=0
    touch "$SENT_LOG"
    chmod 600 "$SENT_LOG"
    while read -r payload; do
        [ -n "$payload" ] || continue
        local digest crew
        digest="$(printf '%s' "$payload" | sha256sum | cut -c1-16)"
        crew="$(printf '%s' "$payload" | python3 -c 'import json,sys; print(json.load(sys.stdin)["crew_id"])')"
        if already_sent "$digest"; then
            skipped=$((skipped + 1))
            continue
        fi
        if [ "$DRY_RUN" = "1" ]; then
            log "would notify $crew"
            continue
        fi
        if code="$(post_one "$payload")"; then
            echo "$digest $crew $(date +%FT%T) $code" >> "$SENT_LOG"
            sent=$((sent + 1))
        else
            log "notification for $crew failed"
            failed=$((failed + 1))
        fi
    done < <(build_payloads)
    log "sent $sent, skipped $skipped (already sent), failed $failed"
    [ "$failed" -eq 0 ]
}

main
