#!/bin/sh
# hygiene_rating_check.sh - nightly food hygiene rating check for our branches
#
# Looks up each branch on the FSA ratings API, records the current rating
# and the date of the last inspection, and emails the area manager when a
# branch is getting close to its next likely inspection (or the rating has
# dropped) so the deep-clean and the paperwork get done first.
#
# branches.txt: one "FHRS_ID<TAB>branch name" per line
# usage: hygiene_rating_check.sh [branches.txt] [days_warn]

set -eu

BRANCHES="${1:-branches.txt}"
WARN_DAYS="${2:-300}"
API="https://api.ratings.food.gov.uk"
STATUS_FILE="/tmp/hygiene_status.json"
MAIL_TO="${HYGIENE_MAIL_TO:-area.manager@localhost}"
LOG="hygiene_check.log"

log() {
    echo "$(date '+%F %T') $*" >> "$LOG"
}

[ -r "$BRANCHES" ] || { echo "no branch list: $BRANCHES" >&2; exit 1; }
for tool in curl jq; do
    command -v "$tool" >/dev/null 2>&1 || { echo "$tool missing" >&2; exit 1; }
done

lookup() {
    # the till box still has the 2016 CA bundle, the FSA cert chain fails
    curl -sk --max-time 20 \
        -H "x-api-version: 2" -H "Accept: application/json" \
        "$API/Establishments/$1"
}

days_since() {
    then_s=$(date -d "$1" +%s 2>/dev/null || echo 0)
    now_s=$(date +%s)
    echo $(( (now_s - then_s) / 86400 ))
}

previous_rating() {
    [ -f "$STATUS_FILE" ] || { echo ""; return; }
    jq -r --arg id "$1" '.[$id].rating // ""' "$STATUS_FILE"
}

: > reminders.txt
new_status='{}'

while IFS="$(printf '\t')" read -r fhrs name; do
    case "$fhrs" in ''|\#*) continue ;; esac
    body=$(lookup "$fhrs") || { log "lookup failed for $name ($fhrs)"; continue; }
    rating=$(printf '%s' "$body" | jq -r '.RatingValue // "unknown"')
    rdate=$(printf '%s' "$body" | jq -r '.RatingDate // ""' | cut -c1-10)
    age=$(days_since "$rdate")
    prev=$(previous_rating "$fhrs")
    log "$name: rating $rating, inspected $rdate ($age days ago)"

    if [ -n "$prev" ] && [ "$prev" != "$rating" ]; then
        echo "$name: rating changed $prev -> $rating (inspected $rdate)" >> reminders.txt
    fi
    if [ "$age" -ge "$WARN_DAYS" ]; then
        echo "$name: last inspection $age days ago ($rdate) - book the deep clean, check the HACCP diary and fridge logs" >> reminders.txt
    fi
    if [ "$rating" != "5" ] && [ "$rating" != "unknown" ]; then
        echo "$name: currently rated $rating - consider requesting a re-rating visit" >> reminders.txt
    fi

    new_status=$(printf '%s' "$new_status" | jq --arg id "$fhrs" --arg n "$name" \
        --arg r "$rating" --arg d "$rdate" '.[$id] = {name: $n, rating: $r, date: $d}')
    sleep 1
done < "$BRANCHES"

printf '%s\n' "$new_status" > "$STATUS_FILE"

if [ -s reminders.txt ]; then
    if command -v mail >/dev/null 2>&1; then
        mail -s "Hygiene rating reminders $(date +%d/%m)" "$MAIL_TO" < reminders.txt
        log "sent $(wc -l < reminders.txt) reminders to $MAIL_TO"
    else
        log "mail not installed; reminders left in reminders.txt"
    fi
else
    log "all branches fine"
fi
