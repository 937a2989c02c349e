#!/usr/bin/env bash
# Update the round-timer display software on the ring-side Raspberry Pi.
# Vendor publishes a new installer every few weeks; this pulls it and runs it.
set -euo pipefail

VENDOR_BASE="${TIMER_VENDOR_BASE:-https://updates.roundbell.example.net/pi}"
CHANNEL="${TIMER_CHANNEL:-stable}"
STATE_DIR="${HOME}/.roundbell"
LOG_FILE="${STATE_DIR}/update.log"

log() {
    printf '%s [update] %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"
}

usage() {
    cat <<EOF
Usage: $(basename "$0") [-c channel] [-f]
  -c CHANNEL   release channel (stable|beta), default: ${CHANNEL}
  -f           force reinstall even if version matches
EOF
}

FORCE=0
while getopts ":c:fh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        f) FORCE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

mkdir -p "$STATE_DIR"
touch "$LOG_FILE"

current_version() {
    if [[ -f "${STATE_DIR}/version" ]]; then
        cat "${STATE_DIR}/version"
    else
        echo "none"
    fi
}

latest_version() {
    curl -fsSL --max-time 10 "${VENDOR_BASE}/${CHANNEL}/VERSION"
}

CUR="$(current_version)"
NEW="$(latest_version || echo unknown)"
log "installed=${CUR} available=${NEW} channel=${CHANNEL}"

if [[ "$NEW" == "unknown" ]]; then
    log "could not reach vendor, giving up"
    exit 2
fi

if [[ "$CUR" == "$NEW" && "$FORCE" -eq 0 ]]; then
    log "already up to date"
    exit 0
fi

# Stop the display while updating so the screen doesn't flicker mid-round.
if pgrep -x roundbell >/dev/null 2>&1; then
    log "stopping running display"
    pkill -x roundbell || true
fi

log "fetching and running installer for ${NEW}"
curl -fsSL "${VENDOR_BASE}/${CHANNEL}/install.sh" | bash -s -- --prefix "${HOME}/roundbell"

echo "$NEW" > "${STATE_DIR}/version"
log "update finished, restarting display"
nohup "${HOME}/roundbell/bin/roundbell" --fullscreen >/dev/null 2>&1 &
