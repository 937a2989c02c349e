#!/usr/bin/env bash
# Deploy the static fixtures site to the club's small web server.
# Builds the HTML from fixtures.csv, copies it into the web root and
# points nginx at it. Run from the repo root as the 'league' user.
set -euo pipefail

SITE_NAME="${SITE_NAME:-fixtures}"
SERVER_NAME="${SERVER_NAME:-fixtures.example.com}"
BUILD_DIR="./_site"
WEB_ROOT="/var/www/${SITE_NAME}"
NGINX_AVAILABLE="/etc/nginx/sites-available"
NGINX_ENABLED="/etc/nginx/sites-enabled"

# elevate only for the commands that need it
ELEVATE="${ELEVATE:-$(command -v sudo || command -v doas || echo '')}"
as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif [ -n "$ELEVATE" ]; then
        "$ELEVATE" "$@"
    else
        echo "need root for: $*" >&2
        return 1
    fi
}

info() { echo ">> $*"; }

build_site() {
    info "building site into $BUILD_DIR"
    rm -rf "$BUILD_DIR"
    mkdir -p "$BUILD_DIR"
    python3 tools/render_fixtures.py fixtures.csv --out "$BUILD_DIR"
    cp -r static "$BUILD_DIR/" 2>/dev/null || true
    [ -f "$BUILD_DIR/index.html" ] || { echo "build produced no index.html" >&2; exit 1; }
}

publish() {
    info "publishing to $WEB_ROOT"
    as_root mkdir -p "$WEB_ROOT"
    as_root rsync -a --delete "$BUILD_DIR"/ "$WEB_ROOT"/
    as_root chown -R www-data:www-data "$WEB_ROOT"
}

nginx_config() {
    cat <<EOF
server {
    listen 80;
    server_name ${SERVER_NAME};
    root ${WEB_ROOT};
    index index.html;
    location / {
        try_files \$uri \$uri/ =404;
    }
}
EOF
}

install_vhost() {
    local conf="${NGINX_AVAILABLE}/${SITE_NAME}.conf"
    info "writing $conf"
    nginx_config | as_root tee "$conf" >/dev/null
    as_root ln -sf "$conf" "${NGINX_ENABLED}/${SITE_NAME}.conf"
    if as_root nginx -t; then
        as_root systemctl reload nginx
    else
        echo "nginx config test failed; leaving old config active" >&2
        as_root rm -f "${NGINX_ENABLED}/${SITE_NAME}.conf"
        exit 1
    fi
}

main() {
    case "${1:-all}" in
        build) build_site ;;
        publish) build_site; publish ;;
        all) build_site; publish; install_vhost ;;
        *) echo "usage: $0 [build|publish|all]" >&2; exit 2 ;;
    esac
    info "done: http://${SERVER_NAME}/"
}

main "$@"
