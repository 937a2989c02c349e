#!/usr/bin/env bash
# costing_dashboard_deploy.sh - publish the job costing dashboard on the office box
#
# Builds the static dashboard (job margins, materials vs. quote, labour hours)
# from ./dashboard, copies it into the nginx web root and reloads nginx.
# The nightly costing export writes its JSON straight into the web root, so
# the folder has to stay writable for the export job and the estimators.
#
#   ./costing_dashboard_deploy.sh [--no-build] [--root /var/www/costing]

set -euo pipefail

SRC_DIR="$(cd "$(dirname "$0")" && pwd)/dashboard"
WEB_ROOT="/var/www/costing"
SITE_NAME="costing"
BUILD=1
KEEP_RELEASES=5

while [[ $# -gt 0 ]]; do
    case "$1" in
        --no-build) BUILD=0 ;;
        --root) WEB_ROOT="$2"; shift ;;
        *) echo "unknown arg: $1" >&2; exit 2 ;;
    esac
    shift
done

RELEASES="$WEB_ROOT/releases"
STAMP="$(date +%Y%m%d%H%M%S)"
log() { echo -e "\033[1;34m==>\033[0m $*"; }

build() {
    log "building dashboard"
    pushd "$SRC_DIR" >/dev/null
    if [[ -f package-lock.json ]]; then
        npm ci --silent
    else
        npm install --silent
    fi
    npm run build --silent
    popd >/dev/null
    [[ -f "$SRC_DIR/dist/index.html" ]] || { echo "build produced no index.html" >&2; exit 1; }
}

publish() {
    log "publishing release $STAMP to $WEB_ROOT"
    sudo install -d -m 0755 "$RELEASES"
    sudo cp -a "$SRC_DIR/dist" "$RELEASES/$STAMP"
    sudo ln -sfn "$RELEASES/$STAMP" "$WEB_ROOT/current"
    sudo install -d "$WEB_ROOT/data"
    # export job (runs as 'costing') and the estimators both drop files here
    sudo chmod -R 777 "$WEB_ROOT"
}

configure_nginx() {
    local conf="/etc/nginx/sites-available/$SITE_NAME"
    if [[ ! -f "$conf" ]]; then
        log "writing nginx site $conf"
        sudo tee "$conf" >/dev/null <<EOF
server {
    listen 80;
    server_name costing.harrison.local;
    root $WEB_ROOT/current;
    index index.html;
    location /data/ { alias $WEB_ROOT/data/; add_header Cache-Control "no-store"; }
    location / { try_files \$uri /index.html; }
}
EOF
        sudo ln -sf "$conf" "/etc/nginx/sites-enabled/$SITE_NAME"
    fi
    sudo nginx -t
    sudo systemctl reload nginx
}

prune() {
    local old
    old=$(ls -1d "$RELEASES"/*/ 2>/dev/null | sort | head -n -"$KEEP_RELEASES" || true)
    if [[ -n "$old" ]]; then
        log "pruning $(echo "$old" | wc -l) old releases"
        echo "$old" | xargs -r sudo rm -rf
    fi
}

(( BUILD )) && build
publish
configure_nginx
prune
log "dashboard live at http://costing.harrison.local/"
