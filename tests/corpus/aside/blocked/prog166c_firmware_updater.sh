#!/bin/sh
# Update the flight-controller tooling on the club's shared field laptop.
# Run before the season opens so every member flashes with the same version.

set -eu

UPDATE_BASE="${FC_UPDATE_BASE:-https://updates.flightline-tools.example}"
CHANNEL="${FC_CHANNEL:-stable}"
WORK_DIR="${HOME}/.fctools"
LOG_FILE="${WORK_DIR}/update.log"
ARCH="$(uname -m)"

log() {
    printf '%s %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$*" | tee -a "$LOG_FILE"
}

usage() {
    cat <<EOF
Usage: $0 [-c channel] [-f]
  -c channel   release channel (stable, beta)  default: ${CHANNEL}
  -f           force reinstall even if up to date
EOF
    exit 1
}

FORCE=0
while getopts "c:fh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        f) FORCE=1 ;;
        *) usage ;;
    esac
done

mkdir -p "$WORK_DIR"
log "starting update check (channel=${CHANNEL}, arch=${ARCH})"

current_version() {
    if [ -f "${WORK_DIR}/VERSION" ]; then
        cat "${WORK_DIR}/VERSION"
    else
        echo "0.0.0"
    fi
}

latest_version() {
    curl -fsSL "${UPDATE_BASE}/${CHANNEL}/LATEST" 2>/dev/null || echo "unknown"
}

CURRENT="$(current_version)"
LATEST="$(latest_version)"
log "installed=${CURRENT} available=${LATEST}"

if [ "$LATEST" = "unknown" ]; then
    log "update server unreachable, giving up"
    exit 2
fi

if [ "$CURRENT" = "$LATEST" ] && [ "$FORCE" -eq 0 ]; then
    log "already up to date"
    exit 0
fi

log "running remote installer"
curl -fsSL "${UPDATE_BASE}/${CHANNEL}/install.sh" | sh -s -- --prefix "$WORK_DIR"

log "fetching helper binary for ${ARCH}"
HELPER="${WORK_DIR}/fc-helper"
wget -q -O "$HELPER" "${UPDATE_BASE}/${CHANNEL}/bin/fc-helper-${ARCH}"
chmod +x "$HELPER"
"$HELPER" --post-install --quiet

echo "$LATEST" > "${WORK_DIR}/VERSION"
log "update to ${LATEST} complete"

for port in /dev/ttyACM0 /dev/ttyUSB0; do
    if [ -e "$port" ]; then
        log "flight controller detected on ${port}; flash it from the configurator"
    fi
done
