#!/bin/bash
# Deploys the taproom booking site's nginx config on the web host.
set -euo pipefail

SITE_NAME="${SITE_NAME:-taproom}"
SERVER_NAME="${SERVER_NAME:-taproom.cidermill.example}"
APP_PORT="${APP_PORT:-8081}"
WEB_ROOT="${WEB_ROOT:-/var/www/taproom}"
BUILD_DIR="${BUILD_DIR:-./dist}"
AVAILABLE="/etc/nginx/sites-available/$SITE_NAME.conf"
ENABLED="/etc/nginx/sites-enabled/$SITE_NAME.conf"

step() {
    echo "--> $*"
}

render_config() {
    cat <<CONF
server {
    listen 80;
    server_name $SERVER_NAME;
    root $WEB_ROOT;

    location /static/ {
        expires 7d;
        try_files \$uri =404;
    }

    location / {
        proxy_pass http://127.0.0.1:$APP_PORT;
        proxy_set_header Host \$host;
        proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
    }
}
CONF
}

publish_static() {
    if [ ! -d "$BUILD_DIR" ]; then
        echo "build directory $BUILD_DIR missing; run the frontend build first" >&2
        exit 1
    fi
    step "publishing static files to $WEB_ROOT"
    sudo mkdir -p "$WEB_ROOT"
    sudo rsync -a --delete "$BUILD_DIR/" "$WEB_ROOT/"
    sudo chown -R www-data:www-data "$WEB_ROOT"
}

install_config() {
    step "installing $AVAILABLE"
    tmp_conf="$(mktemp)"
    render_config > "$tmp_conf"
    if sudo test -f "$AVAILABLE" && sudo cmp -s "$tmp_conf" "$AVAILABLE"; then
        step "config unchanged"
    else
        sudo install -m 0644 -o root -g root "$tmp_conf" "$AVAILABLE"
    fi
    rm -f "$tmp_conf"
    sudo ln -sf "$AVAILABLE" "$ENABLED"
}

reload_nginx() {
    step "testing nginx configuration"
    if ! sudo nginx -t; then
        echo "nginx config test failed; leaving the running config alone" >&2
        exit 1
    fi
    step "reloading nginx"
    sudo systemctl reload nginx
    systemctl --no-pager --lines=0 status nginx || true
}

main() {
    publish_static
    install_config
    reload_nginx
    step "taproom site deployed at http://$SERVER_NAME/"
}

main "$@"
