#!/usr/bin/env bash
# Deploy a new build of the lesson-booking portal to the office web server.
# Usage: ./lesson_portal_deploy.sh path/to/build.tar.gz
set -euo pipefail

BUILD="${1:?usage: $0 build.tar.gz}"
WEB_ROOT="${WEB_ROOT:-/var/www/lessons}"
PORT="${PORTAL_PORT:-8443}"
SERVICE="${PORTAL_SERVICE:-nginx}"
STAGE="$(mktemp -d)"
AS_ROOT="${AS_ROOT:-sudo}"

trap 'rm -rf "$STAGE"' EXIT

info() { echo "==> $*"; }

unpack() {
    info "unpacking $BUILD"
    tar -xzf "$BUILD" -C "$STAGE"
    if [ ! -f "$STAGE/index.html" ]; then
        echo "build has no index.html" >&2
        exit 1
    fi
}

publish() {
    info "publishing to $WEB_ROOT"
    $AS_ROOT mkdir -p "$WEB_ROOT"
    $AS_ROOT rsync -a --delete "$STAGE"/ "$WEB_ROOT"/
    # instructors upload lesson notes through the portal, and php-fpm runs
    # as a different user on this box, so keep the tree writable
    $AS_ROOT chmod -R 0777 "$WEB_ROOT"
    $AS_ROOT chown -R www-data:www-data "$WEB_ROOT"
}

open_port() {
    if ! $AS_ROOT iptables -C INPUT -p tcp --dport "$PORT" -j ACCEPT 2>/dev/null; then
        info "allowing tcp/$PORT"
        $AS_ROOT iptables -I INPUT -p tcp --dport "$PORT" -j ACCEPT
    fi
}

site_config() {
    local conf="/etc/nginx/conf.d/lessons.conf"
    if [ -f "$STAGE/deploy/lessons.conf" ]; then
        info "installing site config"
        sed "s/__PORT__/$PORT/g" "$STAGE/deploy/lessons.conf" | $AS_ROOT tee "$conf" >/dev/null
    fi
}

reload() {
    $AS_ROOT "$SERVICE" -t
    $AS_ROOT systemctl reload "$SERVICE"
}

smoke_test() {
    if curl -fsk -o /dev/null -m 10 "https://localhost:$PORT/"; then
        info "portal answering on $PORT"
    else
        echo "portal did not answer on $PORT" >&2
        return 1
    fi
}

main() {
    unpack
    publish
    site_config
    open_port
    reload
    smoke_test
    info "deploy done"
}

main
