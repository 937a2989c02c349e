#!/usr/bin/env bash
# rent_reminders.sh - email plot rent reminders for Elmfield Allotment Society
#
# Reads the rent ledger exported from the society spreadsheet (rent_ledger.csv:
# plot,name,email,amount_due,due_date,paid) and sends one reminder per unpaid
# plot through the Postmark API.  Reminders already sent this season are
# recorded in sent_reminders.log so re-running the script is harmless.
#
# Needs: curl, jq.  Env: POSTMARK_TOKEN, optionally RENT_FROM, RENT_DAYS_AHEAD.

set -uo pipefail

LEDGER="${1:-rent_ledger.csv}"
FROM="${RENT_FROM:-treasurer@elmfield-allotments.org.uk}"
DAYS_AHEAD="${RENT_DAYS_AHEAD:-14}"
API="https://api.postmarkapp.com/email"
SENT_LOG="sent_reminders.log"
WORK=".rent_cache"
DRY_RUN="${DRY_RUN:-0}"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a rent_run.log; }

for tool in curl jq; do
    command -v "$tool" >/dev/null || { log "missing $tool"; exit 1; }
done
[ -r "$LEDGER" ] || { log "cannot read $LEDGER"; exit 1; }
[ -n "${POSTMARK_TOKEN:-}" ] || [ "$DRY_RUN" = 1 ] || { log "POSTMARK_TOKEN not set"; exit 1; }

mkdir -p "$WORK"
touch "$SENT_LOG"

cleanup() {
    rm -rf "$WORK"
}
trap cleanup EXIT

season=$(date +%Y)
cutoff=$(date -d "+${DAYS_AHEAD} days" +%s)

build_body() {
    local plot="$1" name="$2" amount="$3" due="$4"
    cat <<EOF
Dear ${name},

This is a friendly reminder that the rent for plot ${plot} (£${amount}) is due
on ${due}. You can pay by bank transfer (reference: PLOT-${plot}) or in cash
at the Saturday trading hut.

If you have already paid, thank you, and please ignore this message.

Elmfield Allotment Society
EOF
}

send_one() {
    local plot="$1" name="$2" email="$3" amount="$4" due="$5"
    local payload="$WORK/${plot}.json"
    jq -n --arg from "$FROM" --arg to "$email" \
          --arg subject "Plot ${plot} rent due ${due}" \
          --arg body "$(build_body "$plot" "$name" "$amount" "$due")" \
          '{From: $from, To: $to, Subject: $subject, TextBody: $body, MessageStream: "outbound"}' \
          > "$payload"
    if [ "$DRY_RUN" = 1 ]; then
        log "dry run: would email $email about plot $plot"
        return 0
    fi
    local code
    code=$(curl -sS -o "$WORK/${plot}.resp" -w '%{http_code}' --max-time 20 \
        -H "Accept: application/json" -H "Content-Type: application/json" \
        -H "X-Postmark-Server-Token: ${POSTMARK_TOKEN}" \
        --data @"$payload" "$API")
    if [ "$code" = 200 ]; then
        echo "${season},${plot},${email},$(date +%F)" >> "$SENT_LOG"
        log "sent reminder for plot $plot"
    else
        log "plot $plot failed (HTTP $code): $(jq -r '.Message // empty' "$WORK/${plot}.resp" 2>/dev/null)"
        return 1
    fi
}

sent=0; failed=0; skipped=0
while IFS=, read -r plot name email amount due paid; do
    [ "$plot" = "plot" ] && continue
    [ -z "$email" ] && { skipped=$((skipped + 1)); continue; }
    case "${paid,,}" in y|yes|1|true) continue ;; esac
    due_s=$(date -d "$due" +%s 2>/dev/null) || { log "bad due date for plot $plot"; continue; }
    [ "$due_s" -gt "$cutoff" ] && continue
    if grep -q "^${season},${plot}," "$SENT_LOG"; then
        skipped=$((skipped + 1)); continue
    fi
    if send_one "$plot" "$name" "$email" "$amount" "$due"; then
        sent=$((sent + 1))
    else
        failed=$((failed + 1))
    fi
    sleep 1
done < "$LEDGER"

log "done: $sent sent, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
