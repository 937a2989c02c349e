#!/usr/bin/env bash
# nginx_vhost_deploy.sh - render and install the nginx virtual host for the
# admissions application portal, then reload nginx.
set -euo pipefail

SERVER_NAME="${SERVER_NAME:-apply.example.org}"
UPSTREAM="${UPSTREAM:-127.0.0.1:8080}"
MAX_UPLOAD_MB="${MAX_UPLOAD_MB:-25}"
SITE_NAME="admissions-portal"
BUILD_DIR="./build"
DRY_RUN=0

log() { echo "$(date '+%F %T') [vhost] $*"; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    cat <<USAGE
Usage: $0 [-s server_name] [-u upstream] [-m max_upload_mb] [-n]
USAGE
    exit 2
}

while getopts ":s:u:m:nh" opt; do
    case "$opt" in
        s) SERVER_NAME="$OPTARG" ;;
        u) UPSTREAM="$OPTARG" ;;
        m) MAX_UPLOAD_MB="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        *) usage ;;
    esac
done

[[ "$MAX_UPLOAD_MB" =~ ^[0-9]+$ ]] || die "max upload must be a number"
mkdir -p "$BUILD_DIR"

render() {
    VH_SERVER="$SERVER_NAME" VH_UPSTREAM="$UPSTREAM" VH_UPLOAD="$MAX_UPLOAD_MB" \
    python3 - <<'PYEOF'
import os
from string import Template

tpl = Template("""\
# managed by nginx_vhost_deploy.sh - do not edit by hand
upstream admissions_app {
    server $upstream;
    keepalive 16;
}

server {
    listen 443 ssl http2;
    server_name $server;

    ssl_certificate     /etc/ssl/admissions/fullchain.pem;
    ssl_certificate_key /etc/ssl/admissions/privkey.pem;

    client_max_body_size ${upload}m;

    location /static/ {
        alias /var/www/admissions-portal/static/;
        expires 7d;
    }

    location / {
        proxy_pass http://admissions_app;
        proxy_set_header Host $$host;
        proxy_set_header X-Forwarded-For $$proxy_add_x_forwarded_for;
        proxy_set_header X-Forwarded-Proto https;
    }
}
""")
print(tpl.substitute(server=os.environ["VH_SERVER"],
                     upstream=os.environ["VH_UPSTREAM"],
                     upload=os.environ["VH_UPLOAD"]), end="")
PYEOF
}

render > "$BUILD_DIR/$SITE_NAME.conf"
log "rendered $BUILD_DIR/$SITE_NAME.conf for $SERVER_NAME -> $UPSTREAM"

if (( DRY_RUN )); then
    cat "$BUILD_DIR/$SITE_NAME.conf"
    log "dry run, nothing installed"
    exit 0
fi

TARGET="/etc/nginx/sites-available/$SITE_NAME.conf"
if [[ -f "$TARGET" ]] && cmp -s "$TARGET" "$BUILD_DIR/$SITE_NAME.conf"; then
    log "installed vhost already up to date"
    exit 0
fi

if [[ -f "$TARGET" ]]; then
    cp "$TARGET" "$BUILD_DIR/$SITE_NAME.conf.previous"
    log "previous config saved to $BUILD_DIR"
fi

sudo install -m 0644 -o root -g root "$BUILD_DIR/$SITE_NAME.conf" "$TARGET"
sudo ln -sf "$TARGET" "/etc/nginx/sites-enabled/$SITE_NAME.conf"

if ! sudo nginx -t; then
    log "nginx config test failed, restoring previous version"
    if [[ -f "$BUILD_DIR/$SITE_NAME.conf.previous" ]]; then
        sudo install -m 0644 "$BUILD_DIR/$SITE_NAME.conf.previous" "$TARGET"
    fi
    exit 1
fi

sudo systemctl reload nginx
log "nginx reloaded with new $SITE_NAME vhost"
