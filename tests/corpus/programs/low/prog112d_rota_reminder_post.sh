#!/bin/sh
# rota_reminder_post.sh - send tomorrow's volunteer lock-keeper shift
# reminders through the trust's volunteer portal messaging API.
#
# Reads rota.csv (date,lock,shift,volunteer_id,name) from the current
# directory.  Needs ROTA_API_KEY; ROTA_API defaults to the live portal.
#
#   ./rota_reminder_post.sh [-n] [-d YYYY-MM-DD]
#     -n  dry run, print messages only
#     -d  rota day to remind for (default: tomorrow)

set -eu

ROTA_API="${ROTA_API:-https://volunteers.waterwaystrust.example/api/v1}"
ROTA_FILE="${ROTA_FILE:-rota.csv}"
LOG="notify.log"
DRY=0
DAY=""

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG" >&2; }

while getopts "nd:" opt; do
    case "$opt" in
        n) DRY=1 ;;
        d) DAY="$OPTARG" ;;
        *) echo "usage: $0 [-n] [-d YYYY-MM-DD]" >&2; exit 64 ;;
    esac
done

[ -n "$DAY" ] || DAY="$(date -d tomorrow +%F)"
[ -f "$ROTA_FILE" ] || { log "no $ROTA_FILE here"; exit 1; }
if [ "$DRY" -eq 0 ] && [ -z "${ROTA_API_KEY:-}" ]; then
    log "ROTA_API_KEY not set"; exit 2
fi

json_escape() {
    printf '%s' "$1" | sed -e 's/\\/\\\\/g' -e 's/"/\\"/g'
}

send_message() {
    vol_id="$1"; text="$2"
    body=$(printf '{"volunteer_id":"%s","channel":"sms","text":"%s"}' \
        "$(json_escape "$vol_id")" "$(json_escape "$text")")
    if [ "$DRY" -eq 1 ]; then
        echo "DRY: $body"
        return 0
    fi
    wget -q -O /dev/null --timeout=20 --tries=3 \
        --header="Content-Type: application/json" \
        --header="Authorization: Bearer $ROTA_API_KEY" \
        --post-data="$body" \
        "$ROTA_API/messages"
}

report_status() {
    sent="$1"; failed="$2"
    wget -q -O /dev/null --timeout=10 \
        --header="Content-Type: application/json" \
        --header="Authorization: Bearer $ROTA_API_KEY" \
        --post-data="{\"job\":\"rota-reminders\",\"day\":\"$DAY\",\"sent\":$sent,\"failed\":$failed}" \
        "$ROTA_API/jobs/status" || log "status endpoint unreachable"
}

sent=0
failed=0
# skip header, pick rows for DAY
tail -n +2 "$ROTA_FILE" | while IFS=, read -r r_date r_lock r_shift r_vol r_name; do
    [ "$r_date" = "$DAY" ] || continue
    msg="Hi $r_name, reminder: you're on $r_shift shift at $r_lock lock on $r_date. Reply STOP to swap."
    if send_message "$r_vol" "$msg"; then
        log "reminded $r_vol ($r_lock $r_shift)"
        echo ok >>.notify_counts
    else
        log "FAILED $r_vol ($r_lock $r_shift)"
        echo fail >>.notify_counts
    fi
done

if [ -f .notify_counts ]; then
    sent=$(grep -c '^ok' .notify_counts || true)
    failed=$(grep -c '^fail' .notify_counts || true)
    rm -f .notify_counts
fi
log "done for $DAY: $sent sent, $failed failed"

[ "$DRY" -eq 1 ] || report_status "$sent" "$failed"
