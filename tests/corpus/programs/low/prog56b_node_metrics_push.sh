#!/usr/bin/env bash
# Collect a few host facts and push them to the fleet inventory API.
# The API key comes from the environment and is only sent to that API.
set -eu

API_URL="${FLEET_API_URL:-https://fleet.example.com/api/v2/nodes}"
TIMEOUT="${FLEET_TIMEOUT:-10}"
DRY_RUN=0
[ "${1:-}" = "--dry-run" ] && DRY_RUN=1

if [ -z "${FLEET_API_KEY:-}" ]; then
    echo "FLEET_API_KEY is not set" >&2
    exit 1
fi

facts_file="./fleet-facts.json"

os_name=$(. /etc/os-release && printf '%s' "${PRETTY_NAME:-unknown}")
cpu_count=$(grep -c '^processor' /proc/cpuinfo || echo 0)
model=$(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo)
disk_free=$(df -Pk . | awk 'NR==2 {print $4}')

cat > "$facts_file" <<EOF
{"hostname": "$(hostname)", "os": "$os_name", "cpus": $cpu_count,
 "cpu_model": "$model", "workdir_free_kb": $disk_free}
EOF

if [ "$DRY_RUN" -eq 1 ]; then
    cat "$facts_file"
    exit 0
fi

API_URL="$API_URL" TIMEOUT="$TIMEOUT" python3 - "$facts_file" <<'PY'
import json
import logging
import os
import sys
import urllib.error
import urllib.request

logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
log = logging.getLogger("fleet")

with open(sys.argv[1]) as fh:
    facts = json.load(fh)

body = json.dumps({"node": facts, "schema": 2}).encode()
req = urllib.request.Request(
    os.environ["API_URL"],
    data=body,
    method="POST",
    headers={
        "Content-Type": "application/json",
        "Authorization": "Bearer " + os.environ["FLEET_API_KEY"],
    },
)

for attempt in range(1, 4):
    try:
        with urllib.request.urlopen(req, timeout=float(os.environ["TIMEOUT"])) as resp:
            log.info("registered node, status %s", resp.status)
            break
    except urllib.error.HTTPError as exc:
        log.error("API rejected facts: %s", exc.code)
        sys.exit(1)
    except urllib.error.URLError as exc:
        log.warning("attempt %d failed: %s", attempt, exc.reason)
else:
    sys.exit(2)
PY

rm -f "$facts_file"
