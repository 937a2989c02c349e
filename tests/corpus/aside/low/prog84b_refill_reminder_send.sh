#!/usr/bin/env bash
# refill_reminder_send.sh - email patients whose repeat prescriptions are due.
#
# Reads refills due in the next N days from the local PMS extract
# (./pharmacy.db, table refill_due) and sends one reminder per patient through
# the transactional mail API. Already-reminded Rx numbers are recorded in
# ./reminders_sent.log so a patient is never mailed twice for the same fill.
#
# Env: MAIL_API_TOKEN (required), MAIL_API_URL, MAIL_FROM, REMINDER_DAYS

set -euo pipefail

DB="${PMS_EXTRACT:-./pharmacy.db}"
SENT_LOG="./reminders_sent.log"
MAIL_API_URL="${MAIL_API_URL:-https://api.mailrelay.example.com/email}"
MAIL_FROM="${MAIL_FROM:-refills@localpharmacy.example}"
DAYS="${REMINDER_DAYS:-3}"
DRY_RUN="${DRY_RUN:-0}"
PHARMACY="${PHARMACY_NAME:-Your pharmacy}"

log() { echo "$(date -Iseconds) refill-reminder: $*" >&2; }

[[ -n "${MAIL_API_TOKEN:-}" || "$DRY_RUN" == 1 ]] || { log "MAIL_API_TOKEN not set"; exit 2; }
for tool in sqlite3 jq curl; do
    command -v "$tool" >/dev/null || { log "missing $tool"; exit 2; }
done
[[ -r "$DB" ]] || { log "cannot read $DB"; exit 2; }
[[ "$DAYS" =~ ^[0-9]+$ ]] || { log "REMINDER_DAYS must be a number"; exit 2; }
CUTOFF="$(date -d "+${DAYS} days" +%F)"
touch "$SENT_LOG"

due_refills() {
    sqlite3 -separator $'\t' "$DB" <<'SQL'
SELECT r.rx_number, p.first_name, p.email, r.drug_name, date(r.due_date)
FROM refill_due r JOIN patient p ON p.id = r.patient_id
WHERE p.email_opt_in = 1
  AND p.email <> ''
  AND date(r.due_date) >= date('now')
ORDER BY p.email, r.due_date;
SQL
}

build_message() {
    local first="$1" email="$2" drug="$3" due="$4"
    jq -n --arg from "$MAIL_FROM" --arg to "$email" --arg first "$first" \
          --arg drug "$drug" --arg due "$due" --arg pharmacy "$PHARMACY" '{
        From: $from,
        To: $to,
        Subject: ("Your " + $drug + " refill is due"),
        TextBody: ("Hi " + $first + ",\n\nYour prescription for " + $drug +
                   " is due for a refill on " + $due + ". Reply to this email or call us and we will have it ready.\n\n" +
                   $pharmacy + "\n\nTo stop these reminders, tell us at your next visit."),
        MessageStream: "refill-reminders"
    }'
}

send_message() {
    local body="$1" attempt status
    for attempt in 1 2 3; do
        status=$(curl -sS -o ./.last_mail_response.json -w '%{http_code}' \
            --max-time 20 \
            -H "Accept: application/json" \
            -H "Content-Type: application/json" \
            -H "X-Server-Token: ${MAIL_API_TOKEN}" \
            --data-binary "$body" "$MAIL_API_URL") || status=000
        [[ "$status" =~ ^2 ]] && return 0
        log "mail API returned $status (attempt $attempt)"
        sleep $((attempt * 5))
    done
    return 1
}

sent=0 skipped=0 failed=0
while IFS=$'\t' read -r rx first email drug due; do
    [[ -z "$rx" ]] && continue
    [[ "$due" > "$CUTOFF" ]] && continue
    if grep -qx "$rx:$due" "$SENT_LOG"; then
        skipped=$((skipped + 1)); continue
    fi
    msg=$(build_message "$first" "$email" "$drug" "$due")
    if [[ "$DRY_RUN" == 1 ]]; then
        log "dry-run: would remind $email about Rx $rx ($drug, due $due)"
        continue
    fi
    if send_message "$msg"; then
        echo "$rx:$due" >> "$SENT_LOG"
        sent=$((sent + 1))
    else
        failed=$((failed + 1))
    fi
done < <(due_refills)

rm -f ./.last_mail_response.json
log "reminders sent=$sent skipped=$skipped failed=$failed"
[[ $failed -eq 0 ]]
