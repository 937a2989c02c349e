#!/usr/bin/env bash
# cert_register_deploy.sh - publish the operator certificate register on the
# depot server.
#
# Builds the static front end (expiry board for CPCS/NPORS cards), copies it
# to the web root, and points an nginx site at it with /api proxied to the
# register service on localhost:8085.
#
#   ./cert_register_deploy.sh [-s certs.depot.lan] [-r /var/www/certreg] [--dry-run]

set -euo pipefail

SERVER_NAME="certs.depot.lan"
WEB_ROOT="/var/www/certreg"
API_UPSTREAM="127.0.0.1:8085"
SITE_NAME="certreg"
DRY_RUN=0
SRC_DIR="$(cd "$(dirname "$0")" && pwd)"
BUILD_DIR="$SRC_DIR/build"

log() { echo "[deploy] $*"; }
run() {
    if (( DRY_RUN )); then
        echo "+ $*"
    else
        "$@"
    fi
}

while [[ $# -gt 0 ]]; do
    case $1 in
        -s) SERVER_NAME=$2; shift 2 ;;
        -r) WEB_ROOT=$2; shift 2 ;;
        --dry-run) DRY_RUN=1; shift ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
done

build_frontend() {
    log "building front end"
    rm -rf "$BUILD_DIR"
    mkdir -p "$BUILD_DIR"
    cp -r "$SRC_DIR/web/." "$BUILD_DIR/"
    # stamp the build so the expiry board shows which release is live
    local rev
    rev=$(git -C "$SRC_DIR" rev-parse --short HEAD 2>/dev/null || echo local)
    sed -i "s/__BUILD__/${rev}-$(date +%Y%m%d)/" "$BUILD_DIR/index.html"
}

render_site() {
    cat <<EOF
server {
    listen 80;
    server_name ${SERVER_NAME};
    root ${WEB_ROOT};
    index index.html;

    access_log /var/log/nginx/${SITE_NAME}.access.log;
    error_log  /var/log/nginx/${SITE_NAME}.error.log;

    location /api/ {
        proxy_pass http://${API_UPSTREAM}/;
        proxy_set_header Host \$host;
        proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
    }

    location / {
        try_files \$uri \$uri/ /index.html;
    }
}
EOF
}

publish() {
    log "copying build to $WEB_ROOT"
    run sudo mkdir -p "$WEB_ROOT"
    run sudo rsync -a --delete "$BUILD_DIR/" "$WEB_ROOT/"
    run sudo chown -R www-data:www-data "$WEB_ROOT"

    local avail="/etc/nginx/sites-available/${SITE_NAME}"
    local enabled="/etc/nginx/sites-enabled/${SITE_NAME}"
    log "writing $avail"
    if (( DRY_RUN )); then
        render_site
    else
        render_site | sudo tee "$avail" >/dev/null
    fi
    run sudo ln -sf "$avail" "$enabled"

    log "testing nginx configuration"
    if ! run sudo nginx -t; then
        echo "nginx config test failed; leaving site disabled" >&2
        run sudo rm -f "$enabled"
        exit 1
    fi
    run sudo systemctl reload nginx
}

check_api() {
    if curl -fsS --max-time 5 "http://${API_UPSTREAM}/health" >/dev/null; then
        log "register service healthy on ${API_UPSTREAM}"
    else
        echo "warning: register service not answering on ${API_UPSTREAM}" >&2
    fi
}

build_frontend
check_api
publish
log "live at http://${SERVER_NAME}/"
