#!/usr/bin/env bash
# invoice_reminder_send.sh - chase overdue plastering/tiling invoices
#
# Reads invoices.csv (invoice_no,client,email,amount,due_date,status) and
# sends a polite reminder through the mail relay API for anything unpaid and
# more than GRACE_DAYS past due. Keeps a sent log so nobody gets chased
# twice in the same week.
#
#   MAILRELAY_KEY=... ./invoice_reminder_send.sh [invoices.csv]

set -euo pipefail

INVOICES="${1:-invoices.csv}"
GRACE_DAYS="${GRACE_DAYS:-7}"
RELAY_URL="${RELAY_URL:-https://mail.tradesrelay.co.uk/api/send}"
FROM_ADDR="${FROM_ADDR:-accounts@harrisonplastering.co.uk}"
SENT_LOG="${SENT_LOG:-reminders_sent.log}"
WORK="/tmp/invoice_reminders"

log() { printf '%s [reminders] %s\n' "$(date '+%F %T')" "$*" >&2; }

die() { log "ERROR: $*"; exit 1; }

days_overdue() {
    local due="$1" now_s due_s
    now_s=$(date +%s)
    due_s=$(date -d "$due" +%s 2>/dev/null) || { echo -1; return; }
    echo $(( (now_s - due_s) / 86400 ))
}

already_sent_this_week() {
    local inv="$1" week
    week=$(date +%G-W%V)
    grep -q "^${week} ${inv}\$" "$SENT_LOG" 2>/dev/null
}

render_body() {
    local client="$1" inv="$2" amount="$3" due="$4" late="$5"
    cat > "$WORK/body.txt" <<EOF
Dear ${client},

Our records show invoice ${inv} for £${amount}, due on ${due}, is now
${late} days overdue. If you have already paid, please ignore this note.

Bank: Harrison Plastering & Tiling Ltd, sort code 20-45-77, acc 43198812
Reference: ${inv}

Many thanks,
Accounts
EOF
}

send_reminder() {
    local email="$1" inv="$2"
    python3 - "$FROM_ADDR" "$email" "Reminder: invoice $inv" "$WORK/body.txt" > "$WORK/payload.json" <<'PY'
import json, sys
frm, to, subj, body = sys.argv[1:5]
print(json.dumps({"from": frm, "to": to, "subject": subj, "text": open(body).read()}))
PY
    curl -sS -k --max-time 30 -X POST "$RELAY_URL" \
        -H "Authorization: Bearer ${MAILRELAY_KEY}" \
        -H "Content-Type: application/json" \
        --data @"$WORK/payload.json" -o "$WORK/resp.json" -w '%{http_code}'
}

main() {
    [[ -f "$INVOICES" ]] || die "no invoices file: $INVOICES"
    [[ -n "${MAILRELAY_KEY:-}" ]] || die "MAILRELAY_KEY not set"
    mkdir -p "$WORK"

    local sent=0 skipped=0
    while IFS=, read -r inv client email amount due status; do
        [[ "$inv" == "invoice_no" || -z "$inv" ]] && continue
        [[ "${status,,}" == "paid" ]] && continue
        local late
        late=$(days_overdue "$due")
        if (( late < GRACE_DAYS )); then
            continue
        fi
        if already_sent_this_week "$inv"; then
            skipped=$((skipped + 1))
            continue
        fi
        render_body "$client" "$inv" "$amount" "$due" "$late"
        code=$(send_reminder "$email" "$inv") || code=000
        if [[ "$code" == 2* ]]; then
            echo "$(date +%G-W%V) $inv" >> "$SENT_LOG"
            log "sent $inv to $email ($late days late)"
            sent=$((sent + 1))
        else
            log "relay returned $code for $inv"
        fi
    done < "$INVOICES"

    log "done: $sent sent, $skipped already chased this week"
}

main "$@"
