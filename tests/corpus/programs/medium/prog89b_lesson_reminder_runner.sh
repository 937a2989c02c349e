#!/usr/bin/env bash
# Lesson reminder sender for the LinguaHub front desk.
#
# Reads tomorrow's lessons from the timetable export (schedule.csv with the
# columns date,time,student,phone,teacher,room,language), sends one SMS per
# lesson through the TextLine API and records what was sent in sent.log so
# nobody gets texted twice. Reception starts it from the desktop shortcut
# after the timetable export has been refreshed.
#
# Usage: TEXTLINE_API_KEY=... ./lesson_reminder_runner.sh [--dry-run] [--schedule FILE]

set -euo pipefail

SELF="$(readlink -f "${BASH_SOURCE[0]}")"
HERE="$(dirname "$SELF")"
CONF="${REMINDER_CONF:-$HERE/reminders.conf}"

# shellcheck disable=SC1090
[[ -r "$CONF" ]] && . "$CONF"

SCHEDULE_CSV="${SCHEDULE_CSV:-$HERE/schedule.csv}"
SENT_LOG="${SENT_LOG:-$HERE/sent.log}"
SMS_ENDPOINT="${SMS_ENDPOINT:-https://api.textline.example/v1/messages}"
SENDER_ID="${SENDER_ID:-LinguaHub}"
LOCK_FILE="/tmp/lesson_reminders.lock"
DRY_RUN=0

log() { printf '%s [reminders] %s\n' "$(date '+%F %T')" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
  sed -n '2,10p' "$SELF" | sed 's/^# \{0,1\}//'
}

while [[ $# -gt 0 ]]; do
  case "$1" in
    --dry-run)   DRY_RUN=1 ;;
    --schedule)  SCHEDULE_CSV="${2:?--schedule needs a file}"; shift ;;
    -h|--help)   usage; exit 0 ;;
    *)           die "unknown option: $1" ;;
  esac
  shift
done

command -v jq >/dev/null || die "jq is required"
[[ -n "${TEXTLINE_API_KEY:-}" ]] || die "TEXTLINE_API_KEY is not set"
[[ -r "$SCHEDULE_CSV" ]] || die "cannot read $SCHEDULE_CSV"

exec 9>"$LOCK_FILE"
if ! flock -n 9; then
  log "another run holds $LOCK_FILE, leaving it alone"
  exit 0
fi

tomorrow="$(date -d tomorrow +%F)"
touch "$SENT_LOG"

send_sms() {
  local phone="$1" body="$2"
  if (( DRY_RUN )); then
    log "dry-run: would text $phone: $body"
    return 0
  fi
  jq -n --arg to "$phone" --arg from "$SENDER_ID" --arg text "$body" \
      '{to: $to, from: $from, text: $text}' |
    curl -fsS --max-time 20 \
      -H "Authorization: Bearer $TEXTLINE_API_KEY" \
      -H 'Content-Type: application/json' \
      --data-binary @- "$SMS_ENDPOINT" >/dev/null
}

process_schedule() {
  local count=0 failed=0
  local date time student phone teacher room language
  while IFS=, read -r date time student phone teacher room language; do
    [[ "$date" == "$tomorrow" ]] || continue
    [[ -n "$phone" ]] || { log "no phone for $student, skipped"; continue; }
    local key="$date|$time|$phone"
    grep -qxF "$key" "$SENT_LOG" && continue
    local msg="Hi ${student%% *}, a reminder of your ${language} lesson with ${teacher} tomorrow at ${time}, room ${room}. Reply C to cancel."
    if send_sms "$phone" "$msg"; then
      (( DRY_RUN )) || echo "$key" >> "$SENT_LOG"
      count=$((count + 1))
    else
      failed=$((failed + 1))
      log "sending to $phone failed, run again later to retry"
    fi
  done < <(tail -n +2 "$SCHEDULE_CSV" | tr -d '\r')
  log "sent $count reminder(s) for $tomorrow, $failed failed"
  (( failed == 0 ))
}

process_schedule
