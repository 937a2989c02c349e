#!/usr/bin/env bash
# Install / refresh the playout plugins on the on-air PC.
# Usage: ./install_playout_plugins.sh [--channel stable|beta]
set -euo pipefail

CHANNEL="stable"
PLUGIN_BASE="${PLUGIN_BASE:-https://plugins.radio-tools.example.net}"
PLAYOUT_HOME="${PLAYOUT_HOME:-$HOME/playout}"
LOG_FILE="${PLAYOUT_HOME}/logs/plugin-install.log"

log() {
    printf '%s [plugins] %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"
}

usage() {
    echo "usage: $0 [--channel stable|beta]" >&2
    exit 1
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --channel) CHANNEL="$2"; shift 2 ;;
        -h|--help) usage ;;
        *) usage ;;
    esac
done

mkdir -p "${PLAYOUT_HOME}/plugins" "${PLAYOUT_HOME}/logs"

check_playout_stopped() {
    if pgrep -u "$USER" -x rivendell-air >/dev/null 2>&1; then
        log "playout is running; stop the on-air software first"
        exit 2
    fi
}

fetch_manifest() {
    curl -fsS --max-time 20 "${PLUGIN_BASE}/${CHANNEL}/manifest.txt" \
        -o "${PLAYOUT_HOME}/plugins/manifest.txt"
    log "manifest for ${CHANNEL}: $(wc -l < "${PLAYOUT_HOME}/plugins/manifest.txt") plugins"
}

run_installer() {
    log "running ${CHANNEL} installer from ${PLUGIN_BASE}"
    curl -fsSL "${PLUGIN_BASE}/${CHANNEL}/install.sh" | bash -s -- --prefix "${PLAYOUT_HOME}/plugins"
}

post_install() {
    local count
    count=$(find "${PLAYOUT_HOME}/plugins" -maxdepth 1 -name '*.so' | wc -l)
    log "installed ${count} plugin libraries"
    if [[ "$count" -eq 0 ]]; then
        log "no plugins found after install, check ${LOG_FILE}"
        exit 3
    fi
}

check_playout_stopped
fetch_manifest
run_installer
post_install
log "done"
