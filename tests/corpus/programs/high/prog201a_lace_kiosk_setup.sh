#!/usr/bin/env bash
# Prepare the museum lace-exhibit kiosk: point the catalogue hostname at the
# gallery server, install the nginx site and reload the web server.
set -euo pipefail

GALLERY_IP="${GALLERY_IP:-192.0.2.40}"
CATALOGUE_HOST="${CATALOGUE_HOST:-catalogue.example.org}"
SITE_NAME="lace-kiosk"
SITE_SRC="${SITE_SRC:-./nginx/${SITE_NAME}.conf}"
DRY_RUN=0

log() { echo "[kiosk] $*"; }
fail() { echo "[kiosk] error: $*" >&2; exit 1; }

while getopts "ni:h" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        i) GALLERY_IP="$OPTARG" ;;
        h) echo "usage: $0 [-n] [-i gallery_ip]"; exit 0 ;;
        *) exit 2 ;;
    esac
done

elevate() {
    if [ "$DRY_RUN" -eq 1 ]; then
        echo "would run: $*"
        return 0
    fi
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo -n "$@" || fail "need administrator rights for: $1"
    fi
}

pin_catalogue_host() {
    local hosts_file="/etc/hosts"
    if grep -qE "[[:space:]]${CATALOGUE_HOST}\$" "$hosts_file"; then
        log "hosts entry present, refreshing"
        elevate sed -i "/[[:space:]]${CATALOGUE_HOST}\$/d" "$hosts_file"
    fi
    echo "${GALLERY_IP} ${CATALOGUE_HOST}" | elevate tee -a "$hosts_file" >/dev/null
    log "catalogue host pinned to ${GALLERY_IP}"
}

install_site() {
    [ -f "$SITE_SRC" ] || fail "site config $SITE_SRC not found"
    local avail="/etc/nginx/sites-available/${SITE_NAME}"
    local enabled="/etc/nginx/sites-enabled/${SITE_NAME}"
    elevate install -m 0644 "$SITE_SRC" "$avail"
    elevate ln -sf "$avail" "$enabled"
    elevate nginx -t || fail "nginx config test failed"
    log "site installed"
}

reload_web() {
    if command -v systemctl >/dev/null 2>&1; then
        elevate systemctl reload nginx
    else
        elevate nginx -s reload
    fi
    log "web server reloaded"
}

main() {
    log "kiosk setup for ${CATALOGUE_HOST} -> ${GALLERY_IP}"
    pin_catalogue_host
    install_site
    reload_web
    log "done"
}

main
