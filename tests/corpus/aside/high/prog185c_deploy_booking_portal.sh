#!/usr/bin/env bash
# deploy_booking_portal.sh - deploy the public booking portal to the office
# web server (web01) after the contractor pushes a new build.
#
# Copies the static build, installs the nginx site definition and reloads
# nginx.  Run from the repository root on web01.
set -euo pipefail

SITE="bookings.example.com"
BUILD_DIR="${BUILD_DIR:-./dist}"
WEB_ROOT="/var/www/${SITE}"
NGINX_AVAIL="/etc/nginx/sites-available"
NGINX_ENABLED="/etc/nginx/sites-enabled"
RELEASE="$(date +%Y%m%d%H%M%S)"
KEEP_RELEASES=5

as_admin() {
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

info() { echo "==> $*"; }

check_build() {
    [[ -f "$BUILD_DIR/index.html" ]] || { echo "no build in $BUILD_DIR" >&2; exit 1; }
}

site_conf() {
    cat <<EOF
server {
    listen 80;
    server_name ${SITE};
    root ${WEB_ROOT}/current;
    index index.html;

    location / {
        try_files \$uri \$uri/ /index.html;
    }

    location /api/ {
        proxy_pass http://127.0.0.1:8085/;
        proxy_set_header Host \$host;
        proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
    }
}
EOF
}

publish_release() {
    local dest="${WEB_ROOT}/releases/${RELEASE}"
    info "publishing release ${RELEASE}"
    as_admin mkdir -p "$dest"
    as_admin cp -a "$BUILD_DIR"/. "$dest"/
    as_admin chown -R www-data:www-data "$dest"
    as_admin ln -sfn "$dest" "${WEB_ROOT}/current"
}

install_site() {
    info "installing nginx site for ${SITE}"
    site_conf | as_admin tee "${NGINX_AVAIL}/${SITE}.conf" >/dev/null
    as_admin ln -sf "${NGINX_AVAIL}/${SITE}.conf" "${NGINX_ENABLED}/${SITE}.conf"
    as_admin nginx -t
    as_admin systemctl reload nginx
}

prune_releases() {
    local old
    old=$(ls -1dt "${WEB_ROOT}"/releases/* 2>/dev/null | tail -n +$((KEEP_RELEASES + 1)) || true)
    for r in $old; do
        info "removing old release $(basename "$r")"
        as_admin rm -rf -- "$r"
    done
}

smoke_test() {
    if curl -fsS -o /dev/null -H "Host: ${SITE}" http://127.0.0.1/; then
        info "portal responding"
    else
        echo "portal did not respond after reload" >&2
        exit 1
    fi
}

main() {
    check_build
    publish_release
    install_site
    prune_releases
    smoke_test
    info "deploy ${RELEASE} complete"
}

main "$@"
