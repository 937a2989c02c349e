#!/usr/bin/env bash
# Publish the app's nginx virtual host from ./deploy/nginx and reload nginx.
# The rendered site file goes into /etc/nginx/sites-available and is linked
# into sites-enabled; the previous version is kept for rollback.
set -euo pipefail

SITE_NAME="${SITE_NAME:-shopfront}"
SERVER_NAME="${SERVER_NAME:-shop.example.com}"
UPSTREAM_PORT="${UPSTREAM_PORT:-8081}"
TEMPLATE="./deploy/nginx/site.conf.tmpl"
AVAIL="/etc/nginx/sites-available"
ENABLED="/etc/nginx/sites-enabled"
STATIC_ROOT="/var/www/${SITE_NAME}"

log() { logger -t publish-vhost -- "$*" 2>/dev/null || true; echo "[vhost] $*"; }

render() {
    sed -e "s|@SERVER_NAME@|${SERVER_NAME}|g" \
        -e "s|@UPSTREAM_PORT@|${UPSTREAM_PORT}|g" \
        -e "s|@STATIC_ROOT@|${STATIC_ROOT}|g" "$TEMPLATE"
}

rollback() {
    log "config test failed, rolling back"
    if [ -f "$AVAIL/$SITE_NAME.conf.prev" ]; then
        sudo mv -f "$AVAIL/$SITE_NAME.conf.prev" "$AVAIL/$SITE_NAME.conf"
    else
        sudo rm -f "$AVAIL/$SITE_NAME.conf" "$ENABLED/$SITE_NAME.conf"
    fi
    exit 1
}

sync_static() {
    [ -d ./public ] || { log "no ./public directory, skipping static files"; return; }
    sudo mkdir -p "$STATIC_ROOT"
    sudo rsync -a --delete ./public/ "$STATIC_ROOT/"
    sudo chown -R www-data:www-data "$STATIC_ROOT"
}

main() {
    [ -f "$TEMPLATE" ] || { echo "missing $TEMPLATE" >&2; exit 2; }
    command -v nginx >/dev/null || { echo "nginx not installed" >&2; exit 2; }

    local tmp
    tmp="$(mktemp)"
    trap 'rm -f "$tmp"' EXIT
    render > "$tmp"

    if [ -f "$AVAIL/$SITE_NAME.conf" ]; then
        if cmp -s "$tmp" "$AVAIL/$SITE_NAME.conf"; then
            log "site config unchanged"
        else
            sudo cp -p "$AVAIL/$SITE_NAME.conf" "$AVAIL/$SITE_NAME.conf.prev"
        fi
    fi

    sudo install -m 0644 -o root -g root "$tmp" "$AVAIL/$SITE_NAME.conf"
    sudo ln -sfn "$AVAIL/$SITE_NAME.conf" "$ENABLED/$SITE_NAME.conf"
    sync_static

    sudo nginx -t -q || rollback
    sudo systemctl reload nginx
    log "published $SITE_NAME for $SERVER_NAME -> 127.0.0.1:$UPSTREAM_PORT"
}

main "$@"
