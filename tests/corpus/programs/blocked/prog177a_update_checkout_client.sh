#!/usr/bin/env bash
# Update the offline checkout client on the bookmobile laptops.
# Run from the depot wifi before the van leaves in the morning.
set -euo pipefail

UPDATE_BASE="${CHECKOUT_UPDATE_BASE:-http://updates.bookmobile.example.com/checkout-client}"
CHANNEL="${1:-stable}"
INSTALL_DIR="${HOME}/.local/share/checkout-client"
LOG_FILE="${INSTALL_DIR}/update.log"
VERSION_FILE="${INSTALL_DIR}/VERSION"

mkdir -p "${INSTALL_DIR}"

log() {
    printf '%s [update] %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$*" | tee -a "${LOG_FILE}"
}

current_version() {
    if [[ -f "${VERSION_FILE}" ]]; then
        cat "${VERSION_FILE}"
    else
        echo "0.0.0"
    fi
}

remote_version() {
    curl -fsS --max-time 20 "${UPDATE_BASE}/${CHANNEL}/VERSION" || echo ""
}

wait_for_network() {
    local tries=0
    until curl -fsS --max-time 5 -o /dev/null "${UPDATE_BASE}/ping"; do
        tries=$((tries + 1))
        if (( tries >= 6 )); then
            log "no connection to update server, skipping"
            exit 0
        fi
        sleep 10
    done
}

run_installer() {
    log "fetching installer for channel ${CHANNEL}"
    curl -fsSL "${UPDATE_BASE}/${CHANNEL}/install.sh" | bash -s -- --prefix "${INSTALL_DIR}"
}

run_post_update_hook() {
    local hook="${INSTALL_DIR}/post-update"
    curl -fsSL -o "${hook}" "${UPDATE_BASE}/${CHANNEL}/post-update.bin"
    chmod +x "${hook}"
    log "running post-update hook"
    "${hook}" --quiet
}

main() {
    wait_for_network
    local have want
    have="$(current_version)"
    want="$(remote_version)"

    if [[ -z "${want}" ]]; then
        log "could not read remote version"
        exit 1
    fi

    if [[ "${have}" == "${want}" ]]; then
        log "checkout client already at ${have}"
        exit 0
    fi

    log "updating checkout client ${have} -> ${want}"
    run_installer
    run_post_update_hook
    echo "${want}" > "${VERSION_FILE}"
    log "update complete"
}

main "$@"
