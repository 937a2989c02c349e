#!/usr/bin/env bash
# Quick health check of the backup NAS from a DAW machine.
# Reads the NAS's public status endpoint and reports volume usage, the
# result of the last nightly backup and any degraded disks.
set -uo pipefail

NAS_URL="${NAS_URL:-http://nas01.example.org/api/v1/status}"
TIMEOUT="${TIMEOUT:-8}"
WARN_PCT="${WARN_PCT:-85}"
LOG="${LOG:-./nas_status.log}"
JSON_OUT=0

while [[ $# -gt 0 ]]; do
    case "$1" in
        --url) NAS_URL="$2"; shift 2 ;;
        --warn) WARN_PCT="$2"; shift 2 ;;
        --json) JSON_OUT=1; shift ;;
        -h|--help) echo "usage: $(basename "$0") [--url URL] [--warn PCT] [--json]"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
done

stamp() { date '+%F %T'; }

BODY=$(curl -fsS --max-time "$TIMEOUT" -H 'Accept: application/json' "$NAS_URL" 2>&1)
rc=$?
if [[ $rc -ne 0 ]]; then
    echo "$(stamp) unreachable: $BODY" >> "$LOG"
    echo "NAS unreachable ($NAS_URL): $BODY" >&2
    exit 3
fi

if [[ $JSON_OUT -eq 1 ]]; then
    printf '%s\n' "$BODY"
    exit 0
fi

# parse with python; the response body is passed in through the environment
REPORT=$(NAS_BODY="$BODY" WARN_PCT="$WARN_PCT" python3 -c '
import json, os, sys
try:
    data = json.loads(os.environ["NAS_BODY"])
except ValueError:
    print("STATUS bad-json")
    sys.exit(0)
warn = float(os.environ["WARN_PCT"])
worst = "ok"
for vol in data.get("volumes", []):
    used, total = vol.get("used", 0), vol.get("total", 0) or 1
    pct = 100.0 * used / total
    flag = "WARN" if pct >= warn else "ok"
    if flag == "WARN":
        worst = "warn"
    print("VOL %s %.1f%% %s" % (vol.get("name", "?"), pct, flag))
for disk in data.get("disks", []):
    if disk.get("state") not in ("normal", "ok"):
        worst = "degraded"
        print("DISK %s %s" % (disk.get("slot", "?"), disk.get("state")))
job = data.get("last_backup", {})
print("BACKUP %s %s" % (job.get("result", "unknown"), job.get("finished", "-")))
if job.get("result") not in (None, "success"):
    worst = "degraded" if worst == "ok" else worst
print("STATUS " + worst)
')

echo "$REPORT" | grep -v '^STATUS' | sed 's/^/  /'
STATUS=$(echo "$REPORT" | awk '/^STATUS/ {print $2}')
echo "$(stamp) status=$STATUS" >> "$LOG"

case "$STATUS" in
    ok) echo "NAS healthy"; exit 0 ;;
    warn) echo "NAS volumes filling up"; exit 1 ;;
    *) echo "NAS needs attention ($STATUS)"; exit 2 ;;
esac
