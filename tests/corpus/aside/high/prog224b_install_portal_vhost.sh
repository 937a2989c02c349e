#!/usr/bin/env bash
# Render and install the nginx virtual host for the applicant portal.
#
#   prog224b_install_portal_vhost.sh [-e env] [-s server_name] [-u upstream] [-n]
#
# The config is rendered into ./build first, validated, then installed
# into /etc/nginx with sudo and nginx is reloaded.

set -euo pipefail

ENVIRONMENT="staging"
SERVER_NAME=""
UPSTREAM="127.0.0.1:8000"
DRY_RUN=0
BUILD_DIR="./build"
SITE_NAME="applicant-portal"

log() { echo "$(date +%T) vhost: $*" >&2; }

while getopts ":e:s:u:n" opt; do
    case "$opt" in
        e) ENVIRONMENT="$OPTARG" ;;
        s) SERVER_NAME="$OPTARG" ;;
        u) UPSTREAM="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        *) sed -n '2,6p' "$0"; exit 1 ;;
    esac
done

case "$ENVIRONMENT" in
    staging) SERVER_NAME="${SERVER_NAME:-apply-staging.example.org}" ;;
    production) SERVER_NAME="${SERVER_NAME:-apply.example.org}" ;;
    *) log "unknown environment $ENVIRONMENT"; exit 2 ;;
esac

mkdir -p "$BUILD_DIR"
RENDERED="$BUILD_DIR/$SITE_NAME-$ENVIRONMENT.conf"

render() {
    VH_SERVER="$SERVER_NAME" VH_UPSTREAM="$UPSTREAM" VH_ENV="$ENVIRONMENT" \
    python3 - > "$RENDERED" <<'PY'
import os
from string import Template

tpl = Template("""# managed by prog224b_install_portal_vhost.sh ($env)
upstream applicant_portal {
    server $upstream;
    keepalive 16;
}

server {
    listen 443 ssl http2;
    server_name $server;
    ssl_certificate     /etc/ssl/portal/$server.crt;
    ssl_certificate_key /etc/ssl/portal/$server.key;
    client_max_body_size ${upload}m;

    location /static/ {
        alias /srv/applicant-portal/static/;
        expires 7d;
    }

    location / {
        proxy_pass http://applicant_portal;
        proxy_set_header Host $$host;
        proxy_set_header X-Forwarded-For $$proxy_add_x_forwarded_for;
        proxy_set_header X-Forwarded-Proto https;
    }
}
""")
upload = "25" if os.environ["VH_ENV"] == "production" else "50"
print(tpl.substitute(server=os.environ["VH_SERVER"],
                     upstream=os.environ["VH_UPSTREAM"],
                     env=os.environ["VH_ENV"], upload=upload))
PY
}

render
log "rendered $RENDERED ($(wc -l < "$RENDERED") lines)"

if ! grep -q "server_name $SERVER_NAME;" "$RENDERED"; then
    log "render looks wrong, aborting"
    exit 3
fi

if [[ "$DRY_RUN" -eq 1 ]]; then
    cat "$RENDERED"
    exit 0
fi

AVAILABLE="/etc/nginx/sites-available/$SITE_NAME.conf"
ENABLED="/etc/nginx/sites-enabled/$SITE_NAME.conf"

if [[ -f "$AVAILABLE" ]] && cmp -s "$RENDERED" "$AVAILABLE"; then
    log "installed config already current"
    exit 0
fi

[[ -f "$AVAILABLE" ]] && sudo cp -p "$AVAILABLE" "$AVAILABLE.bak"
sudo install -m 0644 -o root -g root "$RENDERED" "$AVAILABLE"
sudo ln -sf "$AVAILABLE" "$ENABLED"

if sudo nginx -t 2>/dev/null; then
    sudo systemctl reload nginx
    log "nginx reloaded with new $SITE_NAME vhost"
else
    log "nginx -t failed, restoring previous config"
    if [[ -f "$AVAILABLE.bak" ]]; then
        sudo mv "$AVAILABLE.bak" "$AVAILABLE"
    else
        sudo rm -f "$ENABLED" "$AVAILABLE"
    fi
    exit 4
fi
