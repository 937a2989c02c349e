#!/usr/bin/env bash
# showroom_kiosk_setup.sh - prepare the showroom mini-PC that drives the
# "price your room" touchscreen.
#
# The quote calculator is a static web app (built into ./dist by the quote
# repo). This script installs nginx, puts a site config in place that serves
# ./dist on the showroom LAN and proxies /api to the office quote service,
# then reloads nginx. It can be re-run after every build.
#
# usage: ./showroom_kiosk_setup.sh [--dist DIR] [--api URL] [--name HOST]

set -euo pipefail

DIST=$(pwd)/dist
API_UPSTREAM=http://quotes.office.lan:8080
SERVER_NAME=kiosk.showroom.lan
SITE=quote-kiosk
PKGS=(nginx curl)

usage() { sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit "${1:-0}"; }

while [[ $# -gt 0 ]]; do
    case $1 in
        --dist) DIST=$(readlink -f "$2"); shift 2 ;;
        --api)  API_UPSTREAM=$2; shift 2 ;;
        --name) SERVER_NAME=$2; shift 2 ;;
        -h|--help) usage 0 ;;
        *) echo "unknown option $1" >&2; usage 1 ;;
    esac
done

info() { echo "[kiosk] $*"; }
fail() { echo "[kiosk] ERROR: $*" >&2; exit 1; }

[[ -f $DIST/index.html ]] || fail "no build at $DIST - run 'npm run build' in the quote repo first"

if [[ $EUID -ne 0 ]]; then
    SUDO=sudo
    $SUDO -v || fail "need sudo rights on this box"
else
    SUDO=
fi

install_packages() {
    local missing=()
    for p in "${PKGS[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
    done
    if ((${#missing[@]})); then
        info "installing ${missing[*]}"
        $SUDO apt-get update -qq
        $SUDO DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
    else
        info "packages already present"
    fi
}

write_site() {
    local conf=/etc/nginx/sites-available/$SITE
    info "writing $conf"
    $SUDO tee "$conf" >/dev/null <<EOF
# managed by showroom_kiosk_setup.sh - local edits will be overwritten
server {
    listen 80;
    server_name $SERVER_NAME;
    root $DIST;
    index index.html;

    location / {
        try_files \$uri \$uri/ /index.html;
    }
    location /api/ {
        proxy_pass $API_UPSTREAM/;
        proxy_set_header Host \$host;
        proxy_read_timeout 20s;
    }
    location ~* \.(js|css|png|jpg|svg|woff2)$ {
        expires 7d;
    }
}
EOF
    $SUDO ln -sfn "$conf" /etc/nginx/sites-enabled/$SITE
    if [[ -e /etc/nginx/sites-enabled/default ]]; then
        $SUDO rm -f /etc/nginx/sites-enabled/default
        info "disabled stock default site"
    fi
}

check_and_reload() {
    if ! $SUDO nginx -t 2>/tmp/kiosk-nginx-test.log; then
        cat /tmp/kiosk-nginx-test.log >&2
        fail "nginx config test failed"
    fi
    $SUDO systemctl reload nginx || $SUDO systemctl restart nginx
    info "nginx reloaded"
}

smoke_test() {
    if curl -fsS --max-time 5 -H "Host: $SERVER_NAME" http://127.0.0.1/ | grep -qi "<html"; then
        info "kiosk page is being served"
    else
        fail "page not served - check /var/log/nginx/error.log"
    fi
}

install_packages
write_site
check_and_reload
smoke_test
info "point the touchscreen browser at http://$SERVER_NAME/"
