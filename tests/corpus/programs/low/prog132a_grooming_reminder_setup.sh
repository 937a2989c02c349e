#!/usr/bin/env bash
# grooming_reminder_setup.sh - sets up the appointment reminder helper for
# the salon front-desk account in ./groom-reminders. The helper checks
# tomorrow's grooming appointments in GroomBook and texts owners a
# reminder through the salon's SMS gateway. Run it from the till PC's
# end-of-day checklist.
#
#   ./grooming_reminder_setup.sh           # create ./groom-reminders
#   ./grooming_reminder_setup.sh --clean   # remove it again
set -euo pipefail

APP_NAME="groom-reminders"
APP_DIR="./$APP_NAME"
GROOMBOOK_API="${GROOMBOOK_API:-https://api.groombook.io/v2}"
SMS_API="${SMS_API:-https://sms.textpaws.com/v1/messages}"

say() { printf '==> %s\n' "$*"; }

write_helper() {
    mkdir -p "$APP_DIR"
    cat > "$APP_DIR/remind.py" <<'PY'
import json, os, datetime, urllib.request, pathlib
HERE = pathlib.Path(__file__).resolve().parent
CONF = HERE / "config.json"
SENT = HERE / "sent.json"
cfg = json.loads(CONF.read_text())
sent = set(json.loads(SENT.read_text())) if SENT.exists() else set()
day = (datetime.date.today() + datetime.timedelta(days=1)).isoformat()
req = urllib.request.Request(f"{cfg['groombook_api']}/appointments?date={day}",
                             headers={"Authorization": "Bearer " + os.environ.get("GROOMBOOK_TOKEN", "")})
appts = json.load(urllib.request.urlopen(req, timeout=20))["appointments"]
count = 0
for a in appts:
    if a["id"] in sent or not a.get("owner_phone"):
        continue
    body = json.dumps({"to": a["owner_phone"], "text":
        f"Hi {a['owner_first']}, {a['pet_name']} is booked in for {a['service']} tomorrow at {a['time']}."}).encode()
    sms = urllib.request.Request(cfg["sms_api"], data=body, method="POST", headers={
        "Content-Type": "application/json", "Authorization": "Bearer " + os.environ.get("TEXTPAWS_KEY", "")})
    urllib.request.urlopen(sms, timeout=20)
    sent.add(a["id"])
    count += 1
SENT.write_text(json.dumps(sorted(sent)))
print(f"{count} reminder(s) sent for {day}")
PY
    cat > "$APP_DIR/run.sh" <<'SH'
#!/bin/sh
# one pass: text tomorrow's owners, append to the local log
cd "$(dirname "$0")"
python3 remind.py 2>&1 | tee -a remind.log
SH
    chmod 0755 "$APP_DIR/run.sh"
    if [ ! -f "$APP_DIR/config.json" ]; then
        printf '{"groombook_api": "%s", "sms_api": "%s"}\n' "$GROOMBOOK_API" "$SMS_API" > "$APP_DIR/config.json"
        chmod 0600 "$APP_DIR/config.json"
    fi
}

check_api() {
    if curl -fsS -o /dev/null --max-time 10 -I "$GROOMBOOK_API/health"; then
        say "GroomBook API reachable"
    else
        say "warning: could not reach $GROOMBOOK_API (check the network before the first run)"
    fi
}

clean() {
    rm -rf "$APP_DIR"
    say "removed $APP_DIR"
}

main() {
    if [ "${1:-}" = "--clean" ]; then
        clean
        return
    fi
    command -v python3 >/dev/null || { echo "python3 is required" >&2; exit 1; }
    command -v curl >/dev/null || { echo "curl is required" >&2; exit 1; }
    say "setting up $APP_NAME in $APP_DIR"
    write_helper
    check_api
    say "set GROOMBOOK_TOKEN and TEXTPAWS_KEY, then run $APP_DIR/run.sh at end of day"
}

main "$@"
