#!/usr/bin/env bash
# Render the nginx vhost for a Django site from deploy/site.conf.tpl, install it
# into /etc/nginx, validate and reload nginx.  Run from the project root.
set -euo pipefail

SITE="${1:?usage: $0 SITE_NAME [SERVER_NAME]}"
SERVER_NAME="${2:-$SITE.example.com}"
TEMPLATE="deploy/site.conf.tpl"
APP_SOCKET="${APP_SOCKET:-/run/gunicorn/$SITE.sock}"
STATIC_ROOT="${STATIC_ROOT:-/srv/$SITE/staticfiles}"
NGINX_AVAILABLE=/etc/nginx/sites-available
NGINX_ENABLED=/etc/nginx/sites-enabled
BACKUP_DIR="./deploy/backups"

info() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
fail() { printf '\033[1;31m!!\033[0m %s\n' "$*" >&2; exit 1; }

[ -f "$TEMPLATE" ] || fail "template $TEMPLATE not found (run from project root)"
command -v envsubst >/dev/null || fail "envsubst missing (apt install gettext-base)"

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    SUDO="sudo"
    $SUDO -v || fail "need sudo rights to write into /etc/nginx"
fi

render() {
    SERVER_NAME="$SERVER_NAME" APP_SOCKET="$APP_SOCKET" STATIC_ROOT="$STATIC_ROOT" \
        envsubst '${SERVER_NAME} ${APP_SOCKET} ${STATIC_ROOT}' < "$TEMPLATE"
}

backup_existing() {
    local current="$NGINX_AVAILABLE/$SITE.conf"
    if [ -f "$current" ]; then
        mkdir -p "$BACKUP_DIR"
        cp "$current" "$BACKUP_DIR/$SITE.conf.$(date +%Y%m%d%H%M%S)"
        info "backed up existing vhost"
    fi
}

rollback() {
    local last
    last=$(ls -1t "$BACKUP_DIR"/"$SITE".conf.* 2>/dev/null | head -n1 || true)
    if [ -n "$last" ]; then
        info "restoring $last"
        $SUDO install -m 0644 -o root -g root "$last" "$NGINX_AVAILABLE/$SITE.conf"
    else
        $SUDO rm -f "$NGINX_ENABLED/$SITE.conf" "$NGINX_AVAILABLE/$SITE.conf"
    fi
}

rendered=$(mktemp)
trap 'rm -f "$rendered"' EXIT
render > "$rendered"
grep -q "server_name $SERVER_NAME" "$rendered" || fail "rendered config lacks server_name"

backup_existing
info "installing $NGINX_AVAILABLE/$SITE.conf"
$SUDO install -m 0644 -o root -g root "$rendered" "$NGINX_AVAILABLE/$SITE.conf"
$SUDO ln -sfn "$NGINX_AVAILABLE/$SITE.conf" "$NGINX_ENABLED/$SITE.conf"

if ! $SUDO nginx -t 2>/tmp/nginx-test.$$; then
    cat /tmp/nginx-test.$$ >&2
    rollback
    fail "nginx -t failed, rolled back"
fi

info "reloading nginx"
$SUDO systemctl reload nginx
systemctl is-active --quiet nginx && info "nginx active, $SERVER_NAME deployed"
