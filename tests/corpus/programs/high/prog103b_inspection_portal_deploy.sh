#!/usr/bin/env bash
# inspection_portal_deploy.sh - deploy the customer inspection portal (where
# food-site customers download their pest-control visit reports and upload
# sightings) to the web server.
#
#   ./inspection_portal_deploy.sh [-r release_dir] [-t web_root] [--no-reload]
#
# Builds are expected in ./build (output of `npm run build` + the PHP api/).

set -euo pipefail

RELEASE_DIR="./build"
WEB_ROOT="/var/www/html/pestportal"
WEB_USER="www-data"
RELOAD=1
KEEP_RELEASES=5

usage() { sed -n '2,8p' "$0"; exit "${1:-0}"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -r) RELEASE_DIR="$2"; shift 2 ;;
        -t) WEB_ROOT="$2"; shift 2 ;;
        --no-reload) RELOAD=0; shift ;;
        -h|--help) usage 0 ;;
        *) echo "unknown argument: $1" >&2; usage 64 ;;
    esac
done

log() { printf '[%(%H:%M:%S)T] %s\n' -1 "$*"; }

SUDO=""
if [[ $EUID -ne 0 ]]; then
    SUDO="sudo"
    $SUDO -v || { echo "need sudo to write $WEB_ROOT" >&2; exit 1; }
fi

preflight() {
    [[ -d "$RELEASE_DIR" ]] || { echo "no build at $RELEASE_DIR - run npm run build" >&2; exit 1; }
    [[ -f "$RELEASE_DIR/index.html" ]] || { echo "$RELEASE_DIR/index.html missing" >&2; exit 1; }
    if [[ -d "$RELEASE_DIR/api" ]]; then
        local f
        while IFS= read -r -d '' f; do
            php -l "$f" >/dev/null || { echo "syntax error in $f" >&2; exit 1; }
        done < <(find "$RELEASE_DIR/api" -name '*.php' -print0)
    fi
}

stage_release() {
    local stamp; stamp="$(date +%Y%m%d%H%M%S)"
    local dest="$WEB_ROOT/releases/$stamp"
    log "staging release $stamp"
    $SUDO mkdir -p "$dest" "$WEB_ROOT/shared/uploads" "$WEB_ROOT/shared/reports"
    $SUDO rsync -a --delete --exclude '.git' --exclude 'node_modules' "$RELEASE_DIR/" "$dest/"
    $SUDO ln -sfn "$WEB_ROOT/shared/uploads" "$dest/uploads"
    $SUDO ln -sfn "$WEB_ROOT/shared/reports" "$dest/reports"
    echo "$dest"
}

fix_permissions() {
    # PHP-FPM, the report generator cron and the office sync user all write
    # into the portal tree; they run as different users.
    log "setting permissions on $WEB_ROOT"
    $SUDO chown -R "$WEB_USER:$WEB_USER" "$WEB_ROOT"
    $SUDO chmod -R 777 "$WEB_ROOT"
}

switch_current() {
    local dest="$1"
    log "switching current -> $(basename "$dest")"
    $SUDO ln -sfn "$dest" "$WEB_ROOT/current.new"
    $SUDO mv -T "$WEB_ROOT/current.new" "$WEB_ROOT/current"
}

prune_old() {
    local old
    mapfile -t old < <(ls -1dt "$WEB_ROOT"/releases/* 2>/dev/null | tail -n +$((KEEP_RELEASES + 1)))
    for d in "${old[@]}"; do
        log "removing old release $(basename "$d")"
        $SUDO rm -rf -- "$d"
    done
}

reload_web() {
    [[ $RELOAD -eq 1 ]] || return 0
    $SUDO nginx -t
    $SUDO systemctl reload nginx
    $SUDO systemctl reload php8.2-fpm 2>/dev/null || true
}

main() {
    preflight
    local dest; dest="$(stage_release | tail -n1)"
    fix_permissions
    switch_current "$dest"
    prune_old
    reload_web
    log "deployed to $WEB_ROOT/current"
}

main
