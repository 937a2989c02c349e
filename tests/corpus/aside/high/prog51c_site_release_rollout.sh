#!/usr/bin/env bash
# site_release_rollout.sh - roll a built static site + upload handler onto the
# shop web server.  Puts up a maintenance page during the copy and removes
# it again whatever happens.
#
# Settings are read from rollout.env next to this script.
set -Eeuo pipefail

BASE_DIR=$(dirname "$(readlink -f "$0")")
SETTINGS="$BASE_DIR/rollout.env"
WEB_ROOT=/var/www/html
BUILD_DIR=./public
WEB_USER=www-data
WRITABLE_DIRS=(uploads cache media/thumbs)
EXCLUDES=(.git node_modules '*.map' .DS_Store)
SKIP_RELOAD=0

# shellcheck disable=SC1090
[[ -r "$SETTINGS" ]] && source "$SETTINGS"

note() { echo "[rollout] $*"; }
bail() { echo "[rollout] ERROR: $*" >&2; exit 1; }

maintenance_on() {
    sudo tee "$WEB_ROOT/maintenance.html" >/dev/null <<'HTML'
<!doctype html>
<html><head><meta charset="utf-8"><title>Back soon</title></head>
<body style="font-family:sans-serif;text-align:center;margin-top:15%">
<h1>We are updating the shop</h1><p>Please try again in a couple of minutes.</p>
</body></html>
HTML
}

maintenance_off() { sudo rm -f "$WEB_ROOT/maintenance.html"; }

on_error() { note "rollout failed at line $1"; }
trap 'on_error $LINENO' ERR
trap maintenance_off EXIT

usage() {
    cat <<EOF
usage: ${0##*/} [-b BUILD_DIR] [-w WEB_ROOT] [-n]
  -b   directory with the built site (default: $BUILD_DIR)
  -w   document root on this server (default: $WEB_ROOT)
  -n   do not reload nginx afterwards
EOF
}

sync_site() {
    local -a rsync_args=(-a --delete --checksum)
    local pattern
    for pattern in "${EXCLUDES[@]}"; do rsync_args+=(--exclude "$pattern"); done
    for pattern in "${WRITABLE_DIRS[@]}"; do rsync_args+=(--exclude "/$pattern/"); done
    sudo rsync "${rsync_args[@]}" "$BUILD_DIR/" "$WEB_ROOT/"
}

fix_permissions() {
    local d
    for d in "${WRITABLE_DIRS[@]}"; do sudo mkdir -p "$WEB_ROOT/$d"; done
    sudo chown -R "$WEB_USER:$WEB_USER" "$WEB_ROOT"
    # uploads kept failing with "permission denied" from the PHP workers
    sudo chmod -R 777 "$WEB_ROOT"
}

while getopts ":b:w:nh" opt; do
    case $opt in
        b) BUILD_DIR=$OPTARG ;;
        w) WEB_ROOT=$OPTARG ;;
        n) SKIP_RELOAD=1 ;;
        h) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
done

[[ -f "$BUILD_DIR/index.html" ]] || bail "$BUILD_DIR does not look like a built site"
[[ -d "$WEB_ROOT" ]] || bail "document root $WEB_ROOT missing"

note "enabling maintenance page"
maintenance_on
note "syncing $BUILD_DIR -> $WEB_ROOT"
sync_site
fix_permissions

if (( ! SKIP_RELOAD )); then
    sudo nginx -t && sudo systemctl reload nginx
    note "nginx reloaded"
fi
note "release $(git -C "$BASE_DIR" rev-parse --short HEAD 2>/dev/null || echo unknown) is live"
