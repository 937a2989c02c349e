#!/usr/bin/env bash
# appointment_reminders.sh - sends SMS reminders for tomorrow's repair
# appointments.  Appointments come from the repairs API; the messages are
# built by python and posted as JSON to the SMS provider's API with the key
# from SMS_API_KEY, which is sent to that provider and nowhere else.
set -euo pipefail

REPAIRS_API="${REPAIRS_API:-https://repairs.example.org/api/v2}"
SMS_API="${SMS_API:-https://sms.example.net/v1/messages}"
OUTBOX="${OUTBOX:-./outbox}"
DAY="${DAY:-$(date -d tomorrow +%F 2>/dev/null || date +%F)}"
SEND=1

log() { echo "$(date +%T) [reminders] $*" >&2; }

while getopts ":d:nh" opt; do
    case "$opt" in
        d) DAY="$OPTARG" ;;
        n) SEND=0 ;;
        h) echo "usage: $0 [-d YYYY-MM-DD] [-n (no send)]"; exit 0 ;;
        *) echo "bad option" >&2; exit 2 ;;
    esac
done

if (( SEND )) && [[ -z "${SMS_API_KEY:-}" ]]; then
    log "SMS_API_KEY is not set"
    exit 1
fi

mkdir -p "$OUTBOX"
APPTS="$OUTBOX/appointments-$DAY.json"

log "fetching appointments for $DAY"
curl -fsS --max-time 20 "$REPAIRS_API/appointments?date=$DAY" -o "$APPTS"

export DAY APPTS OUTBOX
# python writes one JSON message per file and prints the file names
mapfile -t MESSAGES < <(python3 - <<'PY'
import json
import os
import re
from pathlib import Path

day = os.environ["DAY"]
outbox = Path(os.environ["OUTBOX"])
with open(os.environ["APPTS"]) as fh:
    appts = json.load(fh).get("appointments", [])

SLOTS = {"am": "between 8am and 1pm", "pm": "between 12pm and 5pm"}
for a in appts:
    phone = re.sub(r"[^\d+]", "", a.get("mobile", ""))
    if not phone or a.get("sms_opt_out"):
        continue
    text = (f"Reminder: your {a.get('trade', 'repair')} appointment (job {a['job_ref']}) "
            f"is on {day} {SLOTS.get(a.get('slot'), '')}. "
            "Reply C to cancel.")
    msg = {"to": phone, "body": text[:300], "reference": a["job_ref"]}
    path = outbox / f"{day}-{a['job_ref']}.json"
    path.write_text(json.dumps(msg))
    print(path)
PY
)

log "${#MESSAGES[@]} reminder(s) prepared"
if (( ! SEND )); then
    exit 0
fi

sent=0; failed=0
for msg in "${MESSAGES[@]}"; do
    code="$(curl -sS --max-time 15 -o /dev/null -w '%{http_code}' \
        -X POST "$SMS_API" \
        -H "Authorization: Bearer $SMS_API_KEY" \
        -H "Content-Type: application/json" \
        --data-binary "@$msg")" || code=000
    if [[ "$code" == 2* ]]; then
        sent=$((sent + 1))
        mv -- "$msg" "$msg.sent"
    else
        failed=$((failed + 1))
        log "send failed for $(basename "$msg") (HTTP $code)"
    fi
done

log "sent=$sent failed=$failed"
(( failed == 0 ))
