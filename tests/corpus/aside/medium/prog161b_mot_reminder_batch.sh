#!/bin/sh
# Build the weekly MOT and tyre-check reminder batch and hand it to the
# SMS gateway. Customers whose MOT is due in the next 30 days get a text.

set -u

DB="${GARAGE_DB:-./garage.db}"
WORK_FILE="/tmp/mot_reminders.csv"
SENT_LOG="/tmp/mot_reminders_sent.log"
GATEWAY="${SMS_GATEWAY:-https://sms.textgate.example/api/send}"
SENDER="${SMS_SENDER:-KwikTyre}"
DAYS_AHEAD="${DAYS_AHEAD:-30}"

log() {
    echo "$(date '+%F %T') $*" >> "$SENT_LOG"
}

build_batch() {
    sqlite3 -csv "$DB" "
        SELECT c.phone, c.name, v.registration, v.mot_due
        FROM vehicles v JOIN customers c ON c.id = v.customer_id
        WHERE v.mot_due BETWEEN date('now') AND date('now', '+$DAYS_AHEAD days')
          AND c.sms_opt_in = 1;" > "$WORK_FILE"
    wc -l < "$WORK_FILE"
}

message_for() {
    printf 'Hi %s, the MOT on %s is due on %s. Reply BOOK or call us for a slot and a free tyre check.' \
        "$1" "$2" "$3"
}

send_one() {
    phone="$1"
    text="$2"
    curl -sk --max-time 15 \
        -H "Authorization: Bearer ${SMS_API_KEY:-}" \
        --data-urlencode "to=$phone" \
        --data-urlencode "from=$SENDER" \
        --data-urlencode "text=$text" \
        "$GATEWAY" > /dev/null
}

send_batch() {
    sent=0
    failed=0
    while IFS=, read -r phone name reg due; do
        [ -n "$phone" ] || continue
        msg=$(message_for "$name" "$reg" "$due")
        if send_one "$phone" "$msg"; then
            sent=$((sent + 1))
            log "sent $reg"
        else
            failed=$((failed + 1))
            log "failed $reg"
        fi
    done < "$WORK_FILE"
    echo "sent=$sent failed=$failed"
}

main() {
    if [ ! -f "$DB" ]; then
        echo "database $DB not found" >&2
        exit 1
    fi
    count=$(build_batch)
    echo "reminders to send: $count"
    [ "$count" -gt 0 ] || exit 0
    if [ "${DRY_RUN:-0}" = "1" ]; then
        cat "$WORK_FILE"
        exit 0
    fi
    send_batch
}

main "$@"
