#!/usr/bin/env bash
# proof_portal_nginx_deploy.sh - publish the reviewer proof portal behind nginx
#
# Builds the static reviewer portal (proof PDF index pages) into ./dist,
# copies it to the web root and installs the nginx site definition that
# serves it with basic auth for reviewers.
#
# Usage: proof_portal_nginx_deploy.sh -d proofs.example-press.example [-r /srv/proofs]

set -euo pipefail

DOMAIN=""
WEB_ROOT="/srv/proofs"
SITE_NAME="proof-portal"
HTPASSWD_SRC="./deploy/reviewers.htpasswd"
DIST="./dist"

usage() { echo "usage: $0 -d DOMAIN [-r WEB_ROOT]" >&2; exit 64; }

while getopts ":d:r:" opt; do
    case "$opt" in
        d) DOMAIN="$OPTARG" ;;
        r) WEB_ROOT="$OPTARG" ;;
        *) usage ;;
    esac
done
[[ -n "$DOMAIN" ]] || usage

SUDO=""
[[ $EUID -eq 0 ]] || SUDO="sudo"

info() { echo "==> $*"; }

build_site() {
    info "building portal"
    rm -rf "$DIST"
    mkdir -p "$DIST/pdf"
    {
        echo "<!doctype html><meta charset=utf-8><title>Proofs - $DOMAIN</title>"
        echo "<h1>Reviewer proofs</h1><ul>"
        for f in ./proofs_out/*_PROOF.pdf; do
            [[ -e "$f" ]] || continue
            cp "$f" "$DIST/pdf/"
            b="$(basename "$f")"
            echo "<li><a href=\"pdf/$b\">${b%_PROOF.pdf}</a></li>"
        done
        echo "</ul>"
    } > "$DIST/index.html"
}

render_site_conf() {
    cat <<EOF
server {
    listen 443 ssl http2;
    server_name ${DOMAIN};

    ssl_certificate     /etc/letsencrypt/live/${DOMAIN}/fullchain.pem;
    ssl_certificate_key /etc/letsencrypt/live/${DOMAIN}/privkey.pem;

    root ${WEB_ROOT};
    index index.html;

    auth_basic "Reviewer proofs";
    auth_basic_user_file /etc/nginx/${SITE_NAME}.htpasswd;

    location /pdf/ {
        add_header Content-Disposition "inline";
        add_header X-Robots-Tag "noindex, nofollow";
    }
}
EOF
}

publish() {
    info "copying site to $WEB_ROOT"
    $SUDO mkdir -p "$WEB_ROOT"
    $SUDO rsync -a --delete "$DIST/" "$WEB_ROOT/"
    $SUDO chown -R www-data:www-data "$WEB_ROOT"

    info "installing nginx site $SITE_NAME"
    local tmp
    tmp="$(mktemp)"
    render_site_conf > "$tmp"
    $SUDO install -m 0644 -o root -g root "$tmp" "/etc/nginx/sites-available/${SITE_NAME}.conf"
    rm -f "$tmp"
    $SUDO ln -sf "/etc/nginx/sites-available/${SITE_NAME}.conf" \
                 "/etc/nginx/sites-enabled/${SITE_NAME}.conf"
    if [[ -f "$HTPASSWD_SRC" ]]; then
        $SUDO install -m 0640 -o root -g www-data "$HTPASSWD_SRC" "/etc/nginx/${SITE_NAME}.htpasswd"
    fi

    info "testing and reloading nginx"
    if $SUDO nginx -t; then
        $SUDO systemctl reload nginx
    else
        echo "nginx config test failed; site left disabled" >&2
        $SUDO rm -f "/etc/nginx/sites-enabled/${SITE_NAME}.conf"
        exit 1
    fi
}

build_site
publish
info "portal live at https://$DOMAIN/"
