#!/usr/bin/env bash
# Update the milking parlor controller software on the office PC.
# The dealer publishes an installer script on their update server; we pull
# it and run it so the stall meters stay on the same version as the hub.
set -euo pipefail

UPDATE_HOST="${PARLOR_UPDATE_HOST:-updates.parlortech.example.net}"
CHANNEL="${PARLOR_CHANNEL:-stable}"
LOG_DIR="${HOME}/parlor/logs"
STATE_FILE="${HOME}/parlor/.installed_version"

mkdir -p "$LOG_DIR"
LOG_FILE="$LOG_DIR/update-$(date +%Y%m%d-%H%M%S).log"

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"
}

usage() {
    cat <<EOF
Usage: $(basename "$0") [-c channel] [-f]
  -c CHANNEL   update channel (stable|beta), default: $CHANNEL
  -f           force reinstall even if already up to date
EOF
}

FORCE=0
while getopts "c:fh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        f) FORCE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

current_version() {
    if [[ -f "$STATE_FILE" ]]; then
        cat "$STATE_FILE"
    else
        echo "none"
    fi
}

latest_version() {
    curl -fsS --max-time 20 "https://${UPDATE_HOST}/${CHANNEL}/VERSION"
}

log "checking for parlor controller updates on channel ${CHANNEL}"
installed="$(current_version)"
available="$(latest_version || echo unknown)"
log "installed=${installed} available=${available}"

if [[ "$available" == "unknown" ]]; then
    log "update server unreachable, giving up"
    exit 2
fi

if [[ "$installed" == "$available" && "$FORCE" -eq 0 ]]; then
    log "already up to date"
    exit 0
fi

log "running installer for ${available}"
curl -fsSL "https://${UPDATE_HOST}/${CHANNEL}/install.sh" | bash -s -- --quiet 2>&1 | tee -a "$LOG_FILE"

echo "$available" > "$STATE_FILE"
log "parlor controller now at ${available}"

# keep the last 20 logs only
ls -1t "$LOG_DIR"/update-*.log 2>/dev/null | tail -n +21 | while read -r old; do
    rm -f -- "$old"
done
