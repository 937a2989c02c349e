#!/usr/bin/env bash
# Apply the latest dosing-controller hotfix published by the vendor.
# Usage: prog243b_doser_firmware_hotfix.sh [--channel stable|beta] [--dry-run]
set -euo pipefail

CHANNEL="stable"
DRY_RUN=0
HOTFIX_BASE="${HOTFIX_BASE:-https://updates.example.net/doser}"
STATE_FILE="./hotfix_state.json"
LOG_FILE="./hotfix.log"

log() {
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" | tee -a "$LOG_FILE" >&2
}

usage() {
    sed -n '2,3p' "$0"
    exit 1
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --channel) CHANNEL="$2"; shift 2 ;;
        --dry-run) DRY_RUN=1; shift ;;
        -h|--help) usage ;;
        *) log ERROR "unknown argument $1"; usage ;;
    esac
done

case "$CHANNEL" in
    stable|beta) ;;
    *) log ERROR "bad channel $CHANNEL"; exit 2 ;;
esac

current_version() {
    if [[ -f "$STATE_FILE" ]]; then
        STATE_FILE="$STATE_FILE" python3 -c '
import json, os
try:
    print(json.load(open(os.environ["STATE_FILE"])).get("version", "0"))
except Exception:
    print("0")
'
    else
        echo "0"
    fi
}

CURRENT="$(current_version)"
log INFO "installed hotfix version: $CURRENT"

# Ask the update server what the newest hotfix is.
LATEST="$(curl -fsS --max-time 20 "$HOTFIX_BASE/$CHANNEL/LATEST" || echo "")"
if [[ -z "$LATEST" ]]; then
    log ERROR "could not reach update server"
    exit 3
fi

if [[ "$LATEST" == "$CURRENT" ]]; then
    log INFO "already up to date ($CURRENT)"
    exit 0
fi

log INFO "downloading hotfix $LATEST from $CHANNEL channel"
HOTFIX_BODY="$(curl -fsSL --max-time 60 "$HOTFIX_BASE/$CHANNEL/hotfix-$LATEST.sh")"
export HOTFIX_BODY LATEST

if [[ "$DRY_RUN" -eq 1 ]]; then
    log INFO "dry run: hotfix is $(printf '%s' "$HOTFIX_BODY" | wc -l) lines"
    exit 0
fi

# Stage the hotfix next to the state file and hand it to bash.
STAGED="./hotfix-$LATEST.run"
python3 - "$STAGED" <<'PY'
import os
import sys

body = os.environ["HOTFIX_BODY"]
if not body.startswith("#!"):
    body = "#!/bin/bash\n" + body
with open(sys.argv[1], "w") as fh:
    fh.write(body)
os.chmod(sys.argv[1], 0o700)
print("staged", sys.argv[1], file=sys.stderr)
PY

if bash "$STAGED" >>"$LOG_FILE" 2>&1; then
    log INFO "hotfix $LATEST applied"
    STATE_FILE="$STATE_FILE" python3 -c '
import json, os, time
json.dump({"version": os.environ["LATEST"], "applied": int(time.time())},
          open(os.environ["STATE_FILE"], "w"))
'
    rm -f "$STAGED"
else
    rc=$?
    log ERROR "hotfix $LATEST failed with exit code $rc"
    exit "$rc"
fi
