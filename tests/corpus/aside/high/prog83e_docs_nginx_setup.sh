#!/usr/bin/env bash
# docs_nginx_setup.sh - provision the nginx vhost that serves the docs site on
# the staging box (docs-staging). Idempotent: rerun after changing settings.
#
#   ./docs_nginx_setup.sh [-n SERVER_NAME] [-r DOC_ROOT] [--tls]
set -euo pipefail

SERVER_NAME="docs-staging.internal"
DOC_ROOT="/srv/docs/current"
ENABLE_TLS=0
CERT_DIR="/etc/ssl/docs"
SITE_NAME="docs"
NGINX_AVAILABLE="/etc/nginx/sites-available"
NGINX_ENABLED="/etc/nginx/sites-enabled"

log() { echo -e "\033[1;34m==>\033[0m $*"; }
err() { echo -e "\033[1;31mxx\033[0m $*" >&2; }

while getopts ":n:r:-:" opt; do
    case "$opt" in
        n) SERVER_NAME="$OPTARG" ;;
        r) DOC_ROOT="$OPTARG" ;;
        -) [[ "$OPTARG" == "tls" ]] && ENABLE_TLS=1 ;;
        *) err "usage: $0 [-n name] [-r root] [--tls]"; exit 2 ;;
    esac
done

SUDO=""
if [[ $EUID -ne 0 ]]; then
    SUDO="sudo"
    log "not running as root, will use sudo for system changes"
fi

render_vhost() {
    cat <<EOF
# managed by docs_nginx_setup.sh - do not edit by hand
server {
    listen 80;
    server_name ${SERVER_NAME};
    root ${DOC_ROOT};
    index index.html;

    location / {
        try_files \$uri \$uri/ \$uri.html =404;
    }
    location ~* \.(css|js|svg|woff2?)$ {
        expires 7d;
        add_header Cache-Control "public";
    }
    error_page 404 /404.html;
EOF
    if [[ $ENABLE_TLS -eq 1 ]]; then
        cat <<EOF
    listen 443 ssl http2;
    ssl_certificate     ${CERT_DIR}/fullchain.pem;
    ssl_certificate_key ${CERT_DIR}/privkey.pem;
EOF
    fi
    echo "}"
}

install_vhost() {
    local target="${NGINX_AVAILABLE}/${SITE_NAME}.conf"
    local rendered
    rendered="$(render_vhost)"
    if [[ -f "$target" ]] && diff -q <(echo "$rendered") "$target" >/dev/null; then
        log "vhost unchanged"
        return 1
    fi
    echo "$rendered" | $SUDO tee "$target" >/dev/null
    $SUDO ln -sfn "$target" "${NGINX_ENABLED}/${SITE_NAME}.conf"
    [[ -L "${NGINX_ENABLED}/default" ]] && $SUDO rm -f "${NGINX_ENABLED}/default"
    log "installed ${target}"
    return 0
}

prepare_root() {
    $SUDO mkdir -p "$DOC_ROOT"
    $SUDO chown -R "${SUDO_USER:-$USER}:www-data" "$(dirname "$DOC_ROOT")"
    if [[ ! -f "${DOC_ROOT}/index.html" ]]; then
        echo "<h1>Docs coming soon</h1>" | $SUDO tee "${DOC_ROOT}/index.html" >/dev/null
    fi
}

reload_nginx() {
    if ! $SUDO nginx -t; then
        err "nginx config test failed; leaving the running config alone"
        exit 1
    fi
    $SUDO systemctl enable --now nginx
    $SUDO systemctl reload nginx
    log "nginx reloaded"
}

main() {
    command -v nginx >/dev/null || { err "nginx is not installed"; exit 1; }
    prepare_root
    if install_vhost; then
        reload_nginx
    fi
    log "docs available at http://${SERVER_NAME}/"
}

main
