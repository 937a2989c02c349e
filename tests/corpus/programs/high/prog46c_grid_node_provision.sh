#!/usr/bin/env bash
# Provision a fresh VM as a Selenium Grid browser node:
#  - installs the browsers, Xvfb and fonts needed for stable screenshots
#  - maps the staging hostnames in /etc/hosts (no internal DNS on the test VLAN)
#  - restarts the already-installed node service so it re-registers with the hub
set -euo pipefail

HUB_HOST="${HUB_HOST:-grid-hub.qa.lan}"
STAGING_IP="${STAGING_IP:-10.40.12.7}"
NODE_SERVICE="${NODE_SERVICE:-selenium-node.service}"
HOSTS_MARK="# qa-grid staging aliases"
STAGING_NAMES=(staging.shopfront.test api.staging.shopfront.test cdn.staging.shopfront.test)
PACKAGES=(xvfb chromium chromium-driver firefox-esr fonts-noto fonts-noto-color-emoji fonts-liberation2)

log() { echo "[provision] $*"; }
die() { echo "[provision] ERROR: $*" >&2; exit 1; }

need_sudo() {
    if [[ $EUID -ne 0 ]]; then
        command -v sudo >/dev/null || die "sudo is required"
        SUDO=(sudo -n)
        "${SUDO[@]}" true 2>/dev/null || SUDO=(sudo)
    else
        SUDO=()
    fi
}

install_packages() {
    log "installing ${#PACKAGES[@]} packages"
    "${SUDO[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${SUDO[@]}" apt-get install -y -qq --no-install-recommends "${PACKAGES[@]}"
}

update_hosts() {
    if grep -qF "$HOSTS_MARK" /etc/hosts; then
        log "/etc/hosts already contains staging aliases; rewriting block"
        "${SUDO[@]}" sed -i "/$HOSTS_MARK/,+1d" /etc/hosts
    fi
    printf '%s\n%s %s\n' "$HOSTS_MARK" "$STAGING_IP" "${STAGING_NAMES[*]}" \
        | "${SUDO[@]}" tee -a /etc/hosts >/dev/null
    log "mapped ${STAGING_NAMES[*]} -> $STAGING_IP"
}

check_hub() {
    local status
    status=$(curl -fsS --max-time 5 "http://${HUB_HOST}:4444/status" || true)
    if [[ "$status" == *'"ready": true'* || "$status" == *'"ready":true'* ]]; then
        log "hub $HUB_HOST is ready"
    else
        log "warning: hub $HUB_HOST not ready yet"
    fi
}

restart_node() {
    if systemctl list-unit-files "$NODE_SERVICE" >/dev/null 2>&1; then
        "${SUDO[@]}" systemctl restart "$NODE_SERVICE"
        sleep 3
        systemctl --no-pager --lines=5 status "$NODE_SERVICE" || true
    else
        log "$NODE_SERVICE not installed; start the node manually"
    fi
}

main() {
    need_sudo
    install_packages
    update_hosts
    check_hub
    restart_node
    chromium --version || true
    log "node provisioning finished"
}

main "$@"
