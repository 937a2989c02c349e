#!/usr/bin/env bash
# signup_portal_deploy.sh - build the static event sign-up portal and publish it
# behind nginx on the community centre's web box.
#
#   ./signup_portal_deploy.sh [-e env_file] [--skip-build]
#
# The env file sets PORTAL_DOMAIN, PORTAL_API (the form backend) and
# optionally PORTAL_ROOT.

set -euo pipefail

ENV_FILE="./deploy.env"
SKIP_BUILD=0
SRC_DIR="./portal"
BUILD_DIR="./build"
TEMPLATE="./deploy/nginx-site.conf.in"

say() { echo "[deploy] $*"; }
bail() { echo "[deploy] ERROR: $*" >&2; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -e) ENV_FILE="$2"; shift 2 ;;
        --skip-build) SKIP_BUILD=1; shift ;;
        *) bail "unknown argument $1" ;;
    esac
done

[[ -f "$ENV_FILE" ]] || bail "missing $ENV_FILE"
set -a
# shellcheck disable=SC1090
. "$ENV_FILE"
set +a
: "${PORTAL_DOMAIN:?set PORTAL_DOMAIN in $ENV_FILE}"
: "${PORTAL_API:?set PORTAL_API in $ENV_FILE}"
PORTAL_ROOT="${PORTAL_ROOT:-/var/www/${PORTAL_DOMAIN}}"
SITE_NAME="signup-${PORTAL_DOMAIN//./-}"

build_site() {
    say "building static portal from $SRC_DIR"
    rm -rf "$BUILD_DIR"
    mkdir -p "$BUILD_DIR"
    cp -r "$SRC_DIR"/. "$BUILD_DIR"/
    # point the forms at this deployment's backend
    find "$BUILD_DIR" -name '*.html' -o -name '*.js' | while read -r f; do
        sed -i "s#__PORTAL_API__#${PORTAL_API}#g" "$f"
    done
    local rev
    rev="$(git rev-parse --short HEAD 2>/dev/null || echo dev)"
    echo "{\"rev\":\"$rev\",\"built\":\"$(date -u +%FT%TZ)\"}" > "$BUILD_DIR/version.json"
}

render_vhost() {
    local out="$BUILD_DIR/.nginx-${SITE_NAME}.conf"
    PORTAL_DOMAIN="$PORTAL_DOMAIN" PORTAL_ROOT="$PORTAL_ROOT" PORTAL_API="$PORTAL_API" \
        envsubst '${PORTAL_DOMAIN} ${PORTAL_ROOT} ${PORTAL_API}' < "$TEMPLATE" > "$out"
    echo "$out"
}

publish() {
    local vhost="$1"
    say "syncing files to $PORTAL_ROOT"
    sudo mkdir -p "$PORTAL_ROOT"
    sudo rsync -a --delete --exclude '.nginx-*' "$BUILD_DIR"/ "$PORTAL_ROOT"/
    sudo chown -R www-data:www-data "$PORTAL_ROOT"

    say "installing nginx site $SITE_NAME"
    sudo install -m 0644 -o root -g root "$vhost" "/etc/nginx/sites-available/${SITE_NAME}.conf"
    sudo ln -sfn "/etc/nginx/sites-available/${SITE_NAME}.conf" "/etc/nginx/sites-enabled/${SITE_NAME}.conf"

    if sudo nginx -t 2>/tmp/nginx-test.$$; then
        sudo systemctl reload nginx
        say "nginx reloaded"
    else
        cat /tmp/nginx-test.$$ >&2
        sudo rm -f "/etc/nginx/sites-enabled/${SITE_NAME}.conf"
        bail "nginx config test failed; site disabled again"
    fi
    rm -f /tmp/nginx-test.$$
}

smoke_test() {
    local code
    code=$(curl -s -o /dev/null -w '%{http_code}' -H "Host: $PORTAL_DOMAIN" http://127.0.0.1/version.json || true)
    [[ "$code" == "200" ]] && say "smoke test ok" || say "smoke test returned $code"
}

(( SKIP_BUILD )) || build_site
[[ -d "$BUILD_DIR" ]] || bail "no build output in $BUILD_DIR"
vhost_file="$(render_vhost)"
publish "$vhost_file"
smoke_test
say "deployed https://${PORTAL_DOMAIN}/"
