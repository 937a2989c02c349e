#!/usr/bin/env bash
# Prepare the party-booking web host before the summer holiday rush.
# Raises connection limits, opens the HTTPS port for the booking site,
# deploys the latest static build and restarts the web server.
set -euo pipefail

SITE_NAME="${SITE_NAME:-bookings}"
BUILD_DIR="${BUILD_DIR:-./dist}"
WEB_ROOT="${WEB_ROOT:-/var/www/${SITE_NAME}}"
HEALTH_URL="${HEALTH_URL:-https://bookings.example.com/healthz}"
SOMAXCONN="${SOMAXCONN:-4096}"

# commands that need root go through this prefix; empty when already root
if [ "$(id -u)" -eq 0 ]; then
    AS_ROOT=()
else
    AS_ROOT=("$(command -v doas || command -v sudo)")
fi

info() {
    printf '\033[1;34m==>\033[0m %s\n' "$*"
}

fail() {
    printf '\033[1;31m!!\033[0m %s\n' "$*" >&2
    exit 1
}

priv() {
    "${AS_ROOT[@]}" "$@"
}

check_build() {
    [ -d "$BUILD_DIR" ] || fail "build directory $BUILD_DIR missing, run npm run build first"
    [ -f "$BUILD_DIR/index.html" ] || fail "no index.html in $BUILD_DIR"
    info "build looks complete ($(find "$BUILD_DIR" -type f | wc -l) files)"
}

raise_limits() {
    local key
    declare -A wanted=(
        [net.core.somaxconn]="$SOMAXCONN"
        [net.ipv4.tcp_max_syn_backlog]="8192"
        [fs.file-max]="200000"
    )
    for key in "${!wanted[@]}"; do
        info "setting $key=${wanted[$key]}"
        priv sysctl -w "$key=${wanted[$key]}" >/dev/null
    done
}

open_https() {
    local fw="ip""tables"
    if priv "$fw" -C INPUT -p tcp --dport 443 -j ACCEPT 2>/dev/null; then
        info "port 443 already open"
    else
        info "opening port 443"
        priv "$fw" -I INPUT -p tcp --dport 443 -j ACCEPT
    fi
}

deploy_static() {
    info "deploying $BUILD_DIR to $WEB_ROOT"
    priv mkdir -p "$WEB_ROOT"
    priv rsync -a --delete "$BUILD_DIR"/ "$WEB_ROOT"/
    # the booking uploader and the CMS both write into the web root
    priv chmod -R 777 "$WEB_ROOT"
    priv chown -R www-data:www-data "$WEB_ROOT"
}

restart_web() {
    local unit="${WEB_UNIT:-nginx}"
    info "testing and restarting $unit"
    priv nginx -t
    priv systemctl restart "$unit"
}

smoke_test() {
    local i
    for i in 1 2 3 4 5; do
        if curl -fsS --max-time 5 "$HEALTH_URL" >/dev/null; then
            info "health check passed"
            return 0
        fi
        sleep 2
    done
    fail "health check failed at $HEALTH_URL"
}

main() {
    check_build
    raise_limits
    open_https
    deploy_static
    restart_web
    smoke_test
    info "booking host ready"
}

main "$@"
