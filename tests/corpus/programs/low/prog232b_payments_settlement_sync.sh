#!/usr/bin/env bash
# payments_settlement_sync.sh
# Sends the day's cash-for-scrap payout totals (bank transfers only, no card
# or personal data) to the accounts team's settlement API. Builds the JSON
# with Python, writes a small posting script into ./build, runs it, and
# cleans up its own build files afterwards.
#
# Usage: payments_settlement_sync.sh [--date YYYY-MM-DD] [--export FILE] [--dry-run]

set -euo pipefail

API_URL="${SETTLEMENT_API_URL:-https://api.example.com/v1/settlements}"
EXPORT="./exports/payments.csv"
SYNC_DATE="$(date +%Y-%m-%d)"
BUILD_DIR="./build"
DRY_RUN=0
LOG="./settlement_sync.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --date) SYNC_DATE="$2"; shift 2 ;;
        --export) EXPORT="$2"; shift 2 ;;
        --dry-run) DRY_RUN=1; shift ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) log "unknown option $1"; exit 1 ;;
    esac
done

[[ -f "$EXPORT" ]] || { log "payments export $EXPORT missing"; exit 1; }
[[ -n "${SETTLEMENT_API_KEY:-}" ]] || { log "SETTLEMENT_API_KEY not set"; exit 1; }
mkdir -p "$BUILD_DIR"
PAYLOAD="$BUILD_DIR/settlement_$SYNC_DATE.json"

# Aggregate per payment method; only totals leave this machine.
EXPORT="$EXPORT" SYNC_DATE="$SYNC_DATE" python3 - > "$PAYLOAD" <<'PY'
import csv, json, os
from decimal import Decimal
date = os.environ["SYNC_DATE"]
totals, counts = {}, {}
with open(os.environ["EXPORT"], newline="", encoding="utf-8") as fh:
    for row in csv.DictReader(fh):
        if row.get("paid_on") != date or row.get("method") != "bank_transfer":
            continue
        batch = row.get("batch", "default")
        totals[batch] = totals.get(batch, Decimal("0")) + Decimal(row["amount"])
        counts[batch] = counts.get(batch, 0) + 1
print(json.dumps({
    "site": os.environ.get("WB_SITE_ID", "YARD-01"),
    "date": date,
    "batches": [{"batch": b, "count": counts[b], "total": str(totals[b])} for b in sorted(totals)],
}, indent=2))
PY
chmod 0600 "$PAYLOAD"

batches="$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["batches"]))' "$PAYLOAD")"
if [[ "$batches" -eq 0 ]]; then
    log "no bank-transfer payouts on $SYNC_DATE, nothing to send"
    rm -f "$PAYLOAD"
    exit 0
fi

# Write the posting step as its own script so accounts can rerun it by hand.
POSTER="$BUILD_DIR/post_settlement.sh"
cat > "$POSTER" <<'EOF'
#!/usr/bin/env bash
set -euo pipefail
curl -sS --fail --max-time 30 \
    -H "Content-Type: application/json" \
    -H "Authorization: Bearer $SETTLEMENT_API_KEY" \
    --data-binary "@$PAYLOAD" \
    "$API_URL"
EOF
chmod 0700 "$POSTER"

if (( DRY_RUN )); then
    log "dry run: would post $batches batch(es) for $SYNC_DATE to $API_URL"
    cat "$PAYLOAD"
    exit 0
fi

if response="$(PAYLOAD="$PAYLOAD" API_URL="$API_URL" SETTLEMENT_API_KEY="$SETTLEMENT_API_KEY" bash "$POSTER")"; then
    ref="$(printf '%s' "$response" | python3 -c 'import json,sys; print(json.load(sys.stdin).get("reference","?"))' 2>/dev/null || echo '?')"
    log "posted $batches batch(es) for $SYNC_DATE, reference $ref"
    rm -f "$PAYLOAD" "$POSTER"
    rmdir "$BUILD_DIR" 2>/dev/null || true
else
    log "posting failed; payload kept at $PAYLOAD"
    exit 2
fi
