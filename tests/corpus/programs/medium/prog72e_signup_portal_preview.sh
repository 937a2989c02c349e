#!/usr/bin/env bash
# signup_portal_preview.sh - build the static event sign-up portal and serve a
# preview so the events team can click through the forms before go-live.
#
#   ./signup_portal_preview.sh [-e env_file] [-p port] [--skip-build]
#
# The env file sets PORTAL_DOMAIN and PORTAL_API (the form backend).

set -euo pipefail

ENV_FILE="./deploy.env"
SKIP_BUILD=0
PORT=8088
SRC_DIR="./portal"
BUILD_DIR="./build"
TEMPLATE="./deploy/nginx-site.conf.in"

say() { echo "[preview] $*"; }
bail() { echo "[preview] ERROR: $*" >&2; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -e) ENV_FILE="$2"; shift 2 ;;
        -p) PORT="$2"; shift 2 ;;
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
    # rendered for review only; the deploy script installs it on the web box
    local out="$BUILD_DIR/.nginx-${SITE_NAME}.conf"
    PORTAL_DOMAIN="$PORTAL_DOMAIN" PORTAL_ROOT="$PORTAL_ROOT" PORTAL_API="$PORTAL_API" \
        envsubst '${PORTAL_DOMAIN} ${PORTAL_ROOT} ${PORTAL_API}' < "$TEMPLATE" > "$out"
    say "rendered nginx site config: $out"
}

check_links() {
    local broken=0
    while read -r ref; do
        [[ -e "$BUILD_DIR/${ref#/}" ]] || { say "broken link: $ref"; broken=$((broken + 1)); }
    done < <(grep -rhoE 'href="/[^"#?]+' "$BUILD_DIR" --include='*.html' | cut -d'"' -f2 | sort -u)
    say "$broken broken internal links"
}

serve() {
    local ip
    ip="$(hostname -I 2>/dev/null | awk '{print $1}')"
    say "preview at http://${ip:-localhost}:${PORT}/ (Ctrl-C to stop)"
    cd "$BUILD_DIR"
    exec python3 -m http.server "$PORT" --bind 0.0.0.0
}

(( SKIP_BUILD )) || build_site
[[ -d "$BUILD_DIR" ]] || bail "no build output in $BUILD_DIR"
render_vhost
check_links
serve
